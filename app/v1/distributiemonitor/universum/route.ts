import { route } from '@/lib/api/route';
import { monitorUniversum } from '@/lib/services/distributiemonitor/universum';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorUniversum);
