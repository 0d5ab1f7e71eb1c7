import { route } from '@/lib/api/route';
import { puntVerkeer } from '@/lib/services/punt/verkeer';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntVerkeer);
