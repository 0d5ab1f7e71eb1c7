import { route } from '@/lib/api/route';
import { monitorStatus } from '@/lib/services/distributiemonitor/status';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorStatus);
