import { route } from '@/lib/api/route';
import { monitorSamenwerkingsverbanden } from '@/lib/services/distributiemonitor/samenwerkingsverbanden';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorSamenwerkingsverbanden);
