// Links from the advice register (fsp) to another register (GLEIF for LEI, DNB for central-bank status):
// on the KvK number first; where no entity of the other register carries the institution's KvK number, on
// the normalised name plus place. Pure: plain arrays in, plain maps out; deterministic whatever the input
// order. The rule in words is on /methodiek (lib/monitor/afleiding.ts) and in lib/monitor/README.md.
//
//   1. kvk: an entity with the same KvK number (the active one first, then the lowest id).       zekerheid 1.0
//   2. naam_plaats on the statutory name: among the entities WITHOUT a KvK number (one that carries
//      another KvK number is another legal person), exactly one with the same normalised legal
//      name (naamSleutel) in one of the institution's places (plaatsSleutel).                      zekerheid 0.9
//   3. naam_plaats on a trade name: as 2, with one of the institution's trade names, only when the
//      statutory name found no candidate at all.                                                     zekerheid 0.75
//   Only a UNIQUE candidate links: two or more entities (active ones preferred over inactive ones) for
//   one institution, or one entity claimed by name by two institutions, is `dubbelzinnig`: not linked,
//   counted.

/** How a link was made. */
export type KoppelMethode = 'kvk' | 'naam_plaats';

/** The confidence of each way of linking (documented on /methodiek). */
export const ZEKERHEID = { kvk: 1, statutaire_naam: 0.9, handelsnaam: 0.75 } as const;

/** One link: the other register's entity id, how it was found and how sure it is. */
export interface Koppeling {
  id: string;
  methode: KoppelMethode;
  zekerheid: number;
}

/** An institution of the advice register, as far as linking needs it. */
export interface KoppelBron {
  kvk_nummer: string;
  /** Statutory name. */
  naam: string;
  handelsnamen: readonly string[];
  /** The places of its addresses (its vestigingen). */
  plaatsen: readonly (string | null)[];
}

/** An entity of the other register (LEI entity, DNB institution). */
export interface KoppelDoel {
  id: string;
  naam: string;
  kvk_nummer: string | null;
  plaats: string | null;
  actief: boolean;
}

export interface KoppelResultaat {
  /** KvK number of the institution → its link (absent: not linked). */
  perKvk: Map<string, Koppeling>;
  /** KvK numbers left unlinked because more than one candidate matched on name and place. */
  dubbelzinnig: Set<string>;
}

// Legal-form words dropped at the start or end of a name only (never in the middle, and never 'holding',
// 'groep' or 'beheer': a holding is another legal person than the office it owns).
const RECHTSVORM_EIND =
  /(?:^| )(?:bv|nv|vof|cv|ua|wa|ba|besloten vennootschap(?: met beperkte aansprakelijkheid)?|naamloze vennootschap|cooperatie(?:ve)?(?: vereniging)?|stichting|in oprichting|io)$/;
const RECHTSVORM_BEGIN = /^(?:stichting|cooperatie(?:ve)?(?: vereniging)?|vof|bv|nv) /;

/** Lower case, accents dropped, '&' → 'en', dots removed (B.V. → bv), other punctuation as spaces, whitespace collapsed. */
function basis(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' en ')
    .replace(/\./g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The key two names must share to be the same name: basis() and legal-form words at the start or end
 * removed (repeatedly: 'Stichting X B.V.' → 'x'). Null when nothing is left (a name that is only a legal form).
 */
export function naamSleutel(naam: string | null | undefined): string | null {
  if (!naam) return null;
  let s = basis(naam);
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(RECHTSVORM_EIND, '').replace(RECHTSVORM_BEGIN, '').trim();
  }
  return s || null;
}

// The two cities with a second official name.
const PLAATS_ALIAS: Record<string, string> = { 's gravenhage': 'den haag', 's hertogenbosch': 'den bosch' };

/** The key two places must share: basis(), with 's-Gravenhage = Den Haag and 's-Hertogenbosch = Den Bosch. Null when empty. */
export function plaatsSleutel(plaats: string | null | undefined): string | null {
  if (!plaats) return null;
  const s = basis(plaats);
  return s ? (PLAATS_ALIAS[s] ?? s) : null;
}

/** A KvK number written otherwise ('KvK 1234 5678', '12.345.678'): its 8 digits; null for anything else. */
export function kvkSleutel(kvk: string | null | undefined): string | null {
  const d = kvk?.replace(/[^0-9]/g, '') ?? '';
  return /^\d{8}$/.test(d) ? d : null;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The links of `bronnen` to `doelen` by the rule above. */
export function koppel(bronnen: readonly KoppelBron[], doelen: readonly KoppelDoel[]): KoppelResultaat {
  // KvK number → entity: the active one first, then the lowest id.
  const perKvkDoel = new Map<string, KoppelDoel>();
  // name|place → the entities without a KvK number with that key (each id once).
  const perNaamPlaats = new Map<string, KoppelDoel[]>();
  for (const d of [...doelen].sort((a, b) => Number(b.actief) - Number(a.actief) || cmp(a.id, b.id))) {
    const kvk = kvkSleutel(d.kvk_nummer);
    if (kvk) {
      if (!perKvkDoel.has(kvk)) perKvkDoel.set(kvk, d);
      continue;
    }
    const n = naamSleutel(d.naam);
    const p = plaatsSleutel(d.plaats);
    if (!n || !p) continue;
    const key = `${n}|${p}`;
    const list = perNaamPlaats.get(key) ?? perNaamPlaats.set(key, []).get(key)!;
    if (!list.some((x) => x.id === d.id)) list.push(d);
  }

  // The candidates for names × places; active ones when there are any.
  const kandidaten = (namen: readonly string[], plaatsen: readonly (string | null)[]): KoppelDoel[] => {
    const ps = [...new Set(plaatsen.map(plaatsSleutel).filter((p): p is string => !!p))];
    const found = new Map<string, KoppelDoel>();
    for (const n of new Set(namen.map(naamSleutel).filter((x): x is string => !!x))) {
      for (const p of ps) for (const d of perNaamPlaats.get(`${n}|${p}`) ?? []) found.set(d.id, d);
    }
    const all = [...found.values()];
    const actief = all.filter((d) => d.actief);
    return actief.length ? actief : all;
  };

  const perKvk = new Map<string, Koppeling>();
  const dubbelzinnig = new Set<string>();
  const claims = new Map<string, string[]>(); // entity id → KvK numbers that found it by name
  for (const b of [...bronnen].sort((x, y) => cmp(x.kvk_nummer, y.kvk_nummer))) {
    if (perKvk.has(b.kvk_nummer) || dubbelzinnig.has(b.kvk_nummer)) continue;
    const byKvk = perKvkDoel.get(kvkSleutel(b.kvk_nummer) ?? '');
    if (byKvk) {
      perKvk.set(b.kvk_nummer, { id: byKvk.id, methode: 'kvk', zekerheid: ZEKERHEID.kvk });
      continue;
    }
    let c = kandidaten([b.naam], b.plaatsen);
    let zekerheid: number = ZEKERHEID.statutaire_naam;
    if (c.length === 0) {
      c = kandidaten(b.handelsnamen, b.plaatsen);
      zekerheid = ZEKERHEID.handelsnaam;
    }
    if (c.length > 1) dubbelzinnig.add(b.kvk_nummer);
    if (c.length !== 1) continue;
    perKvk.set(b.kvk_nummer, { id: c[0].id, methode: 'naam_plaats', zekerheid });
    (claims.get(c[0].id) ?? claims.set(c[0].id, []).get(c[0].id)!).push(b.kvk_nummer);
  }
  // One entity is one legal person: found by name for two institutions, it links neither.
  for (const kvks of claims.values()) {
    if (kvks.length < 2) continue;
    for (const k of kvks) {
      perKvk.delete(k);
      dubbelzinnig.add(k);
    }
  }
  return { perKvk, dubbelzinnig };
}

/** What linking needs of the vestigingen, per KvK number: the statutory name, all trade names and places (sorted). */
export function koppelBronnenVan(vestigingen: readonly { kvk_nummer: string; naam: string; handelsnamen: readonly string[]; plaats: string | null }[]): KoppelBron[] {
  const per = new Map<string, { naam: string; handelsnamen: Set<string>; plaatsen: Set<string> }>();
  for (const v of vestigingen) {
    const b = per.get(v.kvk_nummer) ?? per.set(v.kvk_nummer, { naam: v.naam, handelsnamen: new Set(), plaatsen: new Set() }).get(v.kvk_nummer)!;
    for (const h of v.handelsnamen) b.handelsnamen.add(h);
    if (v.plaats) b.plaatsen.add(v.plaats);
  }
  return [...per.entries()]
    .sort(([a], [b]) => cmp(a, b))
    .map(([kvk_nummer, b]) => ({ kvk_nummer, naam: b.naam, handelsnamen: [...b.handelsnamen].sort(), plaatsen: [...b.plaatsen].sort() }));
}

/** The coverage of one link target over (active) vestigingen: how many by KvK, by name + place, not linked (of which ambiguous). */
export interface KoppelDekking {
  kvk: number;
  naam_plaats: number;
  geen: number;
  dubbelzinnig: number;
}

/** The coverage of `r` over `vestigingen` (count each vestiging once, by the link of its KvK number). */
export function koppelDekking(vestigingen: readonly { kvk_nummer: string }[], r: KoppelResultaat): KoppelDekking {
  const d: KoppelDekking = { kvk: 0, naam_plaats: 0, geen: 0, dubbelzinnig: 0 };
  for (const v of vestigingen) {
    const k = r.perKvk.get(v.kvk_nummer);
    if (k) d[k.methode]++;
    else {
      d.geen++;
      if (r.dubbelzinnig.has(v.kvk_nummer)) d.dubbelzinnig++;
    }
  }
  return d;
}

/** The link targets, as they are named in the version's aantallen (`koppeling_<doel>_<kvk|naam_plaats|geen|dubbelzinnig>`). */
export const KOPPEL_DOELEN = ['lei', 'dnb'] as const;
export type KoppelDoelNaam = (typeof KOPPEL_DOELEN)[number];

/** The aantallen entries of the coverage per target. */
export function koppelAantallen(dekking: Record<KoppelDoelNaam, KoppelDekking>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const doel of KOPPEL_DOELEN) for (const [k, n] of Object.entries(dekking[doel])) out[`koppeling_${doel}_${k}`] = n;
  return out;
}
