import { route } from '@/lib/api/route';
import { monitorHoldings } from '@/lib/services/distributiemonitor/holdings';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorHoldings);
