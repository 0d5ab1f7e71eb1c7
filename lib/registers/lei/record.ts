// The LEI entity and relationship records as the importer stores them, and the mapping from the flat
// "dotted path" form both GLEIF formats share (the CSV's column names; XML records are flattened to
// the same names), so the CSV and the XML variant give identical records.

/** One Dutch LEI entity (GLEIF Level 1). Dates are ISO 8601 strings or null. */
export interface LeiEntity {
  lei: string;
  naam: string;
  andere_namen: string[];
  kvk_nummer: string | null;
  plaats: string | null;
  land: string | null;
  postcode: string | null;
  adres: string | null;
  jurisdictie: string | null;
  /** actief (EntityStatus ACTIVE) or inactief (INACTIVE or missing). */
  status: 'actief' | 'inactief';
  registratie_status: string | null;
  rechtsvorm: string | null;
  rechtsvorm_code: string | null;
  categorie: string | null;
  registratie_autoriteit: string | null;
  registratie_nummer: string | null;
  oprichtingsdatum: string | null;
  eerste_registratie: string | null;
  laatste_wijziging: string | null;
  volgende_verlenging: string | null;
  beheerder_lou: string | null;
  /** Every non-empty source field under its GLEIF path (the dossier). */
  ruw: Record<string, string>;
}

/** One relationship (GLEIF Level 2): start_lei (child) IS_..._CONSOLIDATED_BY end_lei (parent). */
export interface LeiRelationship {
  start_lei: string;
  end_lei: string;
  type: string;
  status: string | null;
  registratie_status: string | null;
  laatste_wijziging: string | null;
  perioden: { start: string | null; eind: string | null; type: string | null }[];
}

/** The relationship types kept (the distribution monitor needs consolidation chains). */
export const KEPT_RELATIONSHIP_TYPES = new Set(['IS_DIRECTLY_CONSOLIDATED_BY', 'IS_ULTIMATELY_CONSOLIDATED_BY']);

/** The KvK's registration authority code in the GLEIF RA list. */
export const KVK_RA = 'RA000463';

/**
 * Parses a GLEIF date: ISO 8601 (trailing/leading spaces allowed) or epoch milliseconds (old CSVs).
 * Returns an ISO string in UTC, or null when empty or unreadable.
 */
// The common GLEIF form 2024-05-31T12:34:56Z (or with .sss): already what toISOString gives, when
// every field is surely in range (a day past the month's end, which Date rolls over, and hour 24 are
// left to Date). Tested without captures (no match array); the day is checked against the month after.
const PLAIN_UTC = /^[12]\d{3}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{3})?Z$/;

const digits2 = (s: string, i: number) => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48;

/** Days in month `m` (1-12) of year `y` (proleptic Gregorian, as Date). */
function monthDays(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

export function gleifDate(value: string | null | undefined): string | null {
  const s = value?.trim();
  if (!s) return null;
  if ((s.length === 20 || s.length === 24) && PLAIN_UTC.test(s)) {
    const day = digits2(s, 8);
    if (day <= 28 || day <= monthDays(digits2(s, 0) * 100 + digits2(s, 2), digits2(s, 5))) return s.length === 24 ? s : `${s.slice(0, 19)}.000Z`;
  }
  if (/^-?\d{10,13}$/.test(s)) {
    const ms = s.length <= 10 ? Number(s) * 1000 : Number(s);
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const clean = (v: string | undefined): string | null => {
  const s = v?.trim();
  return s ? s : null;
};

/**
 * Dutch-entity rule: the legal address is in NL, or the legal jurisdiction is NL (or an NL-xx
 * subdivision), or the registration authority is the KvK (RA000463). Headquarters elsewhere do not count.
 */
export function isDutch(get: (k: string) => string | undefined): boolean {
  const country = get('Entity.LegalAddress.Country')?.trim().toUpperCase();
  const jur = get('Entity.LegalJurisdiction')?.trim().toUpperCase();
  const ra = get('Entity.RegistrationAuthority.RegistrationAuthorityID')?.trim().toUpperCase();
  return country === 'NL' || jur === 'NL' || !!jur?.startsWith('NL-') || ra === KVK_RA;
}

/** KvK number: RegistrationAuthorityEntityID under RA000463 when it is 8 digits (spaces ignored). */
export function kvkFrom(raId: string | null, raEntityId: string | null): string | null {
  if (raId?.toUpperCase() !== KVK_RA || !raEntityId) return null;
  const digits = raEntityId.replace(/\s+/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

const NAME_KEY = /^Entity\.(OtherEntityNames\.OtherEntityName|TransliteratedOtherEntityNames\.TransliteratedOtherEntityName)\.\d+$/;
const ADDITIONAL_LINE = /^Entity\.LegalAddress\.AdditionalAddressLine\.\d+$/;

/**
 * A LeiEntity with its dossier already as JSON text (JSON.stringify of `ruw`): the import's rows.
 * `plain`: no source value has a quote, backslash or control character, so no field of the row has a
 * character that JSON, an array literal or COPY text escapes.
 */
export type EncodedLeiEntity = Omit<LeiEntity, 'ruw'> & { ruw: string; plain: boolean };

/** Maps a flat record (GLEIF dotted paths) to a LeiEntity; null when it has no LEI or name. */
export function entityFromFlat(flat: Record<string, string>): LeiEntity | null {
  const get = (k: string) => clean(flat[k]);
  const lei = get('LEI')?.toUpperCase();
  const naam = get('Entity.LegalName');
  if (!lei || !naam) return null;
  const ruw: Record<string, string> = {};
  const andere: string[] = [];
  const extraLines: string[] = [];
  for (const k in flat) {
    const s = flat[k]?.trim();
    if (!s) continue;
    ruw[k] = s;
    // Only keys under Entity.OtherEntityNames, .TransliteratedOtherEntityNames or .LegalAddress can match.
    if (k.length > 20 && k.charCodeAt(0) === 69 /* E */ && (k.charCodeAt(7) === 79 || k.charCodeAt(7) === 84 || k.charCodeAt(7) === 76)) {
      if (NAME_KEY.test(k) && s !== naam && !andere.includes(s)) andere.push(s);
      if (ADDITIONAL_LINE.test(k)) extraLines.push(s);
    }
  }
  return entityOf(get, lei, naam, andere, extraLines, ruw);
}

/** The keys and values of one flat record in order, each key once (record-xml.ts FlatView). */
export interface FlatFields {
  count: number;
  paths: readonly string[];
  values: readonly string[];
  /** JSON.stringify(paths[i]) + ':' */
  jsonKey(i: number): string;
  /** jsonKey(i) has no backslash. */
  plainKey(i: number): boolean;
  /** jsonKey(i) + '"', after a comma unless `first`. */
  jsonStart(i: number, first: boolean): string;
  get(path: string): string | undefined;
}

// Characters JSON.stringify escapes in a string (quote, backslash, controls, surrogates: lone ones are
// escaped, pairs are not; both go through JSON.stringify itself).
const JSON_SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * entityFromFlat of the object with `f`'s keys and values, with `ruw` as its JSON text: equal to
 * { ...entityFromFlat(obj), ruw: JSON.stringify(entityFromFlat(obj).ruw) } (the keys of `f` are in the
 * object's order, none is an array index), without building the dossier object.
 */
export function encodedEntityFromFields(f: FlatFields): EncodedLeiEntity | null {
  const get = (k: string) => clean(f.get(k));
  const lei = get('LEI')?.toUpperCase();
  const naam = get('Entity.LegalName');
  if (!lei || !naam) return null;
  let json = '{';
  let plain = true;
  const andere: string[] = [];
  const extraLines: string[] = [];
  const { paths, values } = f;
  for (let i = 0; i < f.count; i++) {
    const s = values[i].trim();
    if (!s) continue;
    const first = json.length === 1;
    if (plain && !f.plainKey(i)) plain = false;
    if (JSON_SPECIAL.test(s)) {
      plain = false;
      if (!first) json += ',';
      json += f.jsonKey(i);
      json += JSON.stringify(s);
    } else {
      // '"key":"' (cached), the value, '"': three pieces
      json += f.jsonStart(i, first);
      json += s;
      json += '"';
    }
    const k = paths[i];
    if (k.length > 20 && k.charCodeAt(0) === 69 /* E */ && (k.charCodeAt(7) === 79 || k.charCodeAt(7) === 84 || k.charCodeAt(7) === 76)) {
      if (NAME_KEY.test(k) && s !== naam && !andere.includes(s)) andere.push(s);
      if (ADDITIONAL_LINE.test(k)) extraLines.push(s);
    }
  }
  const e = entityOf(get, lei, naam, andere, extraLines, `${json}}`) as EncodedLeiEntity;
  e.plain = plain;
  return e;
}

function entityOf<R>(
  get: (k: string) => string | null,
  lei: string,
  naam: string,
  andere: string[],
  extraLines: string[],
  ruw: R,
): Omit<LeiEntity, 'ruw'> & { ruw: R } {
  const raId = get('Entity.RegistrationAuthority.RegistrationAuthorityID');
  const raEntity = get('Entity.RegistrationAuthority.RegistrationAuthorityEntityID');
  const first = get('Entity.LegalAddress.FirstAddressLine');
  const adres = extraLines.length ? [first, ...extraLines].filter(Boolean).join(', ') || null : first;
  return {
    lei,
    naam,
    andere_namen: andere,
    kvk_nummer: kvkFrom(raId, raEntity),
    plaats: get('Entity.LegalAddress.City'),
    land: get('Entity.LegalAddress.Country')?.toUpperCase() ?? null,
    postcode: get('Entity.LegalAddress.PostalCode'),
    adres,
    jurisdictie: get('Entity.LegalJurisdiction'),
    status: get('Entity.EntityStatus')?.toUpperCase() === 'ACTIVE' ? 'actief' : 'inactief',
    registratie_status: get('Registration.RegistrationStatus'),
    rechtsvorm: get('Entity.LegalForm.OtherLegalForm') ?? get('Entity.LegalForm.EntityLegalFormCode'),
    rechtsvorm_code: get('Entity.LegalForm.EntityLegalFormCode'),
    categorie: get('Entity.EntityCategory'),
    registratie_autoriteit: raId,
    registratie_nummer: raEntity,
    oprichtingsdatum: gleifDate(get('Entity.EntityCreationDate'))?.slice(0, 10) ?? null,
    eerste_registratie: gleifDate(get('Registration.InitialRegistrationDate')),
    laatste_wijziging: gleifDate(get('Registration.LastUpdateDate')),
    volgende_verlenging: gleifDate(get('Registration.NextRenewalDate')),
    beheerder_lou: get('Registration.ManagingLOU'),
    ruw,
  };
}

/**
 * Reference date from a golden-copy publication name (YYYYMMDD-HHMM-gleif-goldencopy-...), read as
 * UTC; null when the name does not follow that pattern.
 */
export function peildatumFromName(name: string): Date | null {
  const m = /(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})-gleif-goldencopy-/.exec(name);
  if (!m) return null;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The key of the plaats filter: trimmed, upper case. */
export function plaatsKey(plaats: string | null | undefined): string | null {
  const s = plaats?.trim().toUpperCase();
  return s ? s : null;
}
