import { route } from '@/lib/api/route';
import { finregRegister } from '@/lib/services/finreg/register';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(finregRegister);
