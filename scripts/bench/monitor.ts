// Benchmark of the distribution monitor at full scale (`npm run bench:monitor`):
//   1. generates the full-scale sample market once: N monthly snapshots (default 6) of the AFM export and
//      the GLEIF files plus DNB (lib/registers/generate with maanden; cached in data/generated/),
//   2. per backend (PGlite, then a private PostgreSQL cluster; each in a child process): imports the months
//      oldest first, recomputing the monitor after each month; the figure is the recompute of the NEWEST
//      month (one new version over a full-scale market with history), with the others listed too,
//   3. starts ONE `next start` on that database and times every monitor GET (all 34 operations, with
//      several parameter values each, as-of dates included and the network graph with max_nodes 90), one
//      request at a time: a first pass 5 s after start (reported apart: the server warms the newest version
//      at start; as-of states are built on first use), then the timed passes: p50/p95 per operation and over all.
// Options: --schaal vol|<factor> (default vol), --maanden N (default 6), --herhalingen N (timed passes, default 5),
//          --alleen pglite|postgresql.
// The figures go into docs/distributiemonitor.md (Performance); these machines are shared and noisy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, log } from './args';
import { kindResultaat, metBackend } from './backend';
import { quantile, startServer } from './http-load';
import { generatedMarket, laadMarkt, type Market } from './markt';

const root = path.resolve(__dirname, '..', '..');

const SCHAAL = arg('schaal', 'vol');
const MAANDEN = Number(arg('maanden', '6'));
const HERHALINGEN = Number(arg('herhalingen', '5'));
const ALLEEN = arg('alleen', '');
/** Wait after start before the first pass (the server's warm-up takes about a second at full scale). */
const OPWARMEN_MS = 5_000;

/** Every monitor GET to time, built from the market that was loaded (different values per operation). */
async function workload(): Promise<{ op: string; path: string }[]> {
  const { getDb } = await import('@/lib/db/client');
  const { cachedVersies, cachedMarkt } = await import('@/lib/monitor/markt-cache');
  const { KENGETALLEN } = await import('@/lib/monitor/metrics/kengetallen');
  const { metriekSegment } = await import('@/lib/services/distributiemonitor/metrieken');
  const versies = await cachedVersies(getDb());
  const nieuwste = versies[versies.length - 1];
  const m = await cachedMarkt(getDb(), nieuwste);
  const P = '/v1/distributiemonitor';
  const actief = m.vestigingen.filter((v) => v.actief);
  const pick = <T>(xs: T[], n: number) => Array.from({ length: Math.min(n, xs.length) }, (_, i) => xs[Math.floor((i * xs.length) / Math.min(n, xs.length))]);
  const plaatsen = [...new Set(actief.map((v) => v.plaats).filter((p): p is string => !!p))].slice(0, 5);
  const tops = m.hoofdholdingen.slice(0, 5).map((h) => h.hoofdholding_id);
  const enc = encodeURIComponent;
  const out: { op: string; path: string }[] = [];
  const add = (op: string, paths: string[]) => out.push(...paths.map((p) => ({ op, path: p })));
  add('status', [P]);
  add('universum', [`${P}/universum`]);
  add('methodiek', [`${P}/methodiek`]);
  add('vestigingen', [
    ...pick(actief, 3).map((v) => `${P}/vestigingen?kvk_nummer=${v.kvk_nummer}`),
    ...pick(actief, 2).map((v) => `${P}/vestigingen?postcode=${enc(v.postcode ?? '')}`),
    ...plaatsen.slice(0, 2).map((p) => `${P}/vestigingen?plaats=${enc(p)}&actief=true`),
    `${P}/vestigingen?peildatum=${versies[0].peildatum}&start=500`,
  ]);
  add('holdings', [`${P}/holdings`, `${P}/holdings?start=100`, `${P}/holdings?peildatum=${versies[0].peildatum}`]);
  add('hoofdholdings', [`${P}/hoofdholdings`, `${P}/hoofdholdings?sector_rang_max=10`, `${P}/hoofdholdings?peildatum=${versies[0].peildatum}`]);
  add('structuur', tops.slice(0, 3).map((id) => `${P}/hoofdholdings/${id}/structuur`));
  add('samenwerkingsverbanden', [`${P}/samenwerkingsverbanden`, `${P}/samenwerkingsverbanden?peildatum=${versies[0].peildatum}`]);
  add('relaties-zoeken', ['advies', 'holding', 'groep'].map((q) => `${P}/relaties/zoeken?q=${q}`));
  add('relaties', [...tops.slice(0, 2), ...pick(actief, 2).map((v) => v.kvk_nummer)].map((id) => `${P}/relaties/${id}`));
  add('netwerk', [`${P}/relaties/netwerk`, `${P}/relaties/netwerk?max_nodes=90&jaar=${nieuwste.peildatum.slice(0, 4)}`, `${P}/relaties/netwerk?max_nodes=300`]);
  add('versies', [`${P}/versies`]);
  add('wijzigingen', [
    `${P}/versies/${nieuwste.id}/wijzigingen`,
    `${P}/versies/${nieuwste.id}/wijzigingen?wijziging_type=overgenomen`,
    `${P}/versies/${versies[0].id}/wijzigingen?entiteit_type=vestiging&start=5000`,
  ]);
  add('radar', [`${P}/radar`, `${P}/radar?peildatum=${versies[Math.max(0, versies.length - 2)].peildatum}`]);
  add('kansmodel', [`${P}/kansmodel`]);
  add('benchmark', [`${P}/benchmark?peergroep_seg=q2`, ...pick(actief, 2).map((v) => `${P}/benchmark?vestiging_id=${v.vestiging_id}`), `${P}/benchmark?peergroep_regio=${enc(plaatsen[0] ?? 'Utrecht')}`]);
  add('hypotheek', [`${P}/hypotheek`]);
  add('metrieken', [`${P}/metrieken`, ...KENGETALLEN.map((k) => `${P}/metrieken/${metriekSegment(k.naam)}`)]);
  return out;
}

const f1 = (n: number) => n.toFixed(1);

async function backendBench(market: Market, backend: 'pglite' | 'postgresql'): Promise<{ lines: string[]; data: unknown }> {
  return metBackend(backend, 'bench-monitor-', async (baseEnv, dir) => {
    // PGlite in the benchmark's own thread, like the import CLI.
    const dbEnv: Record<string, string> = backend === 'pglite' ? { ...baseEnv, PGLITE_WORKER: 'uit' } : baseEnv;
    Object.assign(process.env, dbEnv, { LOG_LEVEL: 'silent' });
    const { getDb, closeDb } = await import('@/lib/db/client');
    const db = getDb();
    const recomputes = await laadMarkt(db, market, backend);
    const w = await workload();
    const { readDatasetVersies } = await import('@/lib/monitor/store');
    const nieuwste = (await readDatasetVersies(db)).pop()!;
    await closeDb();

    log(`server (${backend}) …`);
    const server = await startServer(dbEnv, path.join(dir, 'server.log'));
    const perOp = new Map<string, number[]>();
    const alle: number[] = [];
    const eerste: { path: string; ms: number }[] = [];
    try {
      // The server builds the newest version's state in the background at start (lib/monitor/warm.ts); the
      // first pass comes after it, as users do, and still pays for what is built on demand (as-of states).
      await new Promise((r) => setTimeout(r, OPWARMEN_MS));
      for (const x of w) {
        // First pass, reported apart: per-version state not warmed in advance is built on first use.
        const t0 = performance.now();
        const r = await fetch(server.url + x.path);
        if (r.status !== 200) throw new Error(`${x.path}: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
        eerste.push({ path: x.path, ms: performance.now() - t0 });
      }
      for (let i = 0; i < HERHALINGEN; i++) {
        for (const x of w) {
          const t0 = performance.now();
          const r = await fetch(server.url + x.path);
          await r.arrayBuffer();
          const ms = performance.now() - t0;
          if (r.status !== 200) throw new Error(`${x.path}: ${r.status}`);
          (perOp.get(x.op) ?? perOp.set(x.op, []).get(x.op)!).push(ms);
          alle.push(ms);
        }
      }
    } finally {
      await server.stop();
    }
    alle.sort((a, b) => a - b);
    const ops = [...perOp].map(([op, t]) => {
      t.sort((a, b) => a - b);
      return { op, n: t.length, p50: quantile(t, 0.5), p95: quantile(t, 0.95), max: t[t.length - 1] };
    });
    const koud = eerste.map((e) => e.ms).sort((a, b) => a - b);
    const traagsteKoud = [...eerste].sort((a, b) => b.ms - a.ms)[0];
    const last = recomputes[recomputes.length - 1];
    const slowest = [...ops].sort((a, b) => b.p95 - a.p95)[0];
    return {
      lines: [
        `| ${backend}: full recompute for one new version (month ${last.maand} of ${recomputes.length}, ${nieuwste.aantallen.vestigingen.toLocaleString('en')} vestigingen, ` +
          `${nieuwste.aantallen.holdings} holdings, ${last.wijzigingen} wijziging rows) | **${f1(last.ms / 1000)} s**, peak RSS ${last.peakRssMb} MB | ` +
          `months before: ${recomputes.slice(0, -1).map((r) => `${f1(r.ms / 1000)} s`).join(', ')} |`,
        `| ${backend}: every monitor GET, ${w.length} requests × ${HERHALINGEN} (${ops.length} operation groups, one at a time, warm) | p50 **${f1(quantile(alle, 0.5))} ms**, ` +
          `p95 **${f1(quantile(alle, 0.95))} ms** | slowest group ${slowest.op}: p95 ${f1(slowest.p95)} ms |`,
        `| ${backend}: the same ${w.length} requests once, ${OPWARMEN_MS / 1000} s after start (first pass: the newest version is warmed at start, as-of states are built on first use) | ` +
          `p50 ${f1(quantile(koud, 0.5))} ms, p95 ${f1(quantile(koud, 0.95))} ms | slowest: ${traagsteKoud.path.replace('/v1/distributiemonitor', '') || '/'} ${f1(traagsteKoud.ms)} ms |`,
      ],
      data: { recomputes, ops, eerste, aantallen: nieuwste.aantallen, kengetallen: nieuwste.kengetallen },
    };
  });
}

async function main(): Promise<void> {
  const market = await generatedMarket(SCHAAL, MAANDEN);
  const child = arg('backend', '');
  if (child === 'pglite' || child === 'postgresql') {
    console.log(JSON.stringify(await backendBench(market, child)));
    return;
  }
  const out: Record<string, unknown> = { schaal: SCHAAL, maanden: MAANDEN, machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`, datum: new Date().toISOString() };
  const lines: string[] = [];
  for (const backend of ['pglite', 'postgresql'] as const) {
    if (ALLEEN && ALLEEN !== backend) continue;
    const res = kindResultaat<{ lines: string[]; data: unknown }>(__filename, ['--schaal', SCHAAL, '--maanden', String(MAANDEN), '--herhalingen', String(HERHALINGEN), '--backend', backend], `monitorbench op ${backend}`);
    lines.push(...res.lines);
    out[backend] = res.data;
  }
  fs.mkdirSync(path.join(root, 'data', 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'data', 'bench', 'monitor.json'), JSON.stringify(out, null, 2));
  console.log(['| measurement | figure | notes |', '|---|---|---|', ...lines].join('\n'));
}

main().catch((e) => {
  console.error(`bench:monitor mislukt: ${(e as Error).message}`);
  process.exit(1);
});
