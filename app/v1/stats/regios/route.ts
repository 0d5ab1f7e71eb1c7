import { route } from '@/lib/api/route';
import { statsRegios } from '@/lib/services/stats/regios';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(statsRegios);
