import { route } from '@/lib/api/route';
import { leiRegister } from '@/lib/services/lei/register';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(leiRegister);
