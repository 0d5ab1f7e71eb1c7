import { route } from '@/lib/api/route';
import { monitorMetriek } from '@/lib/services/distributiemonitor/metrieken';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorMetriek('aantal_hoofdholdingen'));
