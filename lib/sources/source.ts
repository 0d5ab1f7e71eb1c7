// The declaration of one upstream public source: where it lives (overridable per environment
// variable BRON_<NAAM>_URL), its licence and attribution, and how long its answers may be cached.

export interface SourceDef {
  /** Short id, kebab-case: also the bronnen `bron` value. */
  id: string;
  /** Readable Dutch title. */
  titel: string;
  /** Environment variable that overrides the base URL (tests, demo). */
  envVar: string;
  /** The real public endpoint. */
  defaultBaseUrl: string;
  licentie: string;
  attributie: string;
  /** Public documentation of the upstream. */
  documentatie: string;
  /** How long a successful answer may be reused. */
  ttlMs: number;
  /** Overall time budget of one call, retry included. */
  timeoutMs: number;
  /** Environment variable holding an API key, for sources that need one. */
  keyEnvVar?: string;
  /** Request header that carries that key (default X-Api-Key; EP-Online wants Authorization). */
  keyHeader?: string;
}

/** Declares a source; the defaults suit a public, keyless JSON API. */
export function source(def: Omit<SourceDef, 'timeoutMs'> & { timeoutMs?: number }): SourceDef {
  return { timeoutMs: 5000, ...def };
}

/** The base URL in force: the environment override, else the real public endpoint. */
export function baseUrl(def: SourceDef): string {
  const override = process.env[def.envVar];
  return (override && override.trim() !== '' ? override : def.defaultBaseUrl).replace(/\/+$/, '');
}

/** The call budget in force (BRON_TIMEOUT_MS overrides every source, for tests and slow networks). */
export function timeoutMs(def: SourceDef): number {
  const override = Number(process.env.BRON_TIMEOUT_MS);
  return Number.isFinite(override) && override > 0 ? override : def.timeoutMs;
}
