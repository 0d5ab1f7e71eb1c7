import { route } from '@/lib/api/route';
import { monitorVolglijst, monitorVolglijstToevoegen, monitorVolglijstVerwijderen } from '@/lib/services/distributiemonitor/alerts';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorVolglijst, monitorVolglijstToevoegen, monitorVolglijstVerwijderen);
