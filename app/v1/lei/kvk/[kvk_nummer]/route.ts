import { route } from '@/lib/api/route';
import { leiKvk } from '@/lib/services/lei/kvk';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(leiKvk);
