import { changelogRoutes } from '@/lib/api/changelog';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = changelogRoutes();
