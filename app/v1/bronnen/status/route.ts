import { route } from '@/lib/api/route';
import { bronnenStatusOperatie } from '@/lib/services/catalogus/bron-status';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(bronnenStatusOperatie);
