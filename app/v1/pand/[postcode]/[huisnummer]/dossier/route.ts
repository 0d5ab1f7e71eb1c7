import { route } from '@/lib/api/route';
import { pandDossier } from '@/lib/services/pand/dossier';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(pandDossier);
