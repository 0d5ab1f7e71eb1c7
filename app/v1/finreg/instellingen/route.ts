import { route } from '@/lib/api/route';
import { finregInstellingen } from '@/lib/services/finreg/instellingen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(finregInstellingen);
