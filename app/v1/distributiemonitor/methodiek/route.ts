import { route } from '@/lib/api/route';
import { monitorMethodiek } from '@/lib/services/distributiemonitor/methodiek';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorMethodiek);
