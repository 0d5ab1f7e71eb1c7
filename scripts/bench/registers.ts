// Benchmark of the collection registers at full scale (`npm run bench:registers`):
//   1. generates the full-scale exports once (lib/registers/generate; cached in data/generated/),
//   2. imports the LEI export (195k Dutch entities + relationships) on PostgreSQL and on PGlite, each in
//      its own process (scripts/bench/import-lei.ts): records/s, peak RSS, time of the bulk SQL alone,
//   3. loads all four registers into one PGlite database and times the bare queries (the query functions
//      the operations call, without HTTP, Next.js, validation or the envelope),
//   4. starts ONE `next start` on that database and measures q searches on /v1/lei/entiteiten one at a
//      time (p50/p95), then a mixed register workload with autocannon (requests/s).
// Options: --schaal vol|<factor> (default vol), --seconden N (load duration, default 20),
//          --verbindingen N (autocannon connections, default 10), --alleen import|http.
// The figures go into README.md (section Performance); these machines are shared and noisy.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mixedLoad, quantile, sequentialLatency, startServer } from './http-load';

const root = path.resolve(__dirname, '..', '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

const SCHAAL = arg('schaal', 'vol');
const SECONDEN = Number(arg('seconden', '20'));
const VERBINDINGEN = Number(arg('verbindingen', '10'));
const ALLEEN = arg('alleen', '');
const log = (m: string) => console.error(`» ${m}`);

/** Search terms of the q benchmark: frequent and rare words of the generated names. */
const Q_TERMEN = ['holding', 'transport', 'vastgoed', 'hypotheek', 'agri', 'beheer', 'consult', 'zuider', 'kracht', 'elektro', 'verhuur', 'advies', 'duinstroom', 'projectontw', 'coöperatie', 'amsterdam'];

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
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/import-lei.ts', '--file', g.lei, '--rr', g.rr, '--backend', backend, '--json'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, maxBuffer: 1 << 24 },
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

// Loads all four registers into a fresh PGlite directory and prepares the workload (paths + bare calls).
async function loadAll(g: Generated, dir: string) {
  process.env.DATABASE_URL = '';
  process.env.PGLITE_DIR = dir;
  process.env.LOG_LEVEL = 'silent';
  const { getDb, closeDb } = await import('@/lib/db/client');
  const { IMPORTERS } = await import('@/lib/registers/importers');
  const db = getDb();
  const files: Record<string, { file: string; extra?: Record<string, string> }> = {
    lei: { file: g.lei, extra: { rr: g.rr } },
    charity: { file: g.charity },
    finreg: { file: g.finreg },
    fsp: { file: g.fsp },
  };
  const counts: Record<string, Record<string, number>> = {};
  for (const [reg, f] of Object.entries(files)) {
    log(`${reg} laden voor de querytests …`);
    const r = await IMPORTERS[reg as keyof typeof IMPORTERS]!.run({ ...f, db, voorbeeld: true });
    counts[reg] = r.aantallen;
  }
  const { readManifest } = await import('@/lib/registers/common/manifest');
  const lei = await import('@/lib/registers/lei/query');
  const charity = await import('@/lib/registers/charity/query');
  const fsp = await import('@/lib/registers/fsp/query');
  const finreg = await import('@/lib/registers/finreg/query');
  const m = async (r: string) => (await readManifest(db, r))!;
  const [mLei, mCharity, mFsp, mFinreg] = [await m('lei'), await m('charity'), await m('fsp'), await m('finreg')];
  const pd = (x: { peildatum: string | null }) => x.peildatum!;

  // Real ids from the data for the detail and lookup paths.
  const [e] = await db.$queryRaw<{ lei: string; kvk_nummer: string }[]>`
    SELECT lei, kvk_nummer FROM lei_entiteit WHERE import_id = ${mLei.import_id} AND kvk_nummer IS NOT NULL ORDER BY lei OFFSET 1000 LIMIT 1`;
  const [f] = await db.$queryRaw<{ id: string; plaats: string }[]>`
    SELECT id, plaats FROM fsp_instelling WHERE import_id = ${mFsp.import_id} AND aantal_vergunningen > 0 ORDER BY id OFFSET 500 LIMIT 1`;
  const [d] = await db.$queryRaw<{ relatienummer: string }[]>`
    SELECT relatienummer FROM finreg_instelling WHERE import_id = ${mFinreg.import_id} ORDER BY relatienummer OFFSET 100 LIMIT 1`;
  const [c] = await db.$queryRaw<{ id: string; plaats: string }[]>`
    SELECT id, plaats FROM anbi_beschikking WHERE import_id = ${mCharity.import_id} AND plaats IS NOT NULL ORDER BY id OFFSET 2000 LIMIT 1`;
  const page = { rijen: 50, start: 0 };
  const enc = encodeURIComponent;

  const qSearch: Workload[] = Q_TERMEN.map((q) => ({
    path: `/v1/lei/entiteiten?q=${enc(q)}`,
    bare: () => lei.listLeiEntities(db, mLei.import_id, { q, ...page }, mLei.aantallen.entiteiten),
  }));
  const mixed: Workload[] = [
    ...qSearch.slice(0, 4),
    { path: `/v1/lei/kvk/${e.kvk_nummer}`, bare: () => lei.leiByKvk(db, mLei.import_id, e.kvk_nummer) },
    { path: `/v1/lei/entiteiten/${e.lei}`, bare: () => lei.getLeiDossier(db, mLei.import_id, e.lei) },
    { path: `/v1/lei/entiteiten?plaats=${enc(f.plaats)}&status=actief`, bare: () => lei.listLeiEntities(db, mLei.import_id, { plaats: f.plaats, status: 'actief', ...page }) },
    { path: `/v1/charity/instellingen?q=stichting&plaats=${enc(c.plaats)}`, bare: () => charity.listCharityEntries(db, mCharity.import_id, pd(mCharity), { q: 'stichting', plaats: c.plaats, ...page }) },
    { path: `/v1/charity/instellingen/${c.id}`, bare: () => charity.getCharity(db, mCharity.import_id, pd(mCharity), c.id) },
    { path: `/v1/fsp/instellingen?plaats=${enc(f.plaats)}`, bare: () => fsp.listFspInstellingen(db, mFsp.import_id, { plaats: f.plaats, ...page }) },
    { path: `/v1/fsp/instellingen?q=hypotheek&ep=nee`, bare: () => fsp.listFspInstellingen(db, mFsp.import_id, { q: 'hypotheek', ep: 'nee', ...page }) },
    { path: `/v1/fsp/instellingen/${f.id}`, bare: () => fsp.getFspDossier(db, mFsp.import_id, pd(mFsp), f.id) },
    { path: `/v1/fsp/vergunningen?status=geldig`, bare: () => fsp.listFspVergunningen(db, mFsp.import_id, pd(mFsp), { status: 'geldig', ...page }) },
    { path: `/v1/finreg/registraties?deelregister=WFTVE&status=geldig`, bare: () => finreg.listFinregRegistraties(db, mFinreg.import_id, pd(mFinreg), { deelregister: 'WFTVE', status: 'geldig', ...page }) },
    { path: `/v1/finreg/instellingen?q=bank`, bare: () => finreg.listFinregInstellingen(db, mFinreg.import_id, { q: 'bank', ...page }) },
    { path: `/v1/finreg/instellingen/${d.relatienummer}`, bare: () => finreg.getFinregDossier(db, mFinreg.import_id, pd(mFinreg), d.relatienummer) },
  ];

  // Bare query times: warm once, then ROUNDS timed passes.
  const ROUNDS = 10;
  const time = async (w: Workload[]) => {
    for (const x of w) await x.bare();
    const t: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const x of w) {
        const s = performance.now();
        await x.bare();
        t.push(performance.now() - s);
      }
    }
    t.sort((a, b) => a - b);
    return { p50: quantile(t, 0.5), p95: quantile(t, 0.95), gemiddeld: t.reduce((a, b) => a + b, 0) / t.length };
  };
  log('kale queries timen …');
  const bareQ = await time(qSearch);
  const bareMixed = await time(mixed);
  await closeDb();
  return { counts, qSearch: qSearch.map((w) => w.path), mixed: mixed.map((w) => w.path), bareQ, bareMixed };
}

const f1 = (n: number) => n.toFixed(1);

async function main(): Promise<void> {
  const g = await generated();
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-registers-'));
    try {
      const w = await loadAll(g, path.join(dir, 'pglite'));
      out.aantallen = w.counts;
      log('next start …');
      const server = await startServer({ DATABASE_URL: '', PGLITE_DIR: path.join(dir, 'pglite') }, path.join(dir, 'server.log'));
      try {
        for (const p of [...w.qSearch, ...w.mixed]) await (await fetch(server.url + p)).arrayBuffer(); // warm-up
        log('q-zoekvragen één voor één …');
        const seq = await sequentialLatency(server.url, w.qSearch, 10);
        log(`gemengde belasting (${SECONDEN} s, ${VERBINDINGEN} verbindingen) …`);
        const load = await mixedLoad(server.url, w.mixed, SECONDEN, VERBINDINGEN);
        out.q = { http: seq, kaal: w.bareQ };
        out.gemengd = { http: load, kaal: w.bareMixed, paden: w.mixed };
        lines.push(
          `| q search on /v1/lei/entiteiten (${seq.n} requests, one at a time) | p50 ${f1(seq.p50)} ms, p95 ${f1(seq.p95)} ms | bare query p50 ${f1(w.bareQ.p50)} ms, p95 ${f1(w.bareQ.p95)} ms |`,
          `| mixed register workload (${w.mixed.length} paths, ${VERBINDINGEN} connections, ${SECONDEN} s) | ${load.requestsPerSec} requests/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.non2xx} non-2xx | bare queries ${f1(w.bareMixed.gemiddeld)} ms on average (≈ ${Math.round(1000 / w.bareMixed.gemiddeld)} queries/s on one connection) |`,
        );
        if (seq.fouten || load.non2xx || load.errors) throw new Error(`fouten tijdens de meting: ${seq.fouten} sequentieel, ${load.non2xx} non-2xx, ${load.errors} netwerk`);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  fs.mkdirSync(path.join(root, 'data', 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'data', 'bench', 'registers.json'), JSON.stringify(out, null, 2));
  console.log(['| measurement | figure | framework-free reference |', '|---|---|---|', ...lines].join('\n'));
}

main().catch((e) => {
  console.error(`bench:registers mislukt: ${(e as Error).message}`);
  process.exit(1);
});
