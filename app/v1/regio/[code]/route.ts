import { route } from '@/lib/api/route';
import { regioProfiel } from '@/lib/services/regio/profiel';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(regioProfiel);
