import { route } from '@/lib/api/route';
import { pandWoz } from '@/lib/services/pand/woz';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(pandWoz);
