import { route } from '@/lib/api/route';
import { monitorHypotheek } from '@/lib/services/distributiemonitor/hypotheek';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorHypotheek);
