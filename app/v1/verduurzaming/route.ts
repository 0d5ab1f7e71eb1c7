import { route } from '@/lib/api/route';
import { verduurzamingStatus } from '@/lib/services/verduurzaming/status';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(verduurzamingStatus);
