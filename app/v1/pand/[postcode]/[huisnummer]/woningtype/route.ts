import { route } from '@/lib/api/route';
import { pandWoningtype } from '@/lib/services/pand/woningtype';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(pandWoningtype);
