import { route } from '@/lib/api/route';
import { puntContext } from '@/lib/services/punt/context';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntContext);
