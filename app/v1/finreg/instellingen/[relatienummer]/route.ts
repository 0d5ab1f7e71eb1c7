import { route } from '@/lib/api/route';
import { finregInstelling } from '@/lib/services/finreg/instelling';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(finregInstelling);
