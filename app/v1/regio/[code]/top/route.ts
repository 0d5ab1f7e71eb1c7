import { route } from '@/lib/api/route';
import { regioTop } from '@/lib/services/regio/top';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(regioTop);
