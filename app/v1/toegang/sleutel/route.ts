import { route } from '@/lib/api/route';
import { toegangSleutel } from '@/lib/services/toegang/sleutel';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(toegangSleutel);
