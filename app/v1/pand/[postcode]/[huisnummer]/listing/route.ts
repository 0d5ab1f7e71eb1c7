import { route } from '@/lib/api/route';
import { pandListing } from '@/lib/services/pand/listing';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(pandListing);
