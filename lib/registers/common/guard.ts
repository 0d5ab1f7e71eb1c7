// The plausibility guard every register import passes before it is published (publish.ts publishImport):
// a file that is far smaller than the published version, empty, not newer, or the very file already
// published is refused (ImportRefused, soort 'onaannemelijk'), so a bad download never replaces a good
// version. Pure: the published version's facts are read by the caller. `forceer` (the CLI's --forceer)
// overrides these checks on purpose, except an empty file when nothing is published yet: an empty register
// is not a version (the register stays "not imported", which is what the API then says honestly).
import { ImportRefused } from './refusal';

/** Default of REGISTER_MAX_DALING: a new version may have at most 10 % fewer records than the published one. */
export const DEFAULT_MAX_DALING = 0.1;

/**
 * The main count of each register in its manifest's aantallen: what "records" means for the guard.
 * lei: Dutch entities; fsp and finreg: institutions; charity: decisions (beschikkingen) stored.
 */
export const MAIN_COUNT: Readonly<Record<string, string>> = {
  lei: 'entiteiten',
  fsp: 'instellingen',
  finreg: 'instellingen',
  charity: 'totaal',
};

/** Dutch name of the main count, for the reasons. */
const COUNT_NAME: Readonly<Record<string, string>> = {
  entiteiten: 'entiteiten',
  instellingen: 'instellingen',
  totaal: 'beschikkingen',
};

/**
 * The largest allowed drop as a fraction (0.1 = 10 %), from REGISTER_MAX_DALING: a fraction (`0.1`) or a
 * percentage (`10%`), between 0 and 1. Unset: DEFAULT_MAX_DALING. Anything else is a configuration error.
 */
export function maxDaling(env: Record<string, string | undefined> = process.env): number {
  const raw = env.REGISTER_MAX_DALING?.trim();
  if (!raw) return DEFAULT_MAX_DALING;
  const pct = /^(\d+(?:[.,]\d+)?)\s*%$/.exec(raw);
  const value = pct ? Number(pct[1].replace(',', '.')) / 100 : Number(raw.replace(',', '.'));
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`REGISTER_MAX_DALING moet een fractie (0,1) of percentage (10%) tussen 0 en 1 zijn, niet "${raw}".`);
  }
  return value;
}

/** What the guard compares: of the new import and of the published version. */
export interface VersionFacts {
  peildatum: Date | null;
  sha256: string | null;
  aantallen: Record<string, number>;
  /** Generated sample data (register_import.voorbeeld): real data always replaces it (see plausibilityRefusal). */
  voorbeeld?: boolean;
  /** The kind of file the version was built from (manifest bestanden[].soort, e.g. fsp 'namenlijst'), when the register has kinds. */
  soort?: string | null;
}

export interface GuardOptions {
  /** Largest allowed drop of the main count as a fraction (default DEFAULT_MAX_DALING). */
  maxDaling?: number;
  /** Publish anyway (the operator's --forceer): overrides every check below except an empty first version. */
  forceer?: boolean;
}

const nl = (n: number) => n.toLocaleString('nl-NL');
const dag = (d: Date) => d.toISOString().replace('T', ' ').replace(/\.000Z$|Z$/, ' UTC');

/** The main count of `register` in `aantallen` (a number or a numeric string; absent: null). */
export function mainCount(register: string, aantallen: Record<string, unknown>): number | null {
  const key = MAIN_COUNT[register];
  if (!key) return null;
  const v = aantallen[key];
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/**
 * Whether the published version counts as a predecessor at all: generated sample data (voorbeeld) is
 * replaced by the first real import whatever its peildatum, size or file (the zero-records check stays).
 */
function comparable(next: VersionFacts, published: VersionFacts): boolean {
  return !(published.voorbeeld && !next.voorbeeld);
}

/**
 * The same-file rule: the refusal when `next` is the very file (sha-256) already published, else null.
 * Also used before parsing by importers that know the file's sha-256 up front (publish.ts refuseSameFile).
 */
export function sameFileRefusal(next: Pick<VersionFacts, 'sha256' | 'voorbeeld'>, published: VersionFacts | null, opts: GuardOptions = {}): ImportRefused | null {
  if (!published || opts.forceer || !comparable(next as VersionFacts, published)) return null;
  if (next.sha256 && published.sha256 && next.sha256 === published.sha256) {
    return new ImportRefused(`Dit bestand (sha-256 ${next.sha256.slice(0, 12)}…) is al gepubliceerd.`, 'onaannemelijk');
  }
  return null;
}

/**
 * Why the new import `next` must not replace `published` (null: nothing published yet), or null when it
 * may be published. The checks, in order: zero records; the same file (sha-256) as the published version;
 * a peildatum not newer than the published one; more than `maxDaling` fewer records. Replacing sample data
 * with real data only the zero-records check applies; the drop is not compared when the kind of file
 * (`soort`) differs from the published one (their counts are not comparable).
 */
export function plausibilityRefusal(
  register: string,
  next: VersionFacts,
  published: VersionFacts | null,
  opts: GuardOptions = {},
): ImportRefused | null {
  const share = opts.maxDaling ?? DEFAULT_MAX_DALING;
  const key = MAIN_COUNT[register];
  const what = (key && COUNT_NAME[key]) || 'records';
  const count = mainCount(register, next.aantallen);
  const refuse = (reden: string) => new ImportRefused(reden, 'onaannemelijk');

  if (count === 0) {
    if (!published) return refuse(`Het bestand bevat 0 ${what}: een leeg register wordt niet gepubliceerd.`);
    if (!opts.forceer) return refuse(`Het bestand bevat 0 ${what}; de gepubliceerde versie heeft er ${nl(mainCount(register, published.aantallen) ?? 0)}.`);
  }
  if (!published || opts.forceer || !comparable(next, published)) return null;

  const same = sameFileRefusal(next, published, opts);
  if (same) return same;
  if (next.peildatum && published.peildatum && next.peildatum.getTime() <= published.peildatum.getTime()) {
    return refuse(`De peildatum ${dag(next.peildatum)} is niet nieuwer dan die van de gepubliceerde versie (${dag(published.peildatum)}).`);
  }
  if (next.soort && published.soort && next.soort !== published.soort) return null;
  const before = mainCount(register, published.aantallen);
  if (count !== null && before !== null && before > 0 && (before - count) / before > share) {
    const pct = Math.round(((before - count) / before) * 1000) / 10;
    return refuse(
      `Het bestand bevat ${nl(count)} ${what}, ${String(pct).replace('.', ',')}% minder dan de gepubliceerde versie (${nl(before)}); ` +
        `toegestaan is ${String(Math.round(share * 1000) / 10).replace('.', ',')}% (REGISTER_MAX_DALING).`,
    );
  }
  return null;
}
