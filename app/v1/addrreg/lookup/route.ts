import { route } from '@/lib/api/route';
import { addrregLookup } from '@/lib/services/addrreg/lookup';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(addrregLookup);
