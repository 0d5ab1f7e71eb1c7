import { route } from '@/lib/api/route';
import { regioVergelijk } from '@/lib/services/regio/vergelijk';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(regioVergelijk);
