// The declaration of one upstream public source: where it lives (overridable per environment
// variable BRON_<NAAM>_URL), its licence and attribution, how long its answers may be cached (and served
// stale while a refresh is under way or failing), and its time budgets: first byte, silence between body
// chunks, and the whole download.

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
  /** Overall time budget of one call, retry included (the whole download). */
  timeoutMs: number;
  /** Time for the response headers to arrive (per attempt, within timeoutMs). */
  firstByteMs: number;
  /** Longest silence between two body chunks (within timeoutMs). */
  idleMs: number;
  /** How long after its TTL a cached answer may still be served, marked verouderd, while a refresh is under way or failing; 0: never. */
  maxStaleMs: number;
  /**
   * Read only by a scheduled import into the database (a register's export), never while a request waits: an
   * operation serving it answers 503 without a published version, never 502 (lib/api/statuses.ts).
   */
  imported?: true;
  /** Environment variable holding an API key, for sources that need one. */
  keyEnvVar?: string;
  /** Request header that carries that key (default X-Api-Key; EP-Online wants Authorization). */
  keyHeader?: string;
}

type Defaulted = 'timeoutMs' | 'firstByteMs' | 'idleMs' | 'maxStaleMs';

/** Declares a source; the defaults suit a public, keyless JSON API. */
export function source(def: Omit<SourceDef, Defaulted> & Partial<Pick<SourceDef, Defaulted>>): SourceDef {
  return { timeoutMs: 5000, firstByteMs: 5000, idleMs: 10_000, maxStaleMs: 24 * 60 * 60 * 1000, ...def };
}

/** The base URL in force: the environment override, else the real public endpoint. */
export function baseUrl(def: SourceDef): string {
  const override = process.env[def.envVar];
  return (override && override.trim() !== '' ? override : def.defaultBaseUrl).replace(/\/+$/, '');
}

function envMs(name: string): number | null {
  const override = Number(process.env[name]);
  return Number.isFinite(override) && override > 0 ? override : null;
}

/** The call budget in force (BRON_TIMEOUT_MS overrides every source, for tests and slow networks). */
export function timeoutMs(def: SourceDef): number {
  return envMs('BRON_TIMEOUT_MS') ?? def.timeoutMs;
}

/** The first-byte budget in force (BRON_EERSTE_BYTE_MS overrides every source); never more than the call budget. */
export function firstByteMs(def: SourceDef): number {
  return Math.min(envMs('BRON_EERSTE_BYTE_MS') ?? def.firstByteMs ?? 5000, timeoutMs(def));
}

/** The longest silence between body chunks in force (BRON_STILTE_MS overrides every source); never more than the call budget. */
export function idleMs(def: SourceDef): number {
  return Math.min(envMs('BRON_STILTE_MS') ?? def.idleMs ?? 10_000, timeoutMs(def));
}

/**
 * How long past its TTL a cached answer may be served as verouderd (BRON_MAX_VEROUDERD_MS overrides every
 * source that allows it; 0 there turns it off for all).
 */
export function maxStaleMs(def: SourceDef): number {
  const declared = def.maxStaleMs ?? 0;
  if (declared <= 0) return 0;
  if (process.env.BRON_MAX_VEROUDERD_MS?.trim() === '0') return 0;
  return envMs('BRON_MAX_VEROUDERD_MS') ?? declared;
}
