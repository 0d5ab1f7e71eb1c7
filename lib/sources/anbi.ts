// Belastingdienst ANBI register: the weekly published anbi.zip (anbi.xml, ISO-8859-1), imported as a
// collection register (lib/registers/charity). The base URL is the folder the file is published in.
import { source } from './source';

export const belastingdienstAnbi = source({
  id: 'belastingdienst-anbi',
  titel: 'Belastingdienst ANBI-register (algemeen nut beogende instellingen)',
  envVar: 'BRON_BELASTINGDIENST_ANBI_URL',
  defaultBaseUrl: 'https://download.belastingdienst.nl/data/anbi',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Belastingdienst, ANBI-register',
  documentatie: 'https://www.belastingdienst.nl/wps/wcm/connect/nl/aftrek-en-kortingen/content/anbi-zoeken',
  ttlMs: 0,
  imported: true,
  timeoutMs: 30_000,
});
