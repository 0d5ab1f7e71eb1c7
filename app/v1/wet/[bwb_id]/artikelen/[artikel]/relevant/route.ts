import { route } from '@/lib/api/route';
import { wetArtikelRelevant } from '@/lib/services/juridisch/wet-artikel';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(wetArtikelRelevant);
