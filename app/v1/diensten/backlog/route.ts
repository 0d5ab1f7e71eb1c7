import { route } from '@/lib/api/route';
import { dienstenBacklog } from '@/lib/services/diensten/backlog';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(dienstenBacklog);
