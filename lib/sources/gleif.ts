// GLEIF golden copy: the published LEI-CDF (entities) and RR-CDF (relationships) files, imported as a
// collection register (lib/registers/lei). The base URL is where the publication files are listed.
import { source } from './source';

export const gleifGoldenCopy = source({
  id: 'gleif-golden-copy',
  titel: 'GLEIF Global LEI Index (golden copy, Nederlandse entiteiten)',
  envVar: 'BRON_GLEIF_GOLDEN_COPY_URL',
  defaultBaseUrl: 'https://goldencopy.gleif.org/api/v2/golden-copies/publishes',
  licentie: 'CC0 1.0',
  attributie: 'Bron: GLEIF, Global LEI Index',
  documentatie: 'https://www.gleif.org/en/lei-data/gleif-golden-copy',
  ttlMs: 0,
  imported: true,
  timeoutMs: 30_000,
});
