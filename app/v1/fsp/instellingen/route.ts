import { route } from '@/lib/api/route';
import { fspInstellingen } from '@/lib/services/fsp/instellingen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(fspInstellingen);
