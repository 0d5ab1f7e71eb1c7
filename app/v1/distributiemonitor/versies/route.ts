import { route } from '@/lib/api/route';
import { monitorVersiesOp } from '@/lib/services/distributiemonitor/versies';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorVersiesOp);
