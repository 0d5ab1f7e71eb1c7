import { route } from '@/lib/api/route';
import { landregNummeraanduidingreeksen } from '@/lib/services/landreg/nummeraanduidingreeksen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(landregNummeraanduidingreeksen);
