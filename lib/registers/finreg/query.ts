// Queries over the published finreg (DNB) version: the institution list (q is a case-insensitive
// contains over statutory and trade names, served by the trigram index on zoeknaam; identifiers and
// sub-register exact), one institution's dossier with all registrations and its related relations, and
// the flat registration list. status is derived against the peildatum (common/status.ts: geldig when
// there is no end date or it is on/after the peildatum). Every value is a bound parameter.
import { Prisma } from '@/lib/generated/prisma/client';
import { telAltijd, type Teller } from '@/lib/registers/common/version-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { compileSorteer, compileWaar, type EnterpriseParams } from '@/lib/registers/query-language';
import { geldigheid, type Geldigheid } from '../common/status';
import { geldigheidConditie, peildatumJoin } from '../common/peildatum-sql';
import { zoektermConditie } from '../common/zoekterm';
import { finregInstellingenVelden, finregRegistratiesVelden } from './catalogus';
import { DEELREGISTERS } from './deelregisters';
import { upperKey } from './import';
import type { DnbActiviteit, DnbInstitutionIdentity } from './institutions';

export type FinregEnterprise = Pick<EnterpriseParams, 'waar' | 'sorteer'>;

export interface FinregInstellingenFilter {
  q?: string;
  kvk_nummer?: string;
  rsin?: string;
  lei?: string;
  deelregister?: string;
  land?: string;
  plaats?: string;
  rijen: number;
  start: number;
}

// Mapped types (not interfaces) so that items are assignable to Record<string, unknown> for selectFields.
export type FinregInstellingItem = {
  relatienummer: string;
  naam: string;
  kvk_nummer: string | null;
  rsin: string | null;
  lei: string | null;
  plaats: string | null;
  land: string | null;
  deelregisters: string[];
  aantal_registraties: number;
};

export type FinregActiviteit = DnbActiviteit & { status: Geldigheid };

export type FinregRegistratieItem = {
  volgnr: number;
  relatienummer: string;
  naam: string;
  deelregister: string | null;
  type: string | null;
  wetsartikel: string | null;
  begindatum: string | null;
  einddatum: string | null;
  status: Geldigheid;
  activiteiten: FinregActiviteit[];
};

export interface FinregRegistratiesFilter {
  deelregister?: string;
  status?: Geldigheid;
  type?: string;
  q?: string;
  rijen: number;
  start: number;
}

export interface FinregGerelateerd {
  relatienummer: string;
  naam: string;
  /** what is shared: kvk_nummer and/or lei */
  via: ('kvk_nummer' | 'lei')[];
}

export interface FinregDossier {
  relatienummer: string;
  naam: string;
  handelsnamen: string[];
  kvk_nummer: string | null;
  rsin: string | null;
  lei: string | null;
  plaatsgegevens: { statutaire_plaats: string | null; plaats_vestiging: string | null; land: string | null };
  deelregisters: { code: string; omschrijving: string | null }[];
  aantal_registraties: number;
  registraties: Omit<FinregRegistratieItem, 'relatienummer' | 'naam'>[];
  gerelateerde_relaties: FinregGerelateerd[];
  /** identity fields on which the rows of this relatienummer disagree: field → values (the first one is shown) */
  conflicten: Record<string, string[]>;
  /** source columns not mapped to a field */
  extra: Record<string, string>;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const INSTELLING_KOLOMMEN = Prisma.sql`relatienummer, naam, kvk_nummer, rsin, lei,
  COALESCE(plaats_vestiging, statutaire_plaats) AS plaats, land, deelregisters, aantal_registraties`;

/** One page of institutions of import `importId` matching the filters, with the total count. */
export async function listFinregInstellingen(
  db: PrismaClient,
  importId: number,
  f: FinregInstellingenFilter,
  /** The total without filters when known (the manifest's count): saves a count over the whole table. */
  unfilteredTotal?: number,
  e: FinregEnterprise = {},
  /** Where the filter's total is kept (common/version-cache.ts totaalPerVersie); default: counted. */
  tel: Teller = telAltijd,
): Promise<{ totaal: number; items: FinregInstellingItem[] }> {
  const conds: Prisma.Sql[] = [Prisma.sql`import_id = ${importId}`];
  if (f.q) conds.push(zoektermConditie(Prisma.sql`zoeknaam`, f.q));
  if (f.kvk_nummer) conds.push(Prisma.sql`kvk_nummer = ${f.kvk_nummer}`);
  if (f.rsin) conds.push(Prisma.sql`rsin = ${f.rsin}`);
  if (f.lei) conds.push(Prisma.sql`lei = ${f.lei}`);
  if (f.deelregister) conds.push(Prisma.sql`deelregisters @> ARRAY[${f.deelregister}]::text[]`);
  if (f.land) conds.push(Prisma.sql`land_key = ${upperKey(f.land)}`);
  if (f.plaats) conds.push(Prisma.sql`plaats_key = ${upperKey(f.plaats)}`);
  if (e.waar) conds.push(compileWaar(e.waar, finregInstellingenVelden));
  const where = Prisma.join(conds, ' AND ');
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : await tel(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM finreg_instelling WHERE ${where}`)[0].n);
  // Without sorteer: naam, relatienummer (served by the (import_id, naam, relatienummer) index).
  const orderBy = e.sorteer?.length ? compileSorteer(e.sorteer, finregInstellingenVelden) : Prisma.sql`ORDER BY naam, relatienummer`;
  const items =
    n > f.start
      ? await db.$queryRaw<FinregInstellingItem[]>`
          SELECT ${INSTELLING_KOLOMMEN} FROM finreg_instelling WHERE ${where}
          ${orderBy} LIMIT ${f.rijen} OFFSET ${f.start}`
      : [];
  return { totaal: n, items };
}

const REGISTRATIE_KOLOMMEN = Prisma.sql`volgnr, relatienummer, instelling_naam AS naam, deelregister, registratietype AS type, wetsartikel,
  to_char(begindatum, 'YYYY-MM-DD') AS begindatum, to_char(einddatum, 'YYYY-MM-DD') AS einddatum, activiteiten`;

type RegistratieRij = Omit<FinregRegistratieItem, 'status' | 'activiteiten'> & { activiteiten: unknown };

function registratieItem(r: RegistratieRij, peildatum: Date | string): FinregRegistratieItem {
  return {
    ...r,
    status: geldigheid(r.einddatum, peildatum),
    activiteiten: json<DnbActiviteit[]>(r.activiteiten).map((a) => ({ ...a, status: geldigheid(a.einddatum, peildatum) })),
  };
}

/** One page of registrations of import `importId` matching the filters, with the total count. */
export async function listFinregRegistraties(
  db: PrismaClient,
  importId: number,
  peildatum: Date | string,
  f: FinregRegistratiesFilter,
  unfilteredTotal?: number,
  e: FinregEnterprise = {},
  /** Where the filter's total is kept (common/version-cache.ts totaalPerVersie); default: counted. */
  tel: Teller = telAltijd,
): Promise<{ totaal: number; items: FinregRegistratieItem[] }> {
  // peil.peildatum (a bound value) for the catalogue's status expression (see finregRegistratiesVelden).
  const from = Prisma.sql`finreg_registratie ${peildatumJoin(peildatum)}`;
  const conds: Prisma.Sql[] = [Prisma.sql`import_id = ${importId}`];
  if (f.deelregister) conds.push(Prisma.sql`deelregister = ${f.deelregister}`);
  if (f.status) conds.push(geldigheidConditie('einddatum', f.status));
  if (f.type) conds.push(Prisma.sql`lower(registratietype) = ${f.type.toLowerCase()}`);
  if (f.q) conds.push(zoektermConditie(Prisma.sql`zoeknaam`, f.q));
  if (e.waar) conds.push(compileWaar(e.waar, finregRegistratiesVelden));
  const where = Prisma.join(conds, ' AND ');
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : await tel(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`)[0].n);
  const orderBy = compileSorteer(e.sorteer, finregRegistratiesVelden);
  const rows =
    n > f.start
      ? await db.$queryRaw<RegistratieRij[]>`
          SELECT ${REGISTRATIE_KOLOMMEN} FROM ${from} WHERE ${where}
          ${orderBy} LIMIT ${f.rijen} OFFSET ${f.start}`
      : [];
  return { totaal: n, items: rows.map((r) => registratieItem(r, peildatum)) };
}

/** A stored institution: the grouped identity (statutaire_naam stored as naam) with its registration count. */
type InstellingRij = Omit<DnbInstitutionIdentity, 'statutaire_naam' | 'conflicten'> & { naam: string; aantal_registraties: number; ruw: unknown };

const OMSCHRIJVING = new Map(DEELREGISTERS.map((d) => [d.code, d.omschrijving]));

/**
 * The dossier of one relatienummer, or null when unknown. Related relations are derived here: the other
 * relatienummers of this version with the same KvK number or the same LEI.
 */
export async function getFinregDossier(db: PrismaClient, importId: number, peildatum: Date | string, relatienummer: string): Promise<FinregDossier | null> {
  const [i] = await db.$queryRaw<InstellingRij[]>`
    SELECT relatienummer, naam, handelsnamen, statutaire_plaats, plaats_vestiging, land, kvk_nummer, rsin, lei,
      deelregisters, aantal_registraties, ruw
    FROM finreg_instelling WHERE import_id = ${importId} AND relatienummer = ${relatienummer}`;
  if (!i) return null;
  const regs = await db.$queryRaw<RegistratieRij[]>`
    SELECT ${REGISTRATIE_KOLOMMEN} FROM finreg_registratie
    WHERE import_id = ${importId} AND relatienummer = ${relatienummer} ORDER BY volgnr`;
  const related =
    i.kvk_nummer || i.lei
      ? await db.$queryRaw<{ relatienummer: string; naam: string; kvk: boolean; lei: boolean }[]>`
          SELECT relatienummer, naam, (kvk_nummer = ${i.kvk_nummer}) IS TRUE AS kvk, (lei = ${i.lei}) IS TRUE AS lei
          FROM finreg_instelling
          WHERE import_id = ${importId} AND relatienummer <> ${relatienummer}
            AND (kvk_nummer = ${i.kvk_nummer} OR lei = ${i.lei})
          ORDER BY naam, relatienummer`
      : [];
  const ruw = json<{ conflicten?: Record<string, string[]>; extra?: Record<string, string> }>(i.ruw) ?? {};
  return {
    relatienummer: i.relatienummer,
    naam: i.naam,
    handelsnamen: i.handelsnamen,
    kvk_nummer: i.kvk_nummer,
    rsin: i.rsin,
    lei: i.lei,
    plaatsgegevens: { statutaire_plaats: i.statutaire_plaats, plaats_vestiging: i.plaats_vestiging, land: i.land },
    deelregisters: i.deelregisters.map((code) => ({ code, omschrijving: OMSCHRIJVING.get(code) ?? null })),
    aantal_registraties: i.aantal_registraties,
    registraties: regs.map((r) => {
      const { relatienummer: _r, naam: _n, ...rest } = registratieItem(r, peildatum);
      return rest;
    }),
    gerelateerde_relaties: related.map((r) => ({
      relatienummer: r.relatienummer,
      naam: r.naam,
      via: [...(r.kvk ? ['kvk_nummer' as const] : []), ...(r.lei ? ['lei' as const] : [])],
    })),
    conflicten: ruw.conflicten ?? {},
    extra: ruw.extra ?? {},
  };
}
