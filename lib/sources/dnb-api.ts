// DNB Openbaar Register, JSON API (api.dnb.nl, "Public Register" v1; official OpenAPI spec saved in
// ../shared/samples/registers/dnb): the optional path of the finreg import when a key is configured
// (lib/registers/finreg/api-client.ts). Needs a subscription key from DNB's API portal, sent in the
// `Ocp-Apim-Subscription-Key` header; without DNB_API_KEY the import reads the CSV downloads instead
// (lib/sources/dnb.ts). Same publisher, licence and attribution as the CSV downloads.
// The id follows the BRON_<ID>_URL rule of the registry (registry.test.ts): dnb-api ↔ BRON_DNB_API_URL.
import { source } from './source';
import { dnbRegister } from './dnb';

export const dnbApi = source({
  id: 'dnb-api',
  titel: 'De Nederlandsche Bank, Openbaar Register (JSON-API)',
  envVar: 'BRON_DNB_API_URL',
  defaultBaseUrl: 'https://api.dnb.nl/publicdata/v1',
  licentie: dnbRegister.licentie,
  attributie: dnbRegister.attributie,
  documentatie: 'https://www.dnb.nl/en/public-register/',
  // An import reads every answer afresh: no answer cache.
  ttlMs: 0,
  imported: true,
  timeoutMs: 30_000,
  firstByteMs: 15_000, // paged register API used by the background import: slow pages are normal
  keyEnvVar: 'DNB_API_KEY',
  keyHeader: 'Ocp-Apim-Subscription-Key',
});

/** The key in force, or null when none is configured. */
export function dnbApiKey(): string | null {
  const key = process.env[dnbApi.keyEnvVar as string]?.trim();
  return key ? key : null;
}
