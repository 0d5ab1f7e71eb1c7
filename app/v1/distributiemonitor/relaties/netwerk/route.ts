import { route } from '@/lib/api/route';
import { monitorNetwerk } from '@/lib/services/distributiemonitor/netwerk';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorNetwerk);
