import { route } from '@/lib/api/route';
import { monitorVestigingen } from '@/lib/services/distributiemonitor/vestigingen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorVestigingen);
