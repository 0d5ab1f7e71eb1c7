import { route } from '@/lib/api/route';
import { monitorWebhookLeveringen } from '@/lib/services/distributiemonitor/webhooks';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorWebhookLeveringen);
