import { route } from '@/lib/api/route';
import { landregGrenzen } from '@/lib/services/landreg/grenzen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(landregGrenzen);
