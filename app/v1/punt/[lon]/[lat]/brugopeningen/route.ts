import { route } from '@/lib/api/route';
import { puntBrugopeningen } from '@/lib/services/punt/brugopeningen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(puntBrugopeningen);
