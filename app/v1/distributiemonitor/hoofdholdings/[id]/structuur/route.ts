import { route } from '@/lib/api/route';
import { monitorStructuur } from '@/lib/services/distributiemonitor/structuur';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorStructuur);
