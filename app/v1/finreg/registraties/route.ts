import { route } from '@/lib/api/route';
import { finregRegistraties } from '@/lib/services/finreg/registraties';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(finregRegistraties);
