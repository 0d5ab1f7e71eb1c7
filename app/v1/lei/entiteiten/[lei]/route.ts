import { route } from '@/lib/api/route';
import { leiEntiteit } from '@/lib/services/lei/entiteit';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(leiEntiteit);
