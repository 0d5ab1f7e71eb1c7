import { route } from '@/lib/api/route';
import { puntVoorzieningen } from '@/lib/services/punt/voorzieningen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntVoorzieningen);
