import { route } from '@/lib/api/route';
import { landregOpenbareRuimteNamen } from '@/lib/services/landreg/openbareruimtenamen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(landregOpenbareRuimteNamen);
