import { route } from '@/lib/api/route';
import { datasetQuery } from '@/lib/services/catalogus/dataset-query';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(datasetQuery);
