import { route } from '@/lib/api/route';
import { monitorWebhookVerwijderen } from '@/lib/services/distributiemonitor/webhooks';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorWebhookVerwijderen);
