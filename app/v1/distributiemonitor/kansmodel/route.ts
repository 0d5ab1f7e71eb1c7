import { route } from '@/lib/api/route';
import { monitorKansmodel } from '@/lib/services/distributiemonitor/kansmodel';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorKansmodel);
