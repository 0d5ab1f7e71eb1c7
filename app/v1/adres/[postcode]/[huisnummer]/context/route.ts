import { route } from '@/lib/api/route';
import { adresContext } from '@/lib/services/adres/context';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(adresContext);
