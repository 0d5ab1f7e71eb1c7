// Queries over the published AFM (fsp) version: the filtered, paged institution list (q is a
// case-insensitive contains over statutory and trade names, served by the trigram index on zoeknaam),
// one dossier by id with its licences, and the flat licence list. Licence status is derived against the
// peildatum as the spec states (geldig: no end date, or end date on/after the peildatum). Every value is
// a bound parameter; SQL text comes only from code (the field catalogues below).
import { Prisma } from '@/lib/generated/prisma/client';
import { telAltijd, type Teller } from '@/lib/registers/common/version-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { compileSorteer, compileWaar, defineCatalogus, type EnterpriseParams } from '@/lib/registers/query-language';
import { geldigheid, type Geldigheid } from '../common/status';
import { geldigheidConditie, geldigheidSql, peildatumJoin } from '../common/peildatum-sql';
import { zoektermConditie } from '../common/zoekterm';
import type { FspInstitution, FspProduct } from './group';
import { upperKey, type FspRuw } from './import';

/** The enterprise parameters (parsed against a catalogue): filter and sort; velden is applied by the caller. */
export type FspEnterprise = Pick<EnterpriseParams, 'waar' | 'sorteer'>;

export interface FspInstellingenFilter {
  q?: string;
  kvk_nummer?: string;
  land?: string;
  plaats?: string;
  ep?: 'ja' | 'nee';
  rijen: number;
  start: number;
}

// A mapped type (not an interface) so that it is assignable to Record<string, unknown> for selectFields.
export type FspInstellingItem = {
  id: string;
  naam: string;
  handelsnamen: string[];
  kvk_nummer: string | null;
  plaats: string | null;
  land: string | null;
  ep: boolean | null;
  aantal_vergunningen: number;
};

/**
 * Field catalogue of GET /v1/fsp/instellingen for waar, velden and sorteer. The names are the keys of
 * FspInstellingItem; handelsnamen is filtered as the names joined by ' | ' (contains/startswith work on it).
 */
export const fspInstellingenVelden = defineCatalogus({
  operatie: 'fsp-instellingen',
  id: 'id',
  standaardSortering: 'naam',
  voorbeeld: "plaats eq 'Utrecht'",
  velden: [
    { naam: 'id', type: 'tekst', sql: 'id', omschrijving: 'Id van de instelling (AFM-id, of afgeleid)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'naam', type: 'tekst', sql: 'naam', omschrijving: 'Statutaire naam', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'handelsnamen', type: 'tekst', sql: "array_to_string(handelsnamen, ' | ')", omschrijving: 'Handelsnamen (gescheiden door |)',
      sorteerbaar: false, selecteerbaar: true, operatoren: ['eq', 'ne', 'contains', 'startswith'],
    },
    { naam: 'kvk_nummer', type: 'tekst', sql: 'kvk_nummer', omschrijving: 'KvK-nummer', sorteerbaar: true, selecteerbaar: true },
    { naam: 'plaats', type: 'tekst', sql: 'plaats', omschrijving: 'Vestigingsplaats', sorteerbaar: true, selecteerbaar: true },
    { naam: 'land', type: 'tekst', sql: 'land', omschrijving: 'Land van vestiging', sorteerbaar: true, selecteerbaar: true },
    { naam: 'ep', type: 'jaNee', sql: 'ep', omschrijving: 'Inkomend Europees paspoort (null: de AFM-export vermeldt het niet)', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'aantal_vergunningen', type: 'getal', geheel: true, sql: 'aantal_vergunningen', omschrijving: 'Aantal vergunningen',
      sorteerbaar: true, selecteerbaar: true,
    },
  ],
});

export type FspVergunningItem = {
  vergunningnummer: string;
  instelling_id: string;
  instelling_naam: string;
  ingangsdatum: string | null;
  einddatum: string | null;
  status: Geldigheid;
  aantal_producten: number;
  producten: FspDossierProduct[];
};

/**
 * Field catalogue of GET /v1/fsp/vergunningen. status is derived against the peildatum, joined into the
 * list query as a bound value (common/peildatum-sql.ts), by the same rule as common/status.ts geldigheid.
 */
export const fspVergunningenVelden = defineCatalogus({
  operatie: 'fsp-vergunningen',
  id: 'vergunningnummer',
  standaardSortering: 'vergunningnummer',
  voorbeeld: "status eq 'geldig'",
  velden: [
    { naam: 'vergunningnummer', type: 'tekst', sql: 'v.vergunningnummer', omschrijving: 'Vergunningnummer', sorteerbaar: true, selecteerbaar: true },
    { naam: 'instelling_id', type: 'tekst', sql: 'v.instelling_id', omschrijving: 'Id van de instelling', sorteerbaar: true, selecteerbaar: true },
    { naam: 'instelling_naam', type: 'tekst', sql: 'v.instelling_naam', omschrijving: 'Statutaire naam van de instelling', sorteerbaar: true, selecteerbaar: true },
    { naam: 'ingangsdatum', type: 'datum', sql: 'v.ingangsdatum', omschrijving: 'Ingangsdatum van de vergunning', sorteerbaar: true, selecteerbaar: true },
    { naam: 'einddatum', type: 'datum', sql: 'v.einddatum', omschrijving: 'Einddatum van de vergunning', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'status', type: 'enum', waarden: ['geldig', 'beëindigd'],
      sql: geldigheidSql('v.einddatum'),
      omschrijving: 'geldig of beëindigd, afgeleid tegen de peildatum', sorteerbaar: true, selecteerbaar: true,
    },
    {
      naam: 'aantal_producten', type: 'getal', geheel: true, sql: 'jsonb_array_length(v.producten)', omschrijving: 'Aantal financiële producten',
      sorteerbaar: true, selecteerbaar: true,
    },
    {
      naam: 'producten', type: 'tekst', sql: 'v.producten', omschrijving: 'Producten met hun diensten',
      sorteerbaar: false, selecteerbaar: true, filterbaar: false,
    },
  ],
});

export interface FspVergunningenFilter {
  vergunningnummer?: string;
  instelling_id?: string;
  status?: Geldigheid;
  rijen: number;
  start: number;
}

/** A service of a product as served: its period and its status against the peildatum. */
export interface FspDossierDienst {
  dienst: string;
  ingangsdatum: string | null;
  einddatum: string | null;
  status: Geldigheid;
}

/** A product as served: all service names, and each service with its period and status (empty for older versions). */
export type FspDossierProduct = { product: string | null; diensten: string[]; perioden: FspDossierDienst[] };

export interface FspDossierVergunning {
  vergunningnummer: string;
  ingangsdatum: string | null;
  einddatum: string | null;
  status: Geldigheid;
  producten: FspDossierProduct[];
}

/** The stored institution as imported, with its licences as served (status against the peildatum). */
export type FspDossier = Omit<FspInstitution, 'vergunningen' | 'eerste_regel'> & { vergunningen: FspDossierVergunning[] };

/** The products of a licence as served: each service's status against the peildatum (same rule as the licence's). */
export function servedProducten(producten: readonly FspProduct[], peildatum: Date | string): FspDossierProduct[] {
  return producten.map((p) => ({
    product: p.product,
    diensten: p.diensten,
    perioden: (p.perioden ?? []).map((d) => ({ ...d, status: geldigheid(d.einddatum, peildatum) })),
  }));
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const INSTELLING_KOLOMMEN = Prisma.sql`id, naam, handelsnamen, kvk_nummer, plaats, land, ep, aantal_vergunningen`;

/** One page of institutions of import `importId` matching the filter, with the total count. */
export async function listFspInstellingen(
  db: PrismaClient,
  importId: number,
  f: FspInstellingenFilter,
  /** The total without filters when known (the manifest's count): saves a count over the whole table. */
  unfilteredTotal?: number,
  e: FspEnterprise = {},
  /** Where the filter's total is kept (common/version-cache.ts totaalPerVersie); default: counted. */
  tel: Teller = telAltijd,
): Promise<{ totaal: number; items: FspInstellingItem[] }> {
  const conds: Prisma.Sql[] = [Prisma.sql`import_id = ${importId}`];
  if (f.q) conds.push(zoektermConditie(Prisma.sql`zoeknaam`, f.q));
  if (f.kvk_nummer) conds.push(Prisma.sql`kvk_nummer = ${f.kvk_nummer}`);
  if (f.land) conds.push(Prisma.sql`land_key = ${upperKey(f.land)}`);
  if (f.plaats) conds.push(Prisma.sql`plaats_key = ${upperKey(f.plaats)}`);
  if (f.ep) conds.push(Prisma.sql`ep = ${f.ep === 'ja'}`);
  if (e.waar) conds.push(compileWaar(e.waar, fspInstellingenVelden));
  const where = Prisma.join(conds, ' AND ');
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : await tel(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM fsp_instelling WHERE ${where}`)[0].n);
  const orderBy = compileSorteer(e.sorteer, fspInstellingenVelden); // default: naam, id
  const items =
    n > f.start
      ? await db.$queryRaw<FspInstellingItem[]>`
          SELECT ${INSTELLING_KOLOMMEN} FROM fsp_instelling WHERE ${where}
          ${orderBy} LIMIT ${f.rijen} OFFSET ${f.start}`
      : [];
  return { totaal: n, items };
}

type VergunningRij = Omit<FspVergunningItem, 'status' | 'producten'> & { producten: unknown };

/** One page of licences of import `importId` matching the filter, with the total count; status against `peildatum`. */
export async function listFspVergunningen(
  db: PrismaClient,
  importId: number,
  peildatum: Date | string,
  f: FspVergunningenFilter,
  unfilteredTotal?: number,
  e: FspEnterprise = {},
  /** Where the filter's total is kept (common/version-cache.ts totaalPerVersie); default: counted. */
  tel: Teller = telAltijd,
): Promise<{ totaal: number; items: FspVergunningItem[] }> {
  // peil.peildatum (a bound value) for the catalogue's status expression (see fspVergunningenVelden).
  const from = Prisma.sql`fsp_vergunning v ${peildatumJoin(peildatum)}`;
  const conds: Prisma.Sql[] = [Prisma.sql`v.import_id = ${importId}`];
  if (f.vergunningnummer) conds.push(Prisma.sql`v.vergunningnummer = ${f.vergunningnummer}`);
  if (f.instelling_id) conds.push(Prisma.sql`v.instelling_id = ${f.instelling_id}`);
  if (f.status) conds.push(geldigheidConditie('v.einddatum', f.status));
  if (e.waar) conds.push(compileWaar(e.waar, fspVergunningenVelden));
  const where = Prisma.join(conds, ' AND ');
  const n =
    conds.length === 1 && unfilteredTotal !== undefined
      ? unfilteredTotal
      : await tel(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`)[0].n);
  // The catalogue's tiebreaker is the licence number; volgnr keeps the order stable should two
  // institutions carry the same number.
  const orderBy = Prisma.sql`${compileSorteer(e.sorteer, fspVergunningenVelden)}, v.volgnr`;
  const rows =
    n > f.start
      ? await db.$queryRaw<VergunningRij[]>`
          SELECT v.vergunningnummer, v.instelling_id, v.instelling_naam,
            to_char(v.ingangsdatum, 'YYYY-MM-DD') AS ingangsdatum, to_char(v.einddatum, 'YYYY-MM-DD') AS einddatum,
            jsonb_array_length(v.producten)::int AS aantal_producten, v.producten
          FROM ${from} WHERE ${where}
          ${orderBy} LIMIT ${f.rijen} OFFSET ${f.start}`
      : [];
  const items = rows.map((r) => ({
    vergunningnummer: r.vergunningnummer,
    instelling_id: r.instelling_id,
    instelling_naam: r.instelling_naam,
    ingangsdatum: r.ingangsdatum,
    einddatum: r.einddatum,
    status: geldigheid(r.einddatum, peildatum),
    aantal_producten: r.aantal_producten,
    producten: servedProducten(json<FspProduct[]>(r.producten), peildatum),
  }));
  return { totaal: n, items };
}

type DossierRij = Omit<FspDossier, 'vergunningen' | 'adressen' | 'extra' | 'id_afgeleid'> & { ruw: unknown };

/** The full dossier of institution `id` with its licences, or null when unknown. */
export async function getFspDossier(db: PrismaClient, importId: number, peildatum: Date | string, id: string): Promise<FspDossier | null> {
  const [r] = await db.$queryRaw<DossierRij[]>`
    SELECT id, naam, handelsnamen, kvk_nummer, adres, postcode, plaats, land, ep, lidstaat_herkomst, klachteninstituut,
      beleidsbepalers, aantal_vergunningen, ruw
    FROM fsp_instelling WHERE import_id = ${importId} AND id = ${id}`;
  if (!r) return null;
  const licences = await db.$queryRaw<{ vergunningnummer: string; ingangsdatum: string | null; einddatum: string | null; producten: unknown }[]>`
    SELECT vergunningnummer, to_char(ingangsdatum, 'YYYY-MM-DD') AS ingangsdatum, to_char(einddatum, 'YYYY-MM-DD') AS einddatum, producten
    FROM fsp_vergunning WHERE import_id = ${importId} AND instelling_id = ${id} ORDER BY volgnr`;
  const { ruw, ...rest } = r;
  const extra = json<Partial<FspRuw>>(ruw ?? {});
  return {
    id: rest.id,
    id_afgeleid: extra.id_afgeleid === true,
    naam: rest.naam,
    handelsnamen: rest.handelsnamen,
    handelsnamen_perioden: extra.handelsnamen ?? [],
    statutaire_zetel: extra.statutaire_zetel ?? null,
    rechtsvorm: extra.rechtsvorm ?? null,
    kvk_nummer: rest.kvk_nummer,
    adres: rest.adres,
    postcode: rest.postcode,
    plaats: rest.plaats,
    land: rest.land,
    adressen: extra.adressen ?? [],
    ep: rest.ep,
    lidstaat_herkomst: rest.lidstaat_herkomst,
    klachteninstituut: rest.klachteninstituut,
    // not in the AFM exports: null rather than an empty list that would claim there are none
    beleidsbepalers: rest.beleidsbepalers?.length ? rest.beleidsbepalers : null,
    aantal_vergunningen: rest.aantal_vergunningen,
    vergunningen: licences.map((l) => ({
      vergunningnummer: l.vergunningnummer,
      ingangsdatum: l.ingangsdatum,
      einddatum: l.einddatum,
      status: geldigheid(l.einddatum, peildatum),
      producten: servedProducten(json<FspProduct[]>(l.producten), peildatum),
    })),
    extra: extra.extra ?? {},
  };
}
