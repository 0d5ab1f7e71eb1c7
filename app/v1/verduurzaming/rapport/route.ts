import { route } from '@/lib/api/route';
import { verduurzamingRapport } from '@/lib/services/verduurzaming/rapport';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(verduurzamingRapport);
