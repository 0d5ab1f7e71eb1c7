import { route } from '@/lib/api/route';
import { verduurzamingPand } from '@/lib/services/verduurzaming/pand';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(verduurzamingPand);
