import { route } from '@/lib/api/route';
import { verduurzamingNulmeting } from '@/lib/services/verduurzaming/nulmeting';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(verduurzamingNulmeting);
