import { route } from '@/lib/api/route';
import { monitorExport } from '@/lib/services/distributiemonitor/export';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorExport);
