import { route } from '@/lib/api/route';
import { rechtspraakRelevanteArtikelen } from '@/lib/services/juridisch/relevante-artikelen';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(rechtspraakRelevanteArtikelen);
