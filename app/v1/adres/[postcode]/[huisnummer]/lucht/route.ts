import { route } from '@/lib/api/route';
import { adresLucht } from '@/lib/services/adres/lucht';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(adresLucht);
