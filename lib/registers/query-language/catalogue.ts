// The field catalogue of one list operation: which fields the enterprise layer (waar, velden, sorteer)
// may name, their type, the SQL column expression behind each (a fixed string from code, never from a
// request), the operators each type allows, and whether a field may be sorted on or selected.
// defineCatalogus checks a definition once, at module load, so a mistake fails loudly at start-up.

/** Field types of the query language. jaNee is a boolean shown as ja/nee. */
export type VeldType = 'tekst' | 'getal' | 'datum' | 'enum' | 'jaNee';

/** Comparison operators and functions of waar. */
export type Operator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in' | 'contains' | 'startswith';

export const VERGELIJKINGEN = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type Vergelijking = (typeof VERGELIJKINGEN)[number];
export const FUNCTIES = ['contains', 'startswith'] as const;
export type Functie = (typeof FUNCTIES)[number];

/** The operators each type allows (a field may narrow this with `operatoren`). eq/ne null is allowed on every field. */
export const OPERATOREN_PER_TYPE: Readonly<Record<VeldType, readonly Operator[]>> = {
  tekst: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'contains', 'startswith'],
  getal: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'],
  datum: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'],
  enum: ['eq', 'ne', 'in'],
  jaNee: ['eq', 'ne'],
};

/** Words of the language that cannot be field names. */
export const GERESERVEERD = new Set<string>([
  'and', 'or', 'not', 'in', 'null', 'true', 'false', ...VERGELIJKINGEN, ...FUNCTIES,
]);

interface VeldBasis {
  /** API name of the field, also the output key of a list item (lower snake_case). */
  naam: string;
  /** SQL expression for the field, for example `e.plaats`; fixed in code, never built from input. */
  sql: string;
  /** Short Dutch description (for the OpenAPI text). */
  omschrijving?: string;
  sorteerbaar: boolean;
  selecteerbaar: boolean;
  /** May be used in waar (default true). */
  filterbaar?: boolean;
  /** Narrows the operators of the type (must be a subset of OPERATOREN_PER_TYPE[type]). */
  operatoren?: readonly Operator[];
}

export type VeldDefinitie =
  | (VeldBasis & { type: 'tekst' })
  | (VeldBasis & { type: 'getal'; /** only whole numbers */ geheel?: boolean })
  | (VeldBasis & { type: 'datum' })
  | (VeldBasis & { type: 'enum'; waarden: readonly string[] })
  | (VeldBasis & { type: 'jaNee' });

/** A checked field: defaults filled in. */
export type Veld = VeldDefinitie & { filterbaar: boolean; operatoren: readonly Operator[] };

export interface CatalogusDefinitie {
  /** Operation id (for messages and the OpenAPI text). */
  operatie: string;
  /** Name of the id field: always selected, and the stable sort tiebreaker. */
  id: string;
  velden: readonly VeldDefinitie[];
  /** Sort when sorteer is absent, in sorteer syntax (for example `naam` or `-peildatum`); default the id. */
  standaardSortering?: string;
  /** The OpenAPI example of waar: a filter on these fields that finds rows in the generated sample (checked by the parser). */
  voorbeeld?: string;
}

export interface Catalogus {
  readonly operatie: string;
  readonly id: string;
  readonly velden: readonly Veld[];
  readonly standaardSortering?: string;
  readonly voorbeeld?: string;
  /** Field by name, or undefined. */
  veld(naam: string): Veld | undefined;
  readonly filterbaar: readonly string[];
  readonly sorteerbaar: readonly string[];
  readonly selecteerbaar: readonly string[];
}

const NAAM = /^[a-z][a-z0-9_]*$/;
/** SQL expressions may not contain statement separators, comments or $ (bind-parameter markers). */
const VERBODEN_IN_SQL = /;|--|\/\*|\*\/|\$/;

/** Checks a catalogue definition (throws an Error on a programming mistake) and returns the catalogue. */
export function defineCatalogus(def: CatalogusDefinitie): Catalogus {
  const perNaam = new Map<string, Veld>();
  for (const d of def.velden) {
    const waar = `catalogus ${def.operatie}, veld ${d.naam}`;
    if (!NAAM.test(d.naam)) throw new Error(`${waar}: naam moet kleine letters, cijfers en _ zijn`);
    if (GERESERVEERD.has(d.naam)) throw new Error(`${waar}: naam is een gereserveerd woord`);
    if (perNaam.has(d.naam)) throw new Error(`${waar}: naam komt twee keer voor`);
    if (d.sql.trim() === '' || VERBODEN_IN_SQL.test(d.sql)) {
      throw new Error(`${waar}: sql-expressie is leeg of bevat ; -- /* */ of $`);
    }
    const typeOps = OPERATOREN_PER_TYPE[d.type];
    const operatoren = d.operatoren ?? typeOps;
    for (const op of operatoren) {
      if (!typeOps.includes(op)) throw new Error(`${waar}: operator ${op} past niet bij type ${d.type}`);
    }
    if (d.type === 'enum' && d.waarden.length === 0) throw new Error(`${waar}: enum zonder waarden`);
    perNaam.set(d.naam, Object.freeze({ ...d, filterbaar: d.filterbaar ?? true, operatoren }) as Veld);
  }
  const id = perNaam.get(def.id);
  if (!id) throw new Error(`catalogus ${def.operatie}: id-veld ${def.id} ontbreekt`);
  if (!id.sorteerbaar || !id.selecteerbaar) throw new Error(`catalogus ${def.operatie}: id-veld moet sorteerbaar en selecteerbaar zijn`);

  const velden = Object.freeze([...perNaam.values()]);
  const catalogus: Catalogus = Object.freeze({
    operatie: def.operatie,
    id: def.id,
    velden,
    standaardSortering: def.standaardSortering,
    voorbeeld: def.voorbeeld,
    veld: (naam: string) => perNaam.get(naam),
    filterbaar: Object.freeze(velden.filter((v) => v.filterbaar).map((v) => v.naam)),
    sorteerbaar: Object.freeze(velden.filter((v) => v.sorteerbaar).map((v) => v.naam)),
    selecteerbaar: Object.freeze(velden.filter((v) => v.selecteerbaar).map((v) => v.naam)),
  });
  return catalogus;
}

/** Dutch label of a type, for messages and documentation. */
export function typeLabel(veld: Veld): string {
  switch (veld.type) {
    case 'tekst':
      return 'tekst';
    case 'getal':
      return veld.geheel ? 'geheel getal' : 'getal';
    case 'datum':
      return 'datum (JJJJ-MM-DD)';
    case 'enum':
      return `keuze uit ${veld.waarden.map((w) => `'${w}'`).join(', ')}`;
    case 'jaNee':
      return "ja/nee ('ja' of 'nee')";
  }
}
