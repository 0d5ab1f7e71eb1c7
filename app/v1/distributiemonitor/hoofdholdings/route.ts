import { route } from '@/lib/api/route';
import { monitorHoofdholdings } from '@/lib/services/distributiemonitor/hoofdholdings';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorHoofdholdings);
