import { route } from '@/lib/api/route';
import { regioTrend } from '@/lib/services/regio/trend';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(regioTrend);
