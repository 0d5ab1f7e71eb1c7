import { route } from '@/lib/api/route';
import { puntReistijden } from '@/lib/services/punt/reistijden';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntReistijden);
