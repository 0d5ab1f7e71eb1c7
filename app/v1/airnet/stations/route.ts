import { route } from '@/lib/api/route';
import { airnetStations } from '@/lib/services/airnet/stations';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(airnetStations);
