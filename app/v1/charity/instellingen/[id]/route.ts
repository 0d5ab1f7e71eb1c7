import { route } from '@/lib/api/route';
import { charityInstelling } from '@/lib/services/charity/instelling';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(charityInstelling);
