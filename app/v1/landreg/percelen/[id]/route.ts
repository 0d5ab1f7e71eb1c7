import { route } from '@/lib/api/route';
import { landregPerceel } from '@/lib/services/landreg/perceel';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(landregPerceel);
