import { route } from '@/lib/api/route';
import { addrregAdressen } from '@/lib/services/addrreg/adressen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(addrregAdressen);
