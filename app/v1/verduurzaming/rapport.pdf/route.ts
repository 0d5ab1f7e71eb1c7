import { route } from '@/lib/api/route';
import { verduurzamingRapportPdf } from '@/lib/services/verduurzaming/rapport-pdf';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(verduurzamingRapportPdf);
