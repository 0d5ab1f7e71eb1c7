import { route } from '@/lib/api/route';
import { energiePrijzen } from '@/lib/services/energie/prijzen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(energiePrijzen);
