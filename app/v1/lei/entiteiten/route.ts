import { route } from '@/lib/api/route';
import { leiEntiteiten } from '@/lib/services/lei/entiteiten';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(leiEntiteiten);
