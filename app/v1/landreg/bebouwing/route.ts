import { route } from '@/lib/api/route';
import { landregBebouwing } from '@/lib/services/landreg/bebouwing';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(landregBebouwing);
