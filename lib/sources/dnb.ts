// DNB Openbaar Register: the daily (working days, 06:00) CSV downloads of the 15 sub-registers
// (deelregisters), imported as a collection register (lib/registers/finreg). The base URL is the folder
// the per-register downloads live under: <base>/<CODE> (see lib/registers/finreg/deelregisters.ts).
// The id follows the BRON_<ID>_URL rule of the registry (registry.test.ts): dnb-register ↔ BRON_DNB_REGISTER_URL.
import { source } from './source';

export const dnbRegister = source({
  id: 'dnb-register',
  titel: 'De Nederlandsche Bank, Openbaar Register (financiële instellingen)',
  envVar: 'BRON_DNB_REGISTER_URL',
  defaultBaseUrl: 'https://www.dnb.nl/nl-NL/registerdownload/csv',
  licentie: 'Hergebruik toegestaan met bronvermelding (DNB)',
  attributie: 'Bron: De Nederlandsche Bank, Openbaar Register; bewerkt (genormaliseerd) door deze dienst',
  documentatie: 'https://www.dnb.nl/openbaar-register/',
  ttlMs: 0,
  imported: true,
  timeoutMs: 60_000,
  firstByteMs: 15_000, // the register export is built on request
});
