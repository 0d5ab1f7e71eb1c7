import { route } from '@/lib/api/route';
import { verduurzamingMethodiek } from '@/lib/services/verduurzaming/methodiek';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(verduurzamingMethodiek);
