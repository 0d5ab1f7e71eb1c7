import { route } from '@/lib/api/route';
import { monitorRelaties } from '@/lib/services/distributiemonitor/relaties';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorRelaties);
