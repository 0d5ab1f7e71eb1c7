import { route } from '@/lib/api/route';
import { regioWoningmarkt } from '@/lib/services/regio/woningmarkt';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(regioWoningmarkt);
