import { route } from '@/lib/api/route';
import { adresSubsidies } from '@/lib/services/adres/subsidies';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(adresSubsidies);
