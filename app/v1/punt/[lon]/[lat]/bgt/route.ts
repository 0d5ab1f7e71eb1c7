import { route } from '@/lib/api/route';
import { puntBgt } from '@/lib/services/punt/bgt';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntBgt);
