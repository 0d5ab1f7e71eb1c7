import { route } from '@/lib/api/route';
import { fspRegister } from '@/lib/services/fsp/register';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(fspRegister);
