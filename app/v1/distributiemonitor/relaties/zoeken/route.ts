import { route } from '@/lib/api/route';
import { monitorRelatiesZoeken } from '@/lib/services/distributiemonitor/relaties-zoeken';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorRelatiesZoeken);
