import { route } from '@/lib/api/route';
import { monitorWebhookRegistreren, monitorWebhooks } from '@/lib/services/distributiemonitor/webhooks';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorWebhooks, monitorWebhookRegistreren);
