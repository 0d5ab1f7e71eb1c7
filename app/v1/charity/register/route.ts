import { route } from '@/lib/api/route';
import { charityRegister } from '@/lib/services/charity/register';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(charityRegister);
