import { route } from '@/lib/api/route';
import { monitorWijzigingen } from '@/lib/services/distributiemonitor/wijzigingen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorWijzigingen);
