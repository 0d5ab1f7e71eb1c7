import { route } from '@/lib/api/route';
import { pandWaardeIndicatie } from '@/lib/services/pand/waarde-indicatie';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(pandWaardeIndicatie);
