import { route } from '@/lib/api/route';
import { fspVergunningen } from '@/lib/services/fsp/vergunningen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(fspVergunningen);
