import { route } from '@/lib/api/route';
import { catalogusDatasets } from '@/lib/services/catalogus/datasets';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(catalogusDatasets);
