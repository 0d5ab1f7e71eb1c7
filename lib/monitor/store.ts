// Reads of the monitor's own tables (dataset_versie, monitor_entiteit, wijziging, monitor_samenwerking):
// the versions, the newest state as stored, and any older state reconstructed from the append-only
// wijziging rows. As-of rule: the state of version V is, per entity, the `nieuw` record of its newest row
// with versie_id ≤ V (null: absent). Every value is a bound parameter.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { Samenwerkingsverband } from './derive/samenwerking';
import type { EntiteitType, MarktHolding, MarktVestiging, VersieInfo, VestigingKoppeling, WijzigingRij, WijzigingType } from './derive/types';
import type { MarktToestand } from './diff';

type Db = Pick<PrismaClient, '$queryRaw'>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const dag = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** A link as stored before issue 23 named the GLEIF link `lei` (the vestiging's `lei` is its LEI string). */
type OpgeslagenKoppeling = MarktVestiging['koppeling'] | { lei: VestigingKoppeling['gleif']; dnb: VestigingKoppeling['dnb'] };

/**
 * A stored vestiging record as the current type: one of a version made before links were recorded gets
 * `koppeling: null`; a link stored as `lei` is `gleif`.
 */
const vestigingRecord = (v: unknown): MarktVestiging => {
  const r = json<Omit<MarktVestiging, 'koppeling'> & { koppeling?: OpgeslagenKoppeling }>(v);
  const k = r.koppeling;
  if (k === undefined || k === null) return { ...r, koppeling: null };
  return { ...r, koppeling: 'gleif' in k ? k : { gleif: k.lei, dnb: k.dnb } };
};

/** Every version, oldest first (the first is the baseline). */
export async function readVersies(db: Db): Promise<VersieInfo[]> {
  const rows = await db.$queryRaw<{ id: number; peildatum: Date }[]>`SELECT id, peildatum FROM dataset_versie ORDER BY id`;
  return rows.map((r, i) => ({ id: r.id, peildatum: dag(r.peildatum), eerste: i === 0 }));
}

/** The stored state of version `versieId` (only the newest version keeps one; else empty). */
export async function readToestand(db: Db, versieId: number): Promise<MarktToestand> {
  const rows = await db.$queryRaw<{ entiteit_type: string; gegevens: unknown }[]>`
    SELECT entiteit_type, gegevens FROM monitor_entiteit WHERE versie_id = ${versieId} ORDER BY entiteit_type, entiteit_id`;
  const vestigingen: MarktVestiging[] = [];
  const holdings: MarktHolding[] = [];
  for (const r of rows) {
    if (r.entiteit_type === 'vestiging') vestigingen.push(vestigingRecord(r.gegevens));
    else holdings.push(json<MarktHolding>(r.gegevens));
  }
  return { vestigingen, holdings };
}

/** The state of version `versieId` reconstructed from the wijziging rows (the as-of replay). */
export async function replayToestand(db: Db, versieId: number): Promise<MarktToestand> {
  const vestigingen = await db.$queryRaw<{ nieuw: unknown }[]>`
    SELECT nieuw FROM (
      SELECT DISTINCT ON (entiteit_id) entiteit_id, nieuw FROM wijziging
      WHERE entiteit_type = 'vestiging' AND versie_id <= ${versieId}
      ORDER BY entiteit_id, versie_id DESC, id DESC) t
    WHERE nieuw IS NOT NULL ORDER BY entiteit_id`;
  const holdings = await db.$queryRaw<{ nieuw: unknown }[]>`
    SELECT nieuw FROM (
      SELECT DISTINCT ON (entiteit_id) entiteit_id, nieuw FROM wijziging
      WHERE entiteit_type IN ('holding', 'hoofdholding') AND versie_id <= ${versieId}
      ORDER BY entiteit_id, versie_id DESC, id DESC) t
    WHERE nieuw IS NOT NULL ORDER BY entiteit_id`;
  return { vestigingen: vestigingen.map((r) => vestigingRecord(r.nieuw)), holdings: holdings.map((r) => json<MarktHolding>(r.nieuw)) };
}

interface WijzigingDbRij {
  id: number;
  versie_id: number;
  datum: Date;
  entiteit_type: string;
  entiteit_id: string;
  wijziging_type: string;
  velden: string[];
  oud: unknown;
  nieuw: unknown;
}

/** A stored oud or nieuw record as the answers declare it (a vestiging's from before links were recorded gets `koppeling: null`). */
const record = (entiteitType: string, v: unknown): MarktVestiging | MarktHolding | null =>
  v === null ? null : entiteitType === 'vestiging' ? vestigingRecord(v) : json<MarktHolding>(v);

const rij = (r: WijzigingDbRij): WijzigingRij => ({
  wijziging_id: r.id,
  versie_id: r.versie_id,
  datum: dag(r.datum),
  entiteit_type: r.entiteit_type as EntiteitType,
  entiteit_id: r.entiteit_id,
  wijziging_type: r.wijziging_type as WijzigingType,
  velden: r.velden ?? [],
  oud: record(r.entiteit_type, r.oud),
  nieuw: record(r.entiteit_type, r.nieuw),
});

/**
 * The rows of the entiteit_types `types` dated after `vanaf` (exclusive), of the versions after `naVersie`
 * (exclusive; pass the first version's id to leave out the baseline) up to `totVersie` (inclusive).
 */
export async function readWijzigingenVanaf(
  db: Db,
  vanaf: string,
  types: readonly EntiteitType[],
  { naVersie = 0, totVersie = 2147483647 }: { naVersie?: number; totVersie?: number } = {},
): Promise<WijzigingRij[]> {
  const rows = await db.$queryRaw<WijzigingDbRij[]>`
    SELECT id, versie_id, datum, entiteit_type, entiteit_id, wijziging_type, velden, oud, nieuw FROM wijziging
    WHERE datum > ${vanaf}::date AND entiteit_type = ANY(${[...types]}::text[]) AND versie_id > ${naVersie} AND versie_id <= ${totVersie}
    ORDER BY versie_id, id`;
  return rows.map(rij);
}

export interface WijzigingFilter {
  entiteit_type?: EntiteitType;
  wijziging_type?: WijzigingType;
  entiteit_id?: string;
  rijen: number;
  start: number;
}

/** One page of the rows of version `versieId`, filtered, in row order, with the filtered total. */
export async function readWijzigingenVanVersie(db: Db, versieId: number, f: WijzigingFilter): Promise<{ totaal: number; rijen: WijzigingRij[] }> {
  const et = f.entiteit_type ?? null;
  const wt = f.wijziging_type ?? null;
  const id = f.entiteit_id ?? null;
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM wijziging WHERE versie_id = ${versieId}
      AND (${et}::text IS NULL OR entiteit_type = ${et}) AND (${wt}::text IS NULL OR wijziging_type = ${wt})
      AND (${id}::text IS NULL OR entiteit_id = ${id})`;
  const rows = await db.$queryRaw<WijzigingDbRij[]>`
    SELECT id, versie_id, datum, entiteit_type, entiteit_id, wijziging_type, velden, oud, nieuw FROM wijziging
    WHERE versie_id = ${versieId}
      AND (${et}::text IS NULL OR entiteit_type = ${et}) AND (${wt}::text IS NULL OR wijziging_type = ${wt})
      AND (${id}::text IS NULL OR entiteit_id = ${id})
    ORDER BY id LIMIT ${f.rijen} OFFSET ${f.start}`;
  return { totaal: n, rijen: rows.map(rij) };
}

/** Every row about one entity (all versions), oldest first. */
export async function readGeschiedenis(db: Db, types: readonly EntiteitType[], entiteitId: string): Promise<WijzigingRij[]> {
  const rows = await db.$queryRaw<WijzigingDbRij[]>`
    SELECT id, versie_id, datum, entiteit_type, entiteit_id, wijziging_type, velden, oud, nieuw FROM wijziging
    WHERE entiteit_type = ANY(${[...types]}::text[]) AND entiteit_id = ${entiteitId} ORDER BY versie_id, id`;
  return rows.map(rij);
}

/**
 * Every row about a structure: the entities `ids` (a hoofdholding, its holdings and vestigingen) and the rows
 * whose old or new record names `hoofdholdingId` (entities that came or left), of the versions after
 * `naVersie` (exclusive) up to `totVersie` (inclusive), dated on or after `vanaf` when given; oldest first.
 */
export async function readStructuurGeschiedenis(
  db: Db,
  hoofdholdingId: string,
  ids: readonly string[],
  { naVersie = 0, totVersie = 2147483647, vanaf = null }: { naVersie?: number; totVersie?: number; vanaf?: string | null } = {},
): Promise<WijzigingRij[]> {
  const rows = await db.$queryRaw<WijzigingDbRij[]>`
    SELECT id, versie_id, datum, entiteit_type, entiteit_id, wijziging_type, velden, oud, nieuw FROM wijziging
    WHERE versie_id > ${naVersie} AND versie_id <= ${totVersie} AND (${vanaf}::date IS NULL OR datum >= ${vanaf}::date)
      AND (entiteit_id = ANY(${[...ids]}::text[]) OR oud->>'hoofdholding_id' = ${hoofdholdingId} OR nieuw->>'hoofdholding_id' = ${hoofdholdingId})
    ORDER BY versie_id, id`;
  return rows.map(rij);
}

/** The samenwerkingsverbanden of version `versieId`, largest first (the first `limit`). */
export async function readSamenwerkingsverbanden(db: Db, versieId: number, limit = 2147483647): Promise<Samenwerkingsverband[]> {
  const rows = await db.$queryRaw<{ gegevens: unknown }[]>`
    SELECT gegevens FROM monitor_samenwerking WHERE versie_id = ${versieId} ORDER BY rang LIMIT ${limit}`;
  return rows.map((r) => json<Samenwerkingsverband>(r.gegevens));
}

/** A stored dataset_versie with everything the version operations show. */
export interface DatasetVersie {
  id: number;
  peildatum: string;
  gepubliceerd_op: string;
  bronnen: { register: string; import_id: number; peildatum: string; sha256: string | null; voorbeeld: boolean }[];
  samenvatting: Record<string, Record<string, number>>;
  aantallen: Record<string, number>;
  kengetallen: Record<string, number>;
  voorbeeld: boolean;
  duur_ms: number;
}

/** A cache key of a version: its id and publication instant (ids restart in another database). */
export const versieSleutel = (v: Pick<DatasetVersie, 'id' | 'gepubliceerd_op'>) => `${v.id}@${v.gepubliceerd_op}`;

/** Every dataset_versie with its changelog data, oldest first. */
export async function readDatasetVersies(db: Db): Promise<DatasetVersie[]> {
  const rows = await db.$queryRaw<
    { id: number; peildatum: Date; gepubliceerd_op: Date; bronnen: unknown; samenvatting: unknown; aantallen: unknown; kengetallen: unknown; voorbeeld: boolean; duur_ms: number }[]
  >`SELECT id, peildatum, gepubliceerd_op, bronnen, samenvatting, aantallen, kengetallen, voorbeeld, duur_ms FROM dataset_versie ORDER BY id`;
  return rows.map((r) => ({
    id: r.id,
    peildatum: dag(r.peildatum),
    gepubliceerd_op: r.gepubliceerd_op.toISOString(),
    bronnen: json(r.bronnen),
    samenvatting: json(r.samenvatting),
    aantallen: json(r.aantallen),
    kengetallen: json(r.kengetallen),
    voorbeeld: r.voorbeeld,
    duur_ms: r.duur_ms,
  }));
}

/** Ids of vestigingen with a mortgage service in any record up to version `versieId` (the segment's stock). */
export async function readOoitHypotheek(db: Db, versieId: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT entiteit_id AS id FROM wijziging
    WHERE entiteit_type = 'vestiging' AND versie_id <= ${versieId}
      AND (jsonb_array_length(COALESCE(oud->'hypotheek_diensten', '[]'::jsonb)) > 0
           OR jsonb_array_length(COALESCE(nieuw->'hypotheek_diensten', '[]'::jsonb)) > 0)`;
  return rows.map((r) => r.id);
}
