// Queries over the published ANBI version: the filtered, paged list (q is a case-insensitive contains
// over name and alias, served by the trigram index on zoeknaam) and one decision by id (RSIN, or the
// dossier number of a group decision). status and cultuur are derived against the peildatum as the spec
// states (geldig: no end date, or end date on/after the peildatum). Every value is a bound parameter.
// The list also takes the enterprise layer (waar, velden, sorteer) over charityInstellingenVelden.
import { Prisma } from '@/lib/generated/prisma/client';
import { telAltijd, type Teller } from '@/lib/registers/common/version-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { compileSorteer, compileWaar, defineCatalogus, type EnterpriseParams, type WaarExpr } from '@/lib/registers/query-language';
import { geldigheid, type Geldigheid } from '../common/status';
import { PEILDATUM_SQL, geldigheidConditie, geldigheidSql, peildatumJoin } from '../common/peildatum-sql';
import { zoektermConditie } from '../common/zoekterm';
import { plaatsKey } from './import';
import type { AnbiRecord } from './parse';

export interface CharityListFilter {
  q?: string;
  rsin?: string;
  plaats?: string;
  status?: Geldigheid;
  cultuur?: 'ja' | 'nee';
  rijen: number;
  start: number;
}

export interface CharityListItem {
  id: string;
  rsin: string | null;
  naam: string | null;
  alias: string | null;
  plaats: string | null;
  status: Geldigheid;
  cultuur: boolean;
}

/** An item of GET /v1/charity/instellingen: the list columns plus the decision's start and end date. */
// A mapped type (not an interface) so that it is assignable to Record<string, unknown> for selectFields.
export type CharityLijstItem = { [K in keyof CharityListItem]: CharityListItem[K] } & {
  /** Start date of the ANBI decision (YYYY-MM-DD). */
  ingangsdatum: string | null;
  /** End (withdrawal) date of the ANBI decision (YYYY-MM-DD). */
  intrekkingsdatum: string | null;
};

/** The enterprise parameters (parsed against charityInstellingenVelden): filter and sort; velden is applied by the caller. */
export type CharityEnterprise = Pick<EnterpriseParams, 'waar' | 'sorteer'>;

// status and cultuur are derived against the peildatum of the published import in SQL too, through
// peildatumJoin (common/peildatum-sql.ts): one static catalogue, the peildatum a bound value.

/** SQL of cultuurActief: a culture start date and no culture end date before the peildatum (never NULL). */
const CULTUUR_SQL =
  `b.ingangsdatum_cultuur IS NOT NULL AND (b.einddatum_cultuur IS NULL OR b.einddatum_cultuur >= ${PEILDATUM_SQL})`;

/**
 * Field catalogue of GET /v1/charity/instellingen for waar, velden and sorteer. The names are the keys
 * of CharityLijstItem; the SQL expressions are columns of anbi_beschikking (alias b) or, for status and
 * cultuur, derived against peil.peildatum (see above), exactly as item() derives them in TypeScript.
 */
export const charityInstellingenVelden = defineCatalogus({
  operatie: 'charity-instellingen',
  id: 'id',
  standaardSortering: 'naam',
  voorbeeld: "plaats eq 'Utrecht'",
  velden: [
    { naam: 'id', type: 'tekst', sql: 'b.id', omschrijving: 'RSIN, of het dossiernummer bij een groepsbeschikking', sorteerbaar: true, selecteerbaar: true },
    { naam: 'rsin', type: 'tekst', sql: 'b.rsin', omschrijving: 'RSIN (9 cijfers)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'naam', type: 'tekst', sql: 'b.naam', omschrijving: 'Naam', sorteerbaar: true, selecteerbaar: true },
    { naam: 'alias', type: 'tekst', sql: 'b.alias', omschrijving: 'Aliasnaam', sorteerbaar: true, selecteerbaar: true },
    { naam: 'plaats', type: 'tekst', sql: 'b.plaats', omschrijving: 'Vestigingsplaats', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'status', type: 'enum', waarden: ['geldig', 'beëindigd'], sql: geldigheidSql('b.intrekkingsdatum'),
      omschrijving: 'geldig of beëindigd, afgeleid tegen de peildatum', sorteerbaar: true, selecteerbaar: true,
    },
    { naam: 'cultuur', type: 'jaNee', sql: CULTUUR_SQL, omschrijving: 'Culturele ANBI op de peildatum', sorteerbaar: true, selecteerbaar: true },
    { naam: 'ingangsdatum', type: 'datum', sql: 'b.ingangsdatum', omschrijving: 'Ingangsdatum van de beschikking', sorteerbaar: true, selecteerbaar: true },
    { naam: 'intrekkingsdatum', type: 'datum', sql: 'b.intrekkingsdatum', omschrijving: 'Intrekkingsdatum van de beschikking', sorteerbaar: true, selecteerbaar: true },
  ],
});

export interface CharityDossier extends CharityListItem {
  dossiernummer: string | null;
  website: string | null;
  ingangsdatum: string | null;
  intrekkingsdatum: string | null;
  ingangsdatum_cultuur: string | null;
  einddatum_cultuur: string | null;
  /** true for the statutory group decisions without RSIN (id = dossier number) */
  groepsbeschikking: boolean;
  /** Source elements not mapped to a field. */
  extra: Record<string, string>;
}

/** A stored decision: the parsed record's fields (without line and cultuur, derived again) plus the raw extras. */
type Row = Omit<AnbiRecord, 'line' | 'cultuur'> & { ruw: unknown };

const COLUMNS = Prisma.sql`id, rsin, dossiernummer, naam, alias, plaats, website,
  to_char(ingangsdatum, 'YYYY-MM-DD') AS ingangsdatum, to_char(intrekkingsdatum, 'YYYY-MM-DD') AS intrekkingsdatum,
  to_char(ingangsdatum_cultuur, 'YYYY-MM-DD') AS ingangsdatum_cultuur, to_char(einddatum_cultuur, 'YYYY-MM-DD') AS einddatum_cultuur`;

/** Culture designation in force on the peildatum: a start date and no end date before the peildatum. */
export function cultuurActief(r: Pick<Row, 'ingangsdatum_cultuur' | 'einddatum_cultuur'>, peildatum: Date | string): boolean {
  return r.ingangsdatum_cultuur !== null && geldigheid(r.einddatum_cultuur, peildatum) === 'geldig';
}

function item(r: Row, peildatum: Date | string): CharityListItem {
  return {
    id: r.id,
    rsin: r.rsin,
    naam: r.naam,
    alias: r.alias,
    plaats: r.plaats,
    status: geldigheid(r.intrekkingsdatum, peildatum),
    cultuur: cultuurActief(r, peildatum),
  };
}


/** An ordinary filter as a waar condition on the catalogue, so it uses the very same derivation. */
const isGelijk = (veld: 'cultuur', waarde: boolean): WaarExpr => ({ soort: 'vergelijking', veld, op: 'eq', waarde });

/**
 * One page of ANBI decisions of import `importId` matching the filter, with the list columns and dates,
 * and the total count. The enterprise filter (waar) is ANDed with the ordinary filters; its sort
 * (sorteer) replaces the default order (naam, id). Both compile to bound SQL against
 * charityInstellingenVelden, with the peildatum as a bound parameter (peildatumJoin).
 */
export async function listCharityEntries(
  db: PrismaClient,
  importId: number,
  peildatum: Date | string,
  f: CharityListFilter,
  /** The total without filters when known (the manifest's count): saves a count over the whole table. */
  unfilteredTotal?: number,
  e: CharityEnterprise = {},
  /** Where the filter's total is kept (common/version-cache.ts totaalPerVersie); default: counted. */
  tel: Teller = telAltijd,
): Promise<{ totaal: number; items: CharityLijstItem[] }> {
  const cat = charityInstellingenVelden;
  const conds: Prisma.Sql[] = [Prisma.sql`b.import_id = ${importId}`];
  if (f.q) conds.push(zoektermConditie(Prisma.sql`b.zoeknaam`, f.q));
  if (f.rsin) conds.push(Prisma.sql`b.rsin = ${f.rsin}`);
  if (f.plaats) conds.push(Prisma.sql`b.plaats_key = ${plaatsKey(f.plaats)}`);
  if (f.status) conds.push(geldigheidConditie('b.intrekkingsdatum', f.status));
  if (f.cultuur) conds.push(compileWaar(isGelijk('cultuur', f.cultuur === 'ja'), cat));
  if (e.waar) conds.push(compileWaar(e.waar, cat));
  const where = Prisma.join(conds, ' AND ');
  const from = Prisma.sql`anbi_beschikking b ${peildatumJoin(peildatum)}`;
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : await tel(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`)[0].n);
  // Without sorteer the historical order naam, id (served by the (import_id, naam, id) index).
  const orderBy = e.sorteer && e.sorteer.length > 0 ? compileSorteer(e.sorteer, cat) : Prisma.sql`ORDER BY b.naam, b.id`;
  const rows =
    n > f.start
      ? await db.$queryRaw<Row[]>`
          SELECT ${COLUMNS} FROM ${from} WHERE ${where}
          ${orderBy} LIMIT ${f.rijen} OFFSET ${f.start}`
      : [];
  return {
    totaal: n,
    items: rows.map((r) => ({ ...item(r, peildatum), ingangsdatum: r.ingangsdatum, intrekkingsdatum: r.intrekkingsdatum })),
  };
}

/** The full decision with id `id` (RSIN, or dossier number for a group decision), or null when unknown. */
export async function getCharity(db: PrismaClient, importId: number, peildatum: Date | string, id: string): Promise<CharityDossier | null> {
  const [r] = await db.$queryRaw<Row[]>`
    SELECT ${COLUMNS}, ruw FROM anbi_beschikking WHERE import_id = ${importId} AND id = ${id}`;
  if (!r) return null;
  const ruw = (typeof r.ruw === 'string' ? JSON.parse(r.ruw) : r.ruw ?? {}) as { groepsbeschikking?: boolean; extra?: Record<string, string> };
  return {
    ...item(r, peildatum),
    dossiernummer: r.dossiernummer,
    website: r.website,
    ingangsdatum: r.ingangsdatum,
    intrekkingsdatum: r.intrekkingsdatum,
    ingangsdatum_cultuur: r.ingangsdatum_cultuur,
    einddatum_cultuur: r.einddatum_cultuur,
    groepsbeschikking: ruw.groepsbeschikking === true,
    extra: ruw.extra ?? {},
  };
}
