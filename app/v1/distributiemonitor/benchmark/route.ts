import { route } from '@/lib/api/route';
import { monitorBenchmark } from '@/lib/services/distributiemonitor/benchmark';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(monitorBenchmark);
