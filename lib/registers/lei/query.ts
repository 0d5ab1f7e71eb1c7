// Queries over the published LEI version: the filtered, paged list (q is a case-insensitive contains
// over legal and other names, served by the trigram index of the search table lei_zoek), one dossier
// by LEI, and all records of a KvK number. Every value is a bound parameter.
import { Prisma } from '@/lib/generated/prisma/client';
import { telAltijd, type Teller } from '@/lib/registers/common/version-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { compileSorteer, compileWaar, defineCatalogus, type EnterpriseParams } from '@/lib/registers/query-language';
import { plaatsKey, type LeiEntity, type LeiRelationship } from './record';
import { zoektermConditie } from '../common/zoekterm';

export interface LeiListFilter {
  q?: string;
  kvk_nummer?: string;
  plaats?: string;
  status?: 'actief' | 'inactief';
  rijen: number;
  start: number;
}

/** The enterprise parameters (parsed against leiEntiteitenVelden): filter and sort; velden is applied by the caller. */
export type LeiEnterprise = Pick<EnterpriseParams, 'waar' | 'sorteer'>;

export interface LeiListItem {
  lei: string;
  naam: string;
  kvk_nummer: string | null;
  plaats: string | null;
  status: string;
  registratie_status: string | null;
  rechtsvorm: string | null;
}

/** An item of the entity list (GET /v1/lei/entiteiten): the list columns plus address and registration dates. */
// A mapped type (not an interface) so that it is assignable to Record<string, unknown> for selectFields.
export type LeiLijstItem = { [K in keyof LeiListItem]: LeiListItem[K] } & {
  land: string | null;
  postcode: string | null;
  /** Date (YYYY-MM-DD, UTC) of the first LEI registration. */
  registratiedatum: string | null;
  /** Date (YYYY-MM-DD, UTC) of the last update of the LEI record. */
  laatste_update: string | null;
};

/**
 * Field catalogue of GET /v1/lei/entiteiten for waar, velden and sorteer. The names are the keys of
 * LeiLijstItem; the SQL expressions are columns of lei_entiteit (dates as UTC calendar dates).
 */
export const leiEntiteitenVelden = defineCatalogus({
  operatie: 'lei-entiteiten',
  id: 'lei',
  standaardSortering: 'naam',
  voorbeeld: "plaats eq 'Utrecht'",
  velden: [
    { naam: 'lei', type: 'tekst', sql: 'lei', omschrijving: 'LEI (20 tekens)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'naam', type: 'tekst', sql: 'naam', omschrijving: 'Statutaire naam', sorteerbaar: true, selecteerbaar: true },
    { naam: 'kvk_nummer', type: 'tekst', sql: 'kvk_nummer', omschrijving: 'KvK-nummer (RA000463)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'plaats', type: 'tekst', sql: 'plaats', omschrijving: 'Plaats van het juridische adres', sorteerbaar: true, selecteerbaar: true },
    { naam: 'land', type: 'tekst', sql: 'land', omschrijving: 'Land van het juridische adres (ISO 3166-1)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'postcode', type: 'tekst', sql: 'postcode', omschrijving: 'Postcode van het juridische adres', sorteerbaar: true, selecteerbaar: true },
    { naam: 'status', type: 'enum', waarden: ['actief', 'inactief'], sql: 'status', omschrijving: 'Entiteitstatus', sorteerbaar: true, selecteerbaar: true },
    { naam: 'registratie_status', type: 'tekst', sql: 'registratie_status', omschrijving: 'GLEIF RegistrationStatus', sorteerbaar: true, selecteerbaar: true },
    { naam: 'rechtsvorm', type: 'tekst', sql: 'rechtsvorm', omschrijving: 'Rechtsvorm', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'registratiedatum', type: 'datum', sql: "CAST(eerste_registratie AT TIME ZONE 'UTC' AS date)",
      omschrijving: 'Datum van de eerste LEI-registratie', sorteerbaar: true, selecteerbaar: true,
    },
    {
      naam: 'laatste_update', type: 'datum', sql: "CAST(laatste_wijziging AT TIME ZONE 'UTC' AS date)",
      omschrijving: 'Datum van de laatste wijziging van het LEI-record', sorteerbaar: true, selecteerbaar: true,
    },
  ],
});

export interface LeiRelatieItem {
  lei: string;
  naam: string | null;
  type: string;
  status: string | null;
  /** GLEIF's periods; StartDate is begin here (start is the paging offset everywhere else in the API). */
  perioden: { begin: string | null; eind: string | null; type: string | null }[];
}

/** A relation row as stored (perioden as GLEIF names them) into the answer's names. */
function relatieItem(r: Omit<LeiRelatieItem, 'perioden'> & { perioden: unknown }): LeiRelatieItem {
  const opgeslagen = (typeof r.perioden === 'string' ? JSON.parse(r.perioden) : (r.perioden ?? [])) as LeiRelationship['perioden'];
  return { ...r, perioden: opgeslagen.map((p) => ({ begin: p.start, eind: p.eind, type: p.type })) };
}

export interface LeiDossier
  extends LeiListItem,
    Pick<
      LeiEntity,
      | 'andere_namen' | 'land' | 'postcode' | 'adres' | 'jurisdictie' | 'rechtsvorm_code' | 'categorie' | 'registratie_autoriteit'
      | 'registratie_nummer' | 'oprichtingsdatum' | 'eerste_registratie' | 'laatste_wijziging' | 'volgende_verlenging' | 'beheerder_lou'
    > {
  /** Parents (this entity IS_..._CONSOLIDATED_BY them) and children (consolidated by this entity). */
  consolidatie: { ouders: LeiRelatieItem[]; dochters: LeiRelatieItem[] };
  bronrecord: Record<string, string>;
}

const LIST_COLUMNS = Prisma.sql`lei, naam, kvk_nummer, plaats, status, registratie_status, rechtsvorm`;
const LIJST_KOLOMMEN = Prisma.sql`${LIST_COLUMNS}, land, postcode, eerste_registratie, laatste_wijziging`;
const E_LIJST_KOLOMMEN = Prisma.sql`e.lei, e.naam, e.kvk_nummer, e.plaats, e.status, e.registratie_status, e.rechtsvorm,
  e.land, e.postcode, e.eerste_registratie, e.laatste_wijziging`;

type LijstRij = LeiListItem & { land: string | null; postcode: string | null; eerste_registratie: Date | null; laatste_wijziging: Date | null };

const datum = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

const lijstItem = ({ eerste_registratie, laatste_wijziging, ...r }: LijstRij): LeiLijstItem => ({
  ...r,
  registratiedatum: datum(eerste_registratie),
  laatste_update: datum(laatste_wijziging),
});

// The ordinary filters: columns of both lei_entiteit and lei_zoek under the same names.
function filterConds(f: LeiListFilter): Prisma.Sql[] {
  const conds: Prisma.Sql[] = [];
  if (f.kvk_nummer) conds.push(Prisma.sql`kvk_nummer = ${f.kvk_nummer}`);
  if (f.plaats) conds.push(Prisma.sql`plaats_key = ${plaatsKey(f.plaats)}`);
  if (f.status) conds.push(Prisma.sql`status = ${f.status}`);
  return conds;
}

/**
 * One page of Dutch LEI entities of import `importId` matching the filter, with the total count. The
 * enterprise filter (waar) is ANDed with the ordinary filters; its sort (sorteer) replaces the default
 * order (naam, lei). Both come from the parsed parameters and compile to bound SQL.
 *
 * q searches go through the narrow search table lei_zoek (name, search text and the filter columns;
 * about 130 bytes a row against about 2 kB in lei_entiteit): the matches are collected once through
 * its trigram index, counted and sorted there, and only the page's rows are read from lei_entiteit.
 * With waar or sorteer (any field) the matches restrict lei_entiteit as a semi-join instead. The q path
 * counts in its one statement, so it does not use `tel`.
 */
export async function listLeiEntities(
  db: PrismaClient,
  importId: number,
  f: LeiListFilter,
  /** The total without filters when known (the manifest's count): saves a count over the whole table. */
  unfilteredTotal?: number,
  e: LeiEnterprise = {},
  /** Where the filter's total is kept (common/version-cache.ts totaalPerVersie); default: counted. */
  tel: Teller = telAltijd,
): Promise<{ totaal: number; items: LeiLijstItem[] }> {
  const enterprise = !!e.waar || (e.sorteer?.length ?? 0) > 0;
  if (f.q && !enterprise) return searchLeiEntities(db, importId, { ...f, q: f.q });
  const conds: Prisma.Sql[] = [Prisma.sql`import_id = ${importId}`];
  if (f.q) {
    conds.push(Prisma.sql`lei IN (SELECT lei FROM lei_zoek WHERE import_id = ${importId} AND ${zoektermConditie(Prisma.sql`zoeknaam`, f.q)})`);
  }
  conds.push(...filterConds(f));
  if (e.waar) conds.push(compileWaar(e.waar, leiEntiteitenVelden));
  const where = Prisma.join(conds, ' AND ');
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : await tel(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM lei_entiteit WHERE ${where}`)[0].n);
  // Without sorteer the historical order naam, lei (served by the (import_id, naam, lei) index).
  const orderBy = e.sorteer && e.sorteer.length > 0 ? compileSorteer(e.sorteer, leiEntiteitenVelden) : Prisma.sql`ORDER BY naam, lei`;
  const rows =
    n <= f.start
      ? []
      : await db.$queryRaw<LijstRij[]>`
          SELECT ${LIJST_KOLOMMEN} FROM lei_entiteit WHERE ${where}
          ${orderBy} LIMIT ${f.rijen} OFFSET ${f.start}`;
  return { totaal: n, items: rows.map(lijstItem) };
}

// q (with the ordinary filters) in ONE statement over lei_zoek: the matches are collected once through
// the trigram index (MATERIALIZED), counted, sorted by naam, lei for the page, and only the page's rows
// are joined to lei_entiteit. The count row comes back also when the page is empty (start past the end).
async function searchLeiEntities(
  db: PrismaClient,
  importId: number,
  f: LeiListFilter & { q: string },
): Promise<{ totaal: number; items: LeiLijstItem[] }> {
  const conds: Prisma.Sql[] = [Prisma.sql`import_id = ${importId}`, zoektermConditie(Prisma.sql`zoeknaam`, f.q)];
  conds.push(...filterConds(f));
  const rows = await db.$queryRaw<(Partial<LijstRij> & { totaal: number })[]>`
    WITH treffers AS MATERIALIZED (SELECT lei, naam FROM lei_zoek WHERE ${Prisma.join(conds, ' AND ')}),
      aantal AS (SELECT count(*)::int AS totaal FROM treffers),
      pagina AS (SELECT lei, naam FROM treffers ORDER BY naam, lei LIMIT ${f.rijen} OFFSET ${f.start})
    SELECT aantal.totaal, ${E_LIJST_KOLOMMEN}
    FROM aantal LEFT JOIN (pagina JOIN lei_entiteit e ON e.import_id = ${importId} AND e.lei = pagina.lei) ON true
    ORDER BY pagina.naam, pagina.lei`;
  const totaal = rows[0]?.totaal ?? 0;
  const items = rows.filter((r) => r.lei != null).map((r) => {
    const { totaal: _, ...rij } = r;
    return lijstItem(rij as LijstRij);
  });
  return { totaal, items };
}

/** Every LEI record (active and inactive) of one KvK number. */
export async function leiByKvk(db: PrismaClient, importId: number, kvk: string): Promise<LeiListItem[]> {
  return db.$queryRaw<LeiListItem[]>`
    SELECT ${LIST_COLUMNS} FROM lei_entiteit WHERE import_id = ${importId} AND kvk_nummer = ${kvk}
    ORDER BY status, naam, lei`;
}

type DossierRow = Omit<LeiDossier, 'consolidatie' | 'bronrecord' | 'eerste_registratie' | 'laatste_wijziging' | 'volgende_verlenging'> & {
  eerste_registratie: Date | null;
  laatste_wijziging: Date | null;
  volgende_verlenging: Date | null;
  ruw: unknown;
};

/** The full dossier of one LEI with its consolidation relationships, or null when unknown. */
export async function getLeiDossier(db: PrismaClient, importId: number, lei: string): Promise<LeiDossier | null> {
  const [row] = await db.$queryRaw<DossierRow[]>`
    SELECT lei, naam, andere_namen, kvk_nummer, plaats, land, postcode, adres, jurisdictie, status, registratie_status,
      rechtsvorm, rechtsvorm_code, categorie, registratie_autoriteit, registratie_nummer, oprichtingsdatum,
      eerste_registratie, laatste_wijziging, volgende_verlenging, beheerder_lou, ruw
    FROM lei_entiteit WHERE import_id = ${importId} AND lei = ${lei}`;
  if (!row) return null;
  const ouders = await db.$queryRaw<(Omit<LeiRelatieItem, 'perioden'> & { perioden: unknown })[]>`
    SELECT r.end_lei AS lei, e.naam, r.type, r.status, r.perioden FROM lei_relatie r
    LEFT JOIN lei_entiteit e ON e.import_id = r.import_id AND e.lei = r.end_lei
    WHERE r.import_id = ${importId} AND r.start_lei = ${lei} ORDER BY r.type, r.end_lei`;
  const dochters = await db.$queryRaw<(Omit<LeiRelatieItem, 'perioden'> & { perioden: unknown })[]>`
    SELECT r.start_lei AS lei, e.naam, r.type, r.status, r.perioden FROM lei_relatie r
    LEFT JOIN lei_entiteit e ON e.import_id = r.import_id AND e.lei = r.start_lei
    WHERE r.import_id = ${importId} AND r.end_lei = ${lei} ORDER BY r.type, r.start_lei`;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const { ruw, ...rest } = row;
  return {
    ...rest,
    eerste_registratie: iso(row.eerste_registratie),
    laatste_wijziging: iso(row.laatste_wijziging),
    volgende_verlenging: iso(row.volgende_verlenging),
    consolidatie: { ouders: ouders.map(relatieItem), dochters: dochters.map(relatieItem) },
    bronrecord: (typeof ruw === 'string' ? JSON.parse(ruw) : ruw) as Record<string, string>,
  };
}
