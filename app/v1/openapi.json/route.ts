import { openApiRoutes } from '@/lib/api/fallback';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = openApiRoutes();
