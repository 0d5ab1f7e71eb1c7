import { route } from '@/lib/api/route';
import { adresVolledig } from '@/lib/services/adres/adres';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(adresVolledig);
