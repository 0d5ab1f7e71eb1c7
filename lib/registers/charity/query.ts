// Queries over the published ANBI version: the filtered, paged list (q is a case-insensitive contains
// over name and alias, served by the trigram index on zoeknaam) and one decision by id (RSIN, or the
// dossier number of a group decision). status and cultuur are derived against the peildatum as the spec
// states (geldig: no end date, or end date on/after the peildatum). Every value is a bound parameter.
import { Prisma } from '@/lib/generated/prisma/client';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { geldigheid, type Geldigheid } from '../common/status';
import { likeContains } from '../lei/query';
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

const day = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : d.slice(0, 10));

/** One page of ANBI decisions of import `importId` matching the filter, with the total count. */
export async function listCharities(
  db: PrismaClient,
  importId: number,
  peildatum: Date | string,
  f: CharityListFilter,
  /** The total without filters when known (the manifest's count): saves a count over the whole table. */
  unfilteredTotal?: number,
): Promise<{ totaal: number; items: CharityListItem[] }> {
  const pd = day(peildatum);
  const conds: Prisma.Sql[] = [Prisma.sql`import_id = ${importId}`];
  if (f.q) conds.push(Prisma.sql`zoeknaam ILIKE ${likeContains(f.q.toLowerCase())}`);
  if (f.rsin) conds.push(Prisma.sql`rsin = ${f.rsin}`);
  if (f.plaats) conds.push(Prisma.sql`plaats_key = ${plaatsKey(f.plaats)}`);
  const geldig = Prisma.sql`(intrekkingsdatum IS NULL OR intrekkingsdatum >= ${pd}::date)`;
  if (f.status === 'geldig') conds.push(geldig);
  if (f.status === 'beëindigd') conds.push(Prisma.sql`NOT ${geldig}`);
  const cultuur = Prisma.sql`(ingangsdatum_cultuur IS NOT NULL AND (einddatum_cultuur IS NULL OR einddatum_cultuur >= ${pd}::date))`;
  if (f.cultuur === 'ja') conds.push(cultuur);
  if (f.cultuur === 'nee') conds.push(Prisma.sql`NOT ${cultuur}`);
  const where = Prisma.join(conds, ' AND ');
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM anbi_beschikking WHERE ${where}`)[0].n;
  const rows =
    n > f.start
      ? await db.$queryRaw<Row[]>`
          SELECT ${COLUMNS} FROM anbi_beschikking WHERE ${where}
          ORDER BY naam, id LIMIT ${f.rijen} OFFSET ${f.start}`
      : [];
  return { totaal: n, items: rows.map((r) => item(r, peildatum)) };
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
