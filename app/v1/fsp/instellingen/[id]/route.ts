import { route } from '@/lib/api/route';
import { fspInstelling } from '@/lib/services/fsp/instelling';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(fspInstelling);
