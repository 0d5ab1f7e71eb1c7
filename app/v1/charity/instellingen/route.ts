import { route } from '@/lib/api/route';
import { charityInstellingen } from '@/lib/services/charity/instellingen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(charityInstellingen);
