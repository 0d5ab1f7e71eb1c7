import { route } from '@/lib/api/route';
import { addrregSuggest } from '@/lib/services/addrreg/suggest';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(addrregSuggest);
