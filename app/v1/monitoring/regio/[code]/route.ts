import { route } from '@/lib/api/route';
import { monitoringRegio } from '@/lib/services/regio/monitoring';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitoringRegio);
