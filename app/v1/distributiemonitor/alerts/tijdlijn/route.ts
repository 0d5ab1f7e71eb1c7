import { route } from '@/lib/api/route';
import { monitorTijdlijn, monitorTijdlijnGelezen } from '@/lib/services/distributiemonitor/alerts';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorTijdlijn, monitorTijdlijnGelezen);
