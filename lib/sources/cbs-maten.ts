// Stable names for the measures of a CBS StatLine table. Measure keys carry a position suffix that changes
// between editions of a yearly table (AantalInwoners_5 in Kerncijfers wijken en buurten 2024 was another
// number before), so a measure is named after its key without the suffix, in snake_case
// (AantalInwoners_5 -> aantal_inwoners). Where a table has the same stem twice (Appartement_54 under
// "Gemiddelde elektriciteitslevering", Appartement_62 under "Gemiddeld aardgasverbruik") the name is prefixed
// with the title of the nearest enclosing topic group that tells them apart. Pure functions.
import type { DataProperty } from './cbs-statline';

/**
 * What kind of figure a measure is:
 * - absoluut: a count or total (unit "aantal" without decimals, hectares): it grows with the size of the area;
 * - relatief: comparable between areas of any size (percentages, averages, densities, per inhabitant);
 * - beschrijvend: a name, description or code (Gemeentenaam, SoortRegio, MeestVoorkomendePostcode).
 */
export type MaatSoort = 'absoluut' | 'relatief' | 'beschrijvend';

export interface CbsMaat {
  /** Stable snake_case name, the same in every edition of the table. */
  naam: string;
  /** The key in this edition (with its position suffix). */
  key: string;
  /** Title as CBS writes it; when DataProperties gives none, read from the key (titelUitKey). */
  titel: string;
  /** Unit after scaling: "x 1 000 euro" becomes "euro". */
  eenheid: string | null;
  soort: MaatSoort;
  /** Factor that turns the published value into `eenheid` (1000 for "x 1 000 euro"). */
  factor: number;
  decimalen: number | null;
  /** Titles of the enclosing topic groups, outermost first. */
  groep: string[];
}

const DESCRIPTIVE_UNITS = new Set(['naam', 'omschrijving', 'code']);

/** The Topics of a table as named measures (dimensions and topic groups are left out). */
export function cbsMaten(props: readonly DataProperty[]): CbsMaat[] {
  const byId = new Map(props.map((p) => [p.ID, p]));
  const groupsOf = (p: DataProperty): string[] => {
    const chain: string[] = [];
    let parent = p.ParentID != null ? byId.get(p.ParentID) : undefined;
    while (parent) {
      // A group without a title names nothing: left out of the chain (never an empty string).
      const title = parent.Title?.trim();
      if (title) chain.unshift(title);
      parent = parent.ParentID != null ? byId.get(parent.ParentID) : undefined;
    }
    return chain;
  };
  const topics = props.filter((p) => p.Type === 'Topic' && typeof p.Key === 'string' && p.Key.trim() !== '');
  const base = topics.map((p) => ({ p, stem: snake(keyStem(p.Key as string)), groep: groupsOf(p) }));

  const count = new Map<string, number>();
  for (const b of base) count.set(b.stem, (count.get(b.stem) ?? 0) + 1);

  return base.map(({ p, stem, groep }) => {
    let naam = /^[0-9]/.test(stem) && groep.length > 0 ? `${snake(groep[groep.length - 1])}_${stem}` : stem;
    if ((count.get(stem) ?? 0) > 1) naam = disambiguate(stem, groep, base.filter((o) => o.stem === stem).map((o) => o.groep), p.Key as string);
    const unit = p.Unit?.trim() || null;
    const factor = euroSchaal(unit);
    const decimalen = p.Decimals ?? decimalenUitDatatype(p.Datatype ?? null);
    return {
      naam,
      key: p.Key as string,
      titel: p.Title?.trim() || titelUitKey(p.Key as string),
      eenheid: factor !== null ? 'euro' : unit,
      soort: soortVan(unit, decimalen, p.Datatype ?? null),
      factor: factor ?? 1,
      decimalen,
      groep,
    };
  });
}

/** A readable title from a key, as CBS builds keys from titles: AantalInwoners_5 -> "Aantal inwoners". */
export function titelUitKey(key: string): string {
  const words = snake(keyStem(key)).replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The factor that turns an amount in this unit into euros ("x 1 000 euro", "x 1.000 euro", "1 000 euro", "mln euro", "mld euro"); null when not an amount in euros. */
export function euroSchaal(unit: string | null): number | null {
  const u = (unit ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  const m = /^(?:x ?)?(1[ .]?000|1[ .]?000[ .]?000|mln|mld)? ?euro$/.exec(u);
  if (!m) return null;
  const scale = (m[1] ?? '').replace(/[ .]/g, '');
  return scale === '' ? 1 : scale === '1000' ? 1000 : scale === '1000000' || scale === 'mln' ? 1_000_000 : 1_000_000_000;
}

/** Decimals when DataProperties gives none: 0 for an integer column (Long, Integer), else unknown. */
export function decimalenUitDatatype(datatype: string | null): number | null {
  return datatype === 'Long' || datatype === 'Integer' || datatype === 'Short' ? 0 : null;
}

/**
 * The kind of a measure from its unit and decimals (see MaatSoort). A count with unknown decimals is taken
 * as relatief: an average written in "aantal" (household size) must never be summed over areas.
 */
export function soortVan(unit: string | null, decimals: number | null, datatype: string | null): MaatSoort {
  const u = (unit ?? '').trim().toLowerCase();
  if (DESCRIPTIVE_UNITS.has(u) || datatype === 'String') return 'beschrijvend';
  if ((u === 'aantal' && decimals === 0) || u === 'ha') return 'absoluut';
  return 'relatief';
}

/** A key without its position suffix and without CBS's "k_" prefix for keys that start with a digit. */
export function keyStem(key: string): string {
  return key.trim().replace(/_\d+$/, '').replace(/^k_/, '');
}

/**
 * CamelCase to snake_case as CBS builds its keys: GemiddeldeWOZWaardeVanWoningen -> gemiddelde_woz_waarde_van_woningen,
 * PersonenautoSTotaal ("Personenauto's totaal") -> personenautos_totaal, k_0Tot15Jaar -> 0_tot_15_jaar.
 */
export function snake(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])S(?=[A-Z]|$)/g, '$1s') // "autoS" is CBS's spelling of "auto's"
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1_$2')
    .replace(/([0-9])([a-zA-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

function disambiguate(stem: string, own: string[], all: string[][], key: string): string {
  // The nearest enclosing group whose title differs among the measures sharing this stem.
  for (let up = 1; up <= own.length; up++) {
    const title = (g: string[]) => g[g.length - up] ?? '';
    const titles = all.map(title);
    if (new Set(titles).size === titles.length) return `${snake(title(own))}_${stem}`;
  }
  // No group tells them apart (groups unknown): the key with its suffix, unique within the edition.
  return snake(key);
}

/**
 * A published CBS value as a number: numbers pass, padded strings ("   135.5") are trimmed and read, and
 * "." (CBS's sign for "not available or confidential"), empty strings and anything else become null.
 */
export function cbsGetal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const t = value.trim();
  if (t === '' || t === '.' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** A descriptive CBS value as trimmed text ("Gemeente  " -> "Gemeente"); "." and empty become null. */
export function cbsTekst(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' || t === '.' ? null : t;
}

/** The value of a measure in a row, scaled to its unit and rounded to the published decimals (plus three for scaling). */
export function maatWaarde(row: Record<string, unknown>, maat: CbsMaat): number | null {
  const v = cbsGetal(row[maat.key]);
  if (v === null) return null;
  if (maat.factor === 1) return v;
  return Math.round(v * maat.factor * 1000) / 1000;
}
