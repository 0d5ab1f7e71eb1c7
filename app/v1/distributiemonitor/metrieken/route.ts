import { route } from '@/lib/api/route';
import { monitorMetrieken } from '@/lib/services/distributiemonitor/metrieken';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorMetrieken);
