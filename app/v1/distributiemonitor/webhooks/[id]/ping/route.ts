import { route } from '@/lib/api/route';
import { monitorWebhookPing } from '@/lib/services/distributiemonitor/webhooks';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorWebhookPing);
