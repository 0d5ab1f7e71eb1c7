// Recompute of the distribution monitor after a register publish (lib/monitor/README.md): reads the
// published fsp, lei and finreg versions, derives the market (pure, derive/), diffs it with the previous
// version's state (pure, diff.ts) and writes ONE dataset_versie with its wijziging rows, the new state and
// its samenwerkingsverbanden in one transaction. Idempotent: the same set of register imports (the
// version's sleutel) gives no second version. Concurrent recomputes (several processes on one database)
// are serialised by an advisory lock around the write; under it the recompute re-checks that no process
// wrote this version meanwhile, and that its inputs are still the published ones (a recompute overtaken
// by a newer publish writes nothing: the newer publish's recompute publishes, and an older state must not
// become the newest version after it).
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { maakAlerts } from '@/lib/access/volglijst';
import { plaatsGebeurtenissen } from '@/lib/access/webhooks/store';
import { bezorgNu } from '@/lib/access/webhooks/bezorger';
import { bulkInsert } from '@/lib/registers/common/bulk-insert';
import { readManifest, type Manifest } from '@/lib/registers/common/manifest';
import { FINREG_REGISTER } from '@/lib/registers/finreg/import';
import { FSP_REGISTER, fspSoort } from '@/lib/registers/fsp/import';
import { LEI_REGISTER } from '@/lib/registers/lei/import';
import { deriveHoldings } from './derive/holdings';
import { koppel, koppelAantallen, koppelBronnenVan, koppelDekking, type KoppelResultaat } from './derive/koppeling';
import { deriveSamenwerkingsverbanden } from './derive/samenwerking';
import type { MarktVestiging, VersieInfo, WijzigingRij } from './derive/types';
import { deriveVestigingen } from './derive/vestigingen';
import { diffMarkt, type MarktToestand } from './diff';
import { berekenKengetallen, KENGETAL_MAANDEN } from './metrics/kengetallen';
import { amsterdamDag, minMaanden } from '@/lib/kalender';
import { readFinregDoelen, readFspInstellingen, readLeiStructuur } from './register-input';
import { invalidateVersies } from './markt-cache';
import { readToestand, readVersies, readWijzigingenVanaf } from './store';

/** The registers the monitor is derived from, in the order of its sleutel. */
export const MONITOR_REGISTERS = [FINREG_REGISTER, FSP_REGISTER, LEI_REGISTER] as const;

/** Key of advisory lock that serialises recomputes (any constant; 'DMON' in ASCII). */
const LOCK_KEY = 0x444d4f4e;

export interface BronVermelding {
  register: string;
  import_id: number;
  peildatum: string;
  sha256: string | null;
  voorbeeld: boolean;
}

export interface RecomputeResultaat {
  /** The new version's id; null when nothing changed in the inputs (or fsp was never published). */
  versie_id: number | null;
  /**
   * geen_fsp: fsp never published; fsp_namenlijst: the published fsp version is a names list (no KvK, no
   * licences); ingehaald: a register was published again while this recompute ran (the newer one's counts).
   */
  reden?: 'geen_fsp' | 'fsp_namenlijst' | 'ongewijzigd' | 'ingehaald';
  peildatum?: string;
  wijzigingen?: number;
  samenvatting?: Record<string, Record<string, number>>;
  ms: number;
}

/** Per entiteit_type, the number of rows per wijziging_type. */
export function samenvattingVan(rows: readonly { entiteit_type: string; wijziging_type: string }[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const r of rows) {
    const t = (out[r.entiteit_type] ??= {});
    t[r.wijziging_type] = (t[r.wijziging_type] ?? 0) + 1;
  }
  return out;
}

function bronVan(m: Manifest): BronVermelding {
  return { register: m.register, import_id: m.import_id, peildatum: amsterdamDag(m.peildatum ?? m.gepubliceerd_op), sha256: m.sha256, voorbeeld: m.voorbeeld };
}

/** Recomputes the monitor from the published registers; writes a new dataset_versie when the inputs changed. */
export async function recomputeMonitor(db: PrismaClient, opts: { log?: (m: string) => void } = {}): Promise<RecomputeResultaat> {
  const t0 = performance.now();
  const log = opts.log ?? (() => undefined);
  const manifests = new Map<string, Manifest>();
  for (const r of MONITOR_REGISTERS) {
    const m = await readManifest(db, r);
    if (m) manifests.set(r, m);
  }
  const fsp = manifests.get(FSP_REGISTER);
  if (!fsp) return { versie_id: null, reden: 'geen_fsp', ms: Math.round(performance.now() - t0) };
  // A names list has no KvK numbers and no licences: the monitor keeps its previous version.
  if (fspSoort(fsp.bestanden) === 'namenlijst') return { versie_id: null, reden: 'fsp_namenlijst', ms: Math.round(performance.now() - t0) };
  const bronnen = MONITOR_REGISTERS.filter((r) => manifests.has(r)).map((r) => bronVan(manifests.get(r)!));
  const sleutel = bronnen.map((b) => `${b.register}:${b.import_id}`).join('|');
  const bestaand = await db.$queryRaw<{ id: number }[]>`SELECT id FROM dataset_versie WHERE sleutel = ${sleutel}`;
  if (bestaand.length) return { versie_id: null, reden: 'ongewijzigd', ms: Math.round(performance.now() - t0) };
  const peildatum = bronnen.map((b) => b.peildatum).sort().pop()!;

  // Derivation (outside the transaction: it only reads published, immutable import rows).
  const instellingen = await readFspInstellingen(db, fsp.import_id);
  const vestigingen = deriveVestigingen(instellingen, peildatum);
  // Links to LEI and DNB: on the KvK number, else a unique name + place (derive/koppeling.ts).
  const koppelBronnen = koppelBronnenVan(vestigingen);
  const geenKoppeling: KoppelResultaat = { perKvk: new Map(), dubbelzinnig: new Set() };
  const lei = manifests.get(LEI_REGISTER);
  let structuur: ReturnType<typeof deriveHoldings> | null = null;
  let leiKoppeling = geenKoppeling;
  if (lei) {
    const { entiteiten, relaties } = await readLeiStructuur(db, lei.import_id, koppelBronnen.map((b) => b.kvk_nummer), { naamKandidaten: true });
    leiKoppeling = koppel(
      koppelBronnen,
      entiteiten.map((e) => ({ id: e.lei, naam: e.naam, kvk_nummer: e.kvk_nummer, plaats: e.plaats ?? null, actief: e.status === 'actief' })),
    );
    structuur = deriveHoldings(vestigingen, entiteiten, relaties, peildatum, new Map([...leiKoppeling.perKvk].map(([kvk, k]) => [kvk, k.id])));
  }
  const finreg = manifests.get(FINREG_REGISTER);
  const dnbKoppeling = finreg ? koppel(koppelBronnen, await readFinregDoelen(db, finreg.import_id)) : geenKoppeling;
  const markt: MarktToestand = {
    vestigingen: vestigingen.map((v): MarktVestiging => {
      const l = leiKoppeling.perKvk.get(v.kvk_nummer);
      const d = dnbKoppeling.perKvk.get(v.kvk_nummer);
      return {
        ...v,
        lei: structuur?.lei.get(v.vestiging_id) ?? null,
        holding_id: structuur?.moeder.get(v.vestiging_id) ?? null,
        hoofdholding_id: structuur?.top.get(v.vestiging_id) ?? null,
        koppeling: {
          gleif: l ? { methode: l.methode, zekerheid: l.zekerheid } : null,
          dnb: d ? { relatienummer: d.id, methode: d.methode, zekerheid: d.zekerheid } : null,
        },
      };
    }),
    holdings: structuur?.holdings ?? [],
  };
  log(`monitor: ${markt.vestigingen.length} vestigingen, ${markt.holdings.length} holdings afgeleid`);

  const result = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
      // Re-check under the lock: another process may have written this version meanwhile.
      if ((await tx.$queryRaw<{ id: number }[]>`SELECT id FROM dataset_versie WHERE sleutel = ${sleutel}`).length) return null;
      const gepubliceerd = new Map(
        (await tx.$queryRaw<{ register: string; import_id: number }[]>`SELECT register, import_id FROM register_versie`).map((r) => [r.register, Number(r.import_id)]),
      );
      const nuSleutel = MONITOR_REGISTERS.filter((r) => gepubliceerd.has(r)).map((r) => `${r}:${gepubliceerd.get(r)}`).join('|');
      if (nuSleutel !== sleutel) return 'ingehaald' as const;
      const versies = await readVersies(tx as unknown as PrismaClient);
      const vorige = versies[versies.length - 1];
      const vorigeToestand: MarktToestand = vorige ? await readToestand(tx as unknown as PrismaClient, vorige.id) : { vestigingen: [], holdings: [] };
      const { wijzigingen, toestand } = diffMarkt(vorigeToestand, markt, peildatum);
      const samenwerking = deriveSamenwerkingsverbanden(toestand.vestigingen);

      const samenvatting = samenvattingVan(wijzigingen);
      const actief = toestand.vestigingen.filter((v) => v.actief);
      const aantallen = {
        vestigingen: toestand.vestigingen.length,
        vestigingen_actief: actief.length,
        holdings: toestand.holdings.length,
        hoofdholdingen: toestand.holdings.filter((h) => h.type === 'hoofdholding').length,
        samenwerkingsverbanden: samenwerking.length,
        instellingen_met_kvk: instellingen.length,
        vestigingen_met_lei: actief.filter((v) => v.lei).length,
        vestigingen_gebonden: actief.filter((v) => v.hoofdholding_id).length,
        vestigingen_dnb_toezicht: actief.filter((v) => dnbKoppeling.perKvk.has(v.kvk_nummer)).length,
        ketens_afgebroken: structuur?.afgebroken ?? 0,
        // Coverage of the links per target over the active vestigingen (koppeling_<doel>_<kvk|naam_plaats|geen|dubbelzinnig>).
        ...koppelAantallen({ lei: koppelDekking(actief, leiKoppeling), dnb: koppelDekking(actief, dnbKoppeling) }),
      };
      const [{ id }] = await tx.$queryRaw<{ id: number }[]>`
        INSERT INTO dataset_versie (sleutel, peildatum, bronnen, samenvatting, aantallen, kengetallen, voorbeeld, duur_ms)
        VALUES (${sleutel}, ${peildatum}::date, ${JSON.stringify(bronnen)}::jsonb, ${JSON.stringify(samenvatting)}::jsonb,
                ${JSON.stringify(aantallen)}::jsonb, '{}'::jsonb, ${bronnen.some((b) => b.voorbeeld)}, 0)
        RETURNING id`;

      await bulkInsert(
        tx,
        'wijziging',
        [{ name: 'versie_id', cast: 'integer' }, { name: 'datum', cast: 'date' }, { name: 'entiteit_type' }, { name: 'entiteit_id' }, { name: 'wijziging_type' }, { name: 'velden', cast: 'text[]' }, { name: 'oud', cast: 'jsonb' }, { name: 'nieuw', cast: 'jsonb' }],
        wijzigingen.map((w) => [id, peildatum, w.entiteit_type, w.entiteit_id, w.wijziging_type, w.velden, w.oud && JSON.stringify(w.oud), w.nieuw && JSON.stringify(w.nieuw)]),
      );
      await bulkInsert(
        tx,
        'monitor_entiteit',
        [{ name: 'versie_id', cast: 'integer' }, { name: 'entiteit_type' }, { name: 'entiteit_id' }, { name: 'gegevens', cast: 'jsonb' }],
        [
          ...toestand.vestigingen.map((v) => [id, 'vestiging', v.vestiging_id, JSON.stringify(v)]),
          ...toestand.holdings.map((h) => [id, 'holding', h.holding_id, JSON.stringify(h)]),
        ],
      );
      await bulkInsert(
        tx,
        'monitor_samenwerking',
        [{ name: 'versie_id', cast: 'integer' }, { name: 'rang', cast: 'integer' }, { name: 'id' }, { name: 'gegevens', cast: 'jsonb' }],
        samenwerking.map((s, i) => [id, i + 1, s.samenwerkingsverband_id, JSON.stringify(s)]),
      );
      // Older states are reconstructed from the wijziging rows; only the newest is kept whole.
      await tx.$executeRaw`DELETE FROM monitor_entiteit WHERE versie_id < ${id}`;

      // Key figures over the last 12 months of changes: the stored rows of earlier versions (the baseline left
      // out) plus this version's, which are already inserted, so they are read up to the previous version.
      const alleVersies: VersieInfo[] = [...versies, { id, peildatum, eerste: versies.length === 0 }];
      const recent: WijzigingRij[] = [
        ...(await readWijzigingenVanaf(tx as unknown as PrismaClient, minMaanden(peildatum, KENGETAL_MAANDEN), ['vestiging'], { naVersie: versies[0]?.id ?? 0, totVersie: id - 1 })),
        ...wijzigingen.filter((w) => w.entiteit_type === 'vestiging').map((w, i) => ({ ...w, wijziging_id: -1 - i, versie_id: id, datum: peildatum })),
      ];
      const kengetallen = berekenKengetallen({
        vestigingen: toestand.vestigingen,
        holdings: toestand.holdings,
        wijzigingen: recent,
        versies: alleVersies,
        peildatum,
        samenwerkingsverbanden_aantal: samenwerking.length,
      });
      // Alerts for the watch lists, in the same transaction as the rows they point to.
      await maakAlerts(tx, id);
      // Webhook deliveries of this version (dataset_versie.gepubliceerd, volglijst.wijziging), queued with it.
      await plaatsGebeurtenissen(tx, { versie_id: id, peildatum, voorbeeld: bronnen.some((b) => b.voorbeeld), samenvatting, aantallen });
      const duur = Math.round(performance.now() - t0);
      await tx.$executeRaw`UPDATE dataset_versie SET kengetallen = ${JSON.stringify(kengetallen)}::jsonb, duur_ms = ${duur} WHERE id = ${id}`;
      return { id, n: wijzigingen.length, samenvatting };
    },
    { timeout: 600_000, maxWait: 120_000 },
  );
  invalidateVersies();
  const ms = Math.round(performance.now() - t0);
  if (result === 'ingehaald') {
    log(`monitor: geen versie: intussen is een nieuwere registerversie gepubliceerd (de herberekening daarna publiceert)`);
    return { versie_id: null, reden: 'ingehaald', ms };
  }
  if (result) bezorgNu();
  if (!result) return { versie_id: null, reden: 'ongewijzigd', ms };
  log(`monitor: versie ${result.id} (${peildatum}) met ${result.n} wijzigingen in ${ms} ms`);
  return { versie_id: result.id, peildatum, wijzigingen: result.n, samenvatting: result.samenvatting, ms };
}

/**
 * After a publish of `register`: recomputes the monitor when the register is one of its sources. The
 * import stays published whatever happens here; a failure is returned as text for the job's message.
 */
export async function recomputeNaImport(db: PrismaClient, register: string, log?: (m: string) => void): Promise<string | null> {
  if (!(MONITOR_REGISTERS as readonly string[]).includes(register)) return null;
  try {
    const r = await recomputeMonitor(db, { log });
    if (r.versie_id === null) {
      if (r.reden === 'geen_fsp') return 'Distributiemonitor: wacht op het AFM-register (fsp).';
      if (r.reden === 'fsp_namenlijst') {
        return 'Distributiemonitor: niet herberekend: het gepubliceerde AFM-register is een namenlijst (zonder KvK-nummers en vergunningen); de vorige versie blijft staan.';
      }
      if (r.reden === 'ingehaald') return 'Distributiemonitor: niet herberekend: intussen is een nieuwere registerversie gepubliceerd; de herberekening na die import publiceert.';
      return 'Distributiemonitor: ongewijzigd.';
    }
    return `Distributiemonitor: datasetversie ${r.versie_id} (peildatum ${r.peildatum}) met ${r.wijzigingen} wijzigingen in ${(r.ms / 1000).toFixed(1)} s.`;
  } catch (e) {
    return `Distributiemonitor: herberekening mislukt: ${e instanceof Error ? e.message : String(e)}`;
  }
}
