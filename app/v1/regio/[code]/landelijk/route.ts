import { route } from '@/lib/api/route';
import { regioLandelijk } from '@/lib/services/regio/landelijk';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(regioLandelijk);
