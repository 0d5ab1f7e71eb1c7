import { route } from '@/lib/api/route';
import { monitorRadar } from '@/lib/services/distributiemonitor/radar';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorRadar);
