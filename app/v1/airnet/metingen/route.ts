import { route } from '@/lib/api/route';
import { airnetMetingen } from '@/lib/services/airnet/metingen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(airnetMetingen);
