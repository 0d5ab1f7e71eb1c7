import { route } from '@/lib/api/route';
import { monitoringPand } from '@/lib/services/pand/monitoring';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitoringPand);
