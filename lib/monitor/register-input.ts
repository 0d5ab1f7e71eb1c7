// Reads what the monitor's derivation needs from the published register versions (I/O at the edge; the
// derivation itself is pure, lib/monitor/derive): the fsp institutions with their licences and addresses,
// the Dutch LEI entities that matter (those with the vestigingen' KvK numbers, those in relationships and
// those without a KvK number: the candidates of the name + place link) with the relationships, and the
// central bank's institutions (finreg) as link targets.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { FspAddress, FspProduct } from '@/lib/registers/fsp/group';
import type { KoppelDoel } from './derive/koppeling';
import type { MonitorFspInstelling, MonitorLeiEntiteit, MonitorLeiRelatie } from './derive/types';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The institutions of fsp import `importId` with their licences (products as stored) and other addresses. */
export async function readFspInstellingen(db: PrismaClient, importId: number): Promise<MonitorFspInstelling[]> {
  const inst = await db.$queryRaw<
    { id: string; naam: string; handelsnamen: string[]; kvk_nummer: string | null; adres: string | null; postcode: string | null; plaats: string | null; klachteninstituut: string | null; adressen: unknown }[]
  >`
    SELECT id, naam, handelsnamen, kvk_nummer, adres, postcode, plaats, klachteninstituut, ruw->'adressen' AS adressen
    FROM fsp_instelling WHERE import_id = ${importId} AND kvk_nummer IS NOT NULL`;
  const lic = await db.$queryRaw<{ instelling_id: string; vergunningnummer: string; ingangsdatum: string | null; einddatum: string | null; producten: unknown }[]>`
    SELECT v.instelling_id, v.vergunningnummer, to_char(v.ingangsdatum, 'YYYY-MM-DD') AS ingangsdatum,
           to_char(v.einddatum, 'YYYY-MM-DD') AS einddatum, v.producten
    FROM fsp_vergunning v WHERE v.import_id = ${importId} ORDER BY v.volgnr`;
  const perInstelling = new Map<string, MonitorFspInstelling['vergunningen']>();
  for (const l of lic) {
    const list = perInstelling.get(l.instelling_id) ?? perInstelling.set(l.instelling_id, []).get(l.instelling_id)!;
    list.push({ vergunningnummer: l.vergunningnummer, ingangsdatum: l.ingangsdatum, einddatum: l.einddatum, producten: json<FspProduct[]>(l.producten) ?? [] });
  }
  return inst.map((i) => ({
    id: i.id,
    naam: i.naam,
    handelsnamen: i.handelsnamen ?? [],
    kvk_nummer: i.kvk_nummer,
    adres: i.adres,
    postcode: i.postcode,
    plaats: i.plaats,
    klachteninstituut: i.klachteninstituut,
    adressen: (json<FspAddress[] | null>(i.adressen) ?? []).map((a) => ({ adres: a.adres, postcode: a.postcode, plaats: a.plaats })),
    vergunningen: perInstelling.get(i.id) ?? [],
  }));
}

/**
 * The LEI entities with one of `kvkNummers`, with one of `opties.leis`, in a consolidation relationship, or
 * (with `opties.naamKandidaten`: the recompute's link) without a KvK number, and every relationship, of LEI
 * import `importId`. Read from the narrow search table (lei_zoek: its plaats_key is the legal address city in
 * upper case), not the wide entity rows.
 */
export async function readLeiStructuur(
  db: PrismaClient,
  importId: number,
  kvkNummers: readonly string[],
  opties: { leis?: readonly string[]; naamKandidaten?: boolean } = {},
): Promise<{ entiteiten: MonitorLeiEntiteit[]; relaties: MonitorLeiRelatie[] }> {
  const relaties = (
    await db.$queryRaw<{ start_lei: string; end_lei: string; type: string; status: string | null; perioden: unknown }[]>`
      SELECT start_lei, end_lei, type, status, perioden FROM lei_relatie WHERE import_id = ${importId} ORDER BY volgnr`
  ).map((r) => ({ ...r, perioden: json<MonitorLeiRelatie['perioden']>(r.perioden) ?? [] }));
  const entiteiten = await db.$queryRaw<MonitorLeiEntiteit[]>`
    SELECT z.lei, z.naam, z.kvk_nummer, z.status, z.plaats_key AS plaats FROM lei_zoek z
    WHERE z.import_id = ${importId}
      AND (z.kvk_nummer = ANY(${[...kvkNummers]}::text[]) OR z.lei = ANY(${[...(opties.leis ?? [])]}::text[])
           OR (${opties.naamKandidaten ?? false} AND z.kvk_nummer IS NULL)
           OR z.lei IN (SELECT start_lei FROM lei_relatie WHERE import_id = ${importId}
                        UNION SELECT end_lei FROM lei_relatie WHERE import_id = ${importId}))`;
  return { entiteiten, relaties };
}

/**
 * The central bank's institutions of finreg import `importId` as link targets: one entry per place they
 * state (statutory seat and establishment; the same id twice when they differ).
 */
export async function readFinregDoelen(db: PrismaClient, importId: number): Promise<KoppelDoel[]> {
  const rows = await db.$queryRaw<{ relatienummer: string; naam: string; kvk_nummer: string | null; statutaire_plaats: string | null; plaats_vestiging: string | null }[]>`
    SELECT relatienummer, naam, kvk_nummer, statutaire_plaats, plaats_vestiging FROM finreg_instelling WHERE import_id = ${importId}`;
  return rows.flatMap((r) =>
    [...new Set([r.statutaire_plaats, r.plaats_vestiging].map((p) => p?.trim() || null))]
      .filter((p, i, all) => p !== null || all.length === 1)
      .map((plaats) => ({ id: r.relatienummer, naam: r.naam, kvk_nummer: r.kvk_nummer, plaats, actief: true })),
  );
}
