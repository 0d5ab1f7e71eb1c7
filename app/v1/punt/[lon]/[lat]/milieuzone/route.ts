import { route } from '@/lib/api/route';
import { puntMilieuzone } from '@/lib/services/punt/milieuzone';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntMilieuzone);
