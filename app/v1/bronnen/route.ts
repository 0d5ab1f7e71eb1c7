import { route } from '@/lib/api/route';
import { bronnenCatalogus } from '@/lib/services/catalogus/bronnen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(bronnenCatalogus);
