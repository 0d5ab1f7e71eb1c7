import { route } from '@/lib/api/route';
import { toegangAanvraag } from '@/lib/services/toegang/aanvraag';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(toegangAanvraag);
