import { unknownPathRoutes } from '@/lib/api/fallback';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPathRoutes();
