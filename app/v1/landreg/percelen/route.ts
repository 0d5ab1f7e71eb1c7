import { route } from '@/lib/api/route';
import { landregPercelen } from '@/lib/services/landreg/percelen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(landregPercelen);
