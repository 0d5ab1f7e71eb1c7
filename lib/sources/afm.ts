// AFM register financiële dienstverleners (Wft): the full export of the AFM register (export.aspx?fdregister=1,
// a ZIP with one XML file), imported as a collection register (lib/registers/fsp). The base URL is the AFM
// export endpoint shared by its registers; the importer adds ?fdregister=1 (lib/registers/fsp/import.ts).
import { source } from './source';

export const afmRegister = source({
  id: 'afm-register',
  titel: 'AFM-register financiële dienstverleners (Wft)',
  envVar: 'BRON_AFM_REGISTER_URL',
  defaultBaseUrl: 'https://www.afm.nl/export.aspx',
  licentie: 'Hergebruik toegestaan met expliciete bronvermelding',
  attributie: 'Bron: AFM',
  documentatie: 'https://www.afm.nl/nl-nl/sector/registers/vergunningenregisters/financiele-dienstverleners',
  ttlMs: 0,
  imported: true,
  timeoutMs: 30_000,
  firstByteMs: 15_000, // the register export is built on request
});
