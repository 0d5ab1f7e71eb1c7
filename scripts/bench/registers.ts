// Benchmark of the collection registers at full scale (`npm run bench:registers`):
//   1. generates the full-scale exports once (lib/registers/generate; cached in data/generated/),
//   2. imports the LEI export (195k Dutch entities + relationships) on PostgreSQL and on PGlite, each in
//      its own process (scripts/bench/import-lei.ts): records/s, peak RSS, time of the bulk SQL alone,
//   3. per backend (PGlite, then a private PostgreSQL cluster; each in a child process): loads all four
//      registers, builds workloads of DIFFERENT requests from the data (so none can be answered from the
//      per-version cache) and times their bare queries (the query functions the operations call, without
//      HTTP, Next.js, validation or the envelope),
//   4. starts ONE `next start` on that database: q searches on /v1/lei/entiteiten one at a time
//      (p50/p95), the mixed workload with every request different under autocannon (10 connections;
//      requests/s), and 32 repeated questions under autocannon (what the per-version cache gives).
//   The loading in 3. also times the plausibility guard every import passes before it publishes
//   (lib/registers/common/guard.ts): during the import (nothing published yet) and once more against the
//   published version (a row to compare with), as a share of the import time (goal < 5 %).
// Options: --schaal vol|<factor> (default vol), --seconden N (load duration, default 30),
//          --verbindingen N (autocannon connections, default 10), --alleen import|http.
// The figures go into docs/registers.md (section Performance); these machines are shared and noisy.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, log } from './args';
import { kindResultaat, metBackend } from './backend';
import { distinctAutocannon, distinctLoad, mixedLoad, quantile, startServer } from './http-load';

const root = path.resolve(__dirname, '..', '..');

const SCHAAL = arg('schaal', 'vol');
const SECONDEN = Number(arg('seconden', '30'));
const VERBINDINGEN = Number(arg('verbindingen', '10'));
const ALLEEN = arg('alleen', '');


interface Generated {
  lei: string;
  rr: string;
  charity: string;
  finreg: string;
  fsp: string;
}

// The generated exports of this scale, written once (same seed → same files, so a cache is safe).
async function generated(): Promise<Generated> {
  const { DEFAULT_SEED, GENERATOR_VERSION, generateRegisters, parseSchaal } = await import('@/lib/registers/generate');
  const dir = path.join(root, 'data', 'generated', `${SCHAAL}-${DEFAULT_SEED}-v${GENERATOR_VERSION}`);
  const done = path.join(dir, 'bestanden.json');
  if (fs.existsSync(done)) return JSON.parse(fs.readFileSync(done, 'utf8')) as Generated;
  log(`exports genereren (schaal ${SCHAAL}) in ${path.relative(root, dir)} …`);
  const { bestanden } = await generateRegisters({ schaal: parseSchaal(SCHAAL), uit: dir });
  const g: Generated = { lei: bestanden.lei, rr: bestanden.rr, charity: bestanden.charity, finreg: bestanden.finreg, fsp: bestanden.fsp };
  fs.writeFileSync(done, JSON.stringify(g, null, 2));
  return g;
}

interface ImportFigure {
  backend: string;
  recordsPerSec: number;
  ms: number;
  peakRssMb: number;
  sqlMs: number;
  records: number;
  bulkMode: string;
}

// One LEI import in a child process of its own, so its peak RSS is the import's alone.
function leiImport(g: Generated, backend: 'pglite' | 'postgresql'): ImportFigure {
  log(`LEI-import op ${backend} …`);
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/import-lei.ts', '--file', g.lei, '--rr', g.rr, '--backend', backend],
    { cwd: root, encoding: 'utf8', env: { MALLOC_MMAP_THRESHOLD_: '262144', ...process.env, LOG_LEVEL: 'silent' }, maxBuffer: 1 << 24 }, // as `npm run import` (package.json)
  );
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`import-lei.ts (${backend}) mislukte:\n${r.stderr}`);
  return JSON.parse(line) as ImportFigure;
}

interface Workload {
  path: string;
  /** The query functions the operation runs for this path, called directly. */
  bare: () => Promise<unknown>;
}

// A small deterministic PRNG (mulberry32) to shuffle the workload the same way every run.
function shuffled<T>(xs: T[], seed = 7): T[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Loads all four registers into a fresh PGlite directory and builds the workloads from the data: every
// path distinct (no answer can come from the per-version cache), each with the query functions the
// operation runs for it, called directly for the bare timing.
async function loadAll(g: Generated, dbEnv: Record<string, string>) {
  Object.assign(process.env, dbEnv, { LOG_LEVEL: 'silent' });
  const { getDb, closeDb } = await import('@/lib/db/client');
  const { IMPORTERS } = await import('@/lib/registers/importers');
  const db = getDb();
  const files: Record<string, { file: string; extra?: Record<string, string> }> = {
    lei: { file: g.lei, extra: { rr: g.rr } },
    charity: { file: g.charity },
    finreg: { file: g.finreg },
    fsp: { file: g.fsp },
  };
  const { checkPlausible, guardStats } = await import('@/lib/registers/common/publish');
  const counts: Record<string, Record<string, number>> = {};
  const guard: Record<string, { importMs: number; bewakingMs: number; tegenGepubliceerdMs: number }> = {};
  for (const [reg, f] of Object.entries(files)) {
    log(`${reg} laden voor de querytests …`);
    guardStats.ms = 0;
    const r = await IMPORTERS[reg as keyof typeof IMPORTERS]!.run({ ...f, db, voorbeeld: true });
    counts[reg] = r.aantallen;
    // The guard against the version just published (the same sample file: it reads the published row and
    // refuses; voorbeeld as loaded, since real data over a sample skips the same-file check).
    const t = performance.now();
    const refusal = await checkPlausible(db, reg, { peildatum: r.peildatum, bronUrl: null, sha256: r.sha256, aantallen: r.aantallen, voorbeeld: true });
    const tegen = performance.now() - t;
    if (!refusal) throw new Error(`bewaking: hetzelfde bestand van ${reg} werd niet geweigerd`);
    guard[reg] = { importMs: r.ms, bewakingMs: guardStats.ms, tegenGepubliceerdMs: tegen };
  }
  const { readManifest } = await import('@/lib/registers/common/manifest');
  const { DEELREGISTERS } = await import('@/lib/registers/finreg/deelregisters');
  const lei = await import('@/lib/registers/lei/query');
  const charity = await import('@/lib/registers/charity/query');
  const fsp = await import('@/lib/registers/fsp/query');
  const finreg = await import('@/lib/registers/finreg/query');
  const m = async (r: string) => (await readManifest(db, r))!;
  const [mLei, mCharity, mFsp, mFinreg] = [await m('lei'), await m('charity'), await m('fsp'), await m('finreg')];
  const pd = (x: { peildatum: string | null }) => x.peildatum!;
  const enc = encodeURIComponent;
  const page = (start = 0) => ({ rijen: 50, start });

  // Words of the names (q terms), places, and real ids for detail and lookup paths.
  const names = await db.$queryRaw<{ naam: string }[]>`
    SELECT naam FROM lei_entiteit WHERE import_id = ${mLei.import_id} ORDER BY lei LIMIT 3000`;
  // 300 words: the first 150 for the q test, the other 150 in the mixed workload (so that none of its
  // requests was asked before and answered from the per-version cache).
  const words = [...new Set(names.flatMap((r) => r.naam.toLowerCase().split(/[\s.,]+/)).filter((w) => w.length >= 4 && !/^(b\.v|n\.v)$/.test(w)))].slice(0, 300);
  if (words.length < 300) throw new Error(`te weinig zoekwoorden (${words.length})`);
  const places = (await db.$queryRaw<{ plaats: string }[]>`
    SELECT plaats FROM lei_entiteit WHERE import_id = ${mLei.import_id} AND plaats IS NOT NULL GROUP BY plaats ORDER BY count(*) DESC LIMIT 40`).map((r) => r.plaats);
  const leis = await db.$queryRaw<{ lei: string; kvk_nummer: string }[]>`
    SELECT lei, kvk_nummer FROM lei_entiteit WHERE import_id = ${mLei.import_id} AND kvk_nummer IS NOT NULL ORDER BY lei LIMIT 800`;
  const fspIds = (await db.$queryRaw<{ id: string }[]>`SELECT id FROM fsp_instelling WHERE import_id = ${mFsp.import_id} ORDER BY id LIMIT 400`).map((r) => r.id);
  const rels = (await db.$queryRaw<{ r: string }[]>`SELECT relatienummer AS r FROM finreg_instelling WHERE import_id = ${mFinreg.import_id} ORDER BY 1 LIMIT 300`).map((r) => r.r);
  const charityIds = (await db.$queryRaw<{ id: string }[]>`SELECT id FROM anbi_beschikking WHERE import_id = ${mCharity.import_id} ORDER BY id LIMIT 400`).map((r) => r.id);

  // q searches on /v1/lei/entiteiten: every word at two page offsets.
  const qWorkload = (ws: string[]): Workload[] => ws.flatMap((q) =>
    [0, 50].map((start) => ({
      path: `/v1/lei/entiteiten?q=${enc(q)}${start ? `&start=${start}` : ''}`,
      bare: () => lei.listLeiEntities(db, mLei.import_id, { q, ...page(start) }, mLei.aantallen.entiteiten),
    })),
  );
  const qSearch = qWorkload(words.slice(0, 150));
  const geldig = ['geldig', 'beëindigd'] as const;
  const mixed: Workload[] = [
    ...qWorkload(words.slice(150)),
    ...places.flatMap((p) =>
      (['actief', 'inactief'] as const).map((status) => ({
        path: `/v1/lei/entiteiten?plaats=${enc(p)}&status=${status}`,
        bare: () => lei.listLeiEntities(db, mLei.import_id, { plaats: p, status, ...page() }),
      })),
    ),
    ...leis.slice(0, 400).map((e) => ({ path: `/v1/lei/entiteiten/${e.lei}`, bare: () => lei.getLeiDossier(db, mLei.import_id, e.lei) })),
    ...leis.slice(400).map((e) => ({ path: `/v1/lei/kvk/${e.kvk_nummer}`, bare: () => lei.leiByKvk(db, mLei.import_id, e.kvk_nummer) })),
    ...places.flatMap((p) =>
      geldig.flatMap((status) =>
        (['ja', 'nee'] as const).map((cultuur) => ({
          path: `/v1/charity/instellingen?plaats=${enc(p)}&status=${enc(status)}&cultuur=${cultuur}`,
          bare: () => charity.listCharityEntries(db, mCharity.import_id, pd(mCharity), { plaats: p, status, cultuur, ...page() }),
        })),
      ),
    ),
    ...charityIds.map((id) => ({ path: `/v1/charity/instellingen/${id}`, bare: () => charity.getCharity(db, mCharity.import_id, pd(mCharity), id) })),
    ...places.flatMap((p) =>
      // (the AFM export carries no passport flag: ep would find nothing, so the second variant filters on land)
      ([undefined, 'Nederland'] as const).map((land) => ({
        path: `/v1/fsp/instellingen?plaats=${enc(p)}${land ? `&land=${land}` : ''}`,
        bare: () => fsp.listFspInstellingen(db, mFsp.import_id, { plaats: p, land, ...page() }),
      })),
    ),
    ...fspIds.map((id) => ({ path: `/v1/fsp/instellingen/${id}`, bare: () => fsp.getFspDossier(db, mFsp.import_id, pd(mFsp), id) })),
    ...Array.from({ length: 60 }, (_, i) => i * 50).flatMap((start) =>
      geldig.map((status) => ({
        path: `/v1/fsp/vergunningen?status=${enc(status)}&start=${start}`,
        bare: () => fsp.listFspVergunningen(db, mFsp.import_id, pd(mFsp), { status, ...page(start) }),
      })),
    ),
    ...DEELREGISTERS.flatMap((d) =>
      geldig.flatMap((status) =>
        [0, 50, 100, 150].map((start) => ({
          path: `/v1/finreg/registraties?deelregister=${d.code}&status=${enc(status)}&start=${start}`,
          bare: () => finreg.listFinregRegistraties(db, mFinreg.import_id, pd(mFinreg), { deelregister: d.code, status, ...page(start) }),
        })),
      ),
    ),
    ...rels.map((r) => ({ path: `/v1/finreg/instellingen/${r}`, bare: () => finreg.getFinregDossier(db, mFinreg.import_id, pd(mFinreg), r) })),
  ];

  // Bare query times, each workload once (no caching there either).
  const time = async (w: Workload[]) => {
    const t: number[] = [];
    for (const x of w) {
      const s = performance.now();
      await x.bare();
      t.push(performance.now() - s);
    }
    t.sort((a, b) => a - b);
    return { p50: quantile(t, 0.5), p95: quantile(t, 0.95), gemiddeld: t.reduce((a, b) => a + b, 0) / t.length };
  };
  log('kale queries timen …');
  await time(qSearch.slice(0, 20)); // warm the database's caches like the server's warm-up does
  const bareQ = await time(qSearch);
  const mixedShuffled = shuffled(mixed);
  const bareMixed = await time(mixedShuffled);
  await closeDb();
  return { counts, guard, qSearch: qSearch.map((w) => w.path), mixed: mixedShuffled.map((w) => w.path), bareQ, bareMixed };
}

const f1 = (n: number) => n.toFixed(1);

/** One table line with the guard's cost per register as a share of its import time. */
function guardLine(backend: string, guard: Record<string, { importMs: number; bewakingMs: number; tegenGepubliceerdMs: number }>): string {
  const parts = Object.entries(guard).map(([reg, x]) => {
    const worst = Math.max(x.bewakingMs, x.tegenGepubliceerdMs);
    return `${reg} ${f1(worst)} ms of ${f1(x.importMs / 1000)} s (${((100 * worst) / x.importMs).toFixed(2)}%)`;
  });
  return `| ${backend}: plausibility guard before publishing (per import) | ${parts.join('; ')} | one query of the published manifest and a comparison; goal < 5% of the import |`;
}

// The query and HTTP measurements on one backend (run in a child process of its own).
async function httpBench(g: Generated, backend: 'pglite' | 'postgresql'): Promise<{ lines: string[]; data: unknown }> {
  return metBackend(backend, 'bench-registers-', async (dbEnv, dir) => {
    const w = await loadAll(g, dbEnv);
    log(guardLine(backend, w.guard));
    log(`server (${backend}) …`);
    const server = await startServer(dbEnv, path.join(dir, 'server.log'));
    try {
      // Warm-up on paths outside the measured sets (the per-version cache must not answer measured requests).
      for (const p of ['/v1/lei/register', '/v1/fsp/register', '/v1/finreg/register', '/v1/charity/register', '/v1/lei/entiteiten?q=zzzz']) {
        for (let i = 0; i < 5; i++) await (await fetch(server.url + p)).arrayBuffer();
      }
      log(`q-zoekvragen één voor één (${w.qSearch.length} verschillende) …`);
      const seq = await distinctLoad(server.url, w.qSearch, 1, 600);
      log(`gemengde belasting, alle vragen verschillend (autocannon, ${w.mixed.length} paden, ${VERBINDINGEN} verbindingen, max ${SECONDEN} s) …`);
      const load = await distinctAutocannon(server.url, w.mixed, VERBINDINGEN, SECONDEN);
      log(`gemengde belasting, herhaalde vragen (autocannon, ${SECONDEN} s) …`);
      const repeated = await mixedLoad(server.url, w.mixed.slice(0, 32), SECONDEN, VERBINDINGEN);
      if (seq.fouten || load.non2xx || load.errors || repeated.non2xx || repeated.errors)
        throw new Error(`fouten tijdens de meting: ${seq.fouten} q, ${load.non2xx + load.errors} gemengd, ${repeated.non2xx} non-2xx, ${repeated.errors} netwerk`);
      return {
        lines: [
          guardLine(backend, w.guard),
          `| ${backend}: q search on /v1/lei/entiteiten (${seq.n} different searches, one at a time) | p50 ${f1(seq.p50)} ms, p95 ${f1(seq.p95)} ms | bare queries p50 ${f1(w.bareQ.p50)} ms, p95 ${f1(w.bareQ.p95)} ms |`,
          `| ${backend}: mixed register workload, every request different (autocannon, ${load.totaal} requests, ${VERBINDINGEN} connections) | ${load.requestsPerSec} requests/s, p50 ${load.p50} ms, p99 ${load.p99} ms | bare queries ${f1(w.bareMixed.gemiddeld)} ms on average (≈ ${Math.round(1000 / w.bareMixed.gemiddeld)}/s on one connection) |`,
          `| ${backend}: mixed register workload, 32 questions repeated (autocannon, ${VERBINDINGEN} connections, ${SECONDEN} s) | ${repeated.requestsPerSec} requests/s, p50 ${repeated.p50} ms, p99 ${repeated.p99} ms | answers from the per-version cache |`,
        ],
        data: { aantallen: w.counts, bewaking: w.guard, q: { http: seq, kaal: w.bareQ }, gemengd: { http: load, kaal: w.bareMixed, herhaald: repeated } },
      };
    } finally {
      await server.stop();
    }
  });
}

async function main(): Promise<void> {
  const g = await generated();
  const child = arg('http-backend', '');
  if (child === 'pglite' || child === 'postgresql') {
    console.log(JSON.stringify(await httpBench(g, child)));
    return;
  }
  const out: Record<string, unknown> = { schaal: SCHAAL, machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`, datum: new Date().toISOString() };
  const lines: string[] = [];

  if (ALLEEN !== 'http') {
    const imports = [leiImport(g, 'postgresql'), leiImport(g, 'pglite')];
    out.import = imports;
    for (const i of imports) {
      lines.push(
        `| LEI import, ${i.backend} (${i.records.toLocaleString('en')} records) | ${Math.round(i.recordsPerSec).toLocaleString('en')} records/s, ` +
          `${(i.ms / 1000).toFixed(1)} s, peak RSS ${Math.round(i.peakRssMb)} MB | bulk SQL alone ${(i.sqlMs / 1000).toFixed(1)} s (${i.bulkMode}) |`,
      );
    }
  }

  if (ALLEEN !== 'import') {
    // One child process per backend: each opens its own database and server.
    const http: Record<string, unknown> = {};
    for (const backend of ['pglite', 'postgresql'] as const) {
      log(`querytests op ${backend} …`);
      const res = kindResultaat<{ lines: string[]; data: unknown }>(__filename, ['--schaal', SCHAAL, '--seconden', String(SECONDEN), '--verbindingen', String(VERBINDINGEN), '--http-backend', backend], `querytests op ${backend}`);
      lines.push(...res.lines);
      http[backend] = res.data;
    }
    out.http = http;
  }

  fs.mkdirSync(path.join(root, 'data', 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'data', 'bench', 'registers.json'), JSON.stringify(out, null, 2));
  console.log(['| measurement | figure | framework-free reference |', '|---|---|---|', ...lines].join('\n'));
}

main().catch((e) => {
  console.error(`bench:registers mislukt: ${(e as Error).message}`);
  process.exit(1);
});
