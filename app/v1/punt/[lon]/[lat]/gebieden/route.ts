import { route } from '@/lib/api/route';
import { puntGebieden } from '@/lib/services/punt/gebieden';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntGebieden);
