import { route } from '@/lib/api/route';
import { statsKerncijfers } from '@/lib/services/stats/kerncijfers';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(statsKerncijfers);
