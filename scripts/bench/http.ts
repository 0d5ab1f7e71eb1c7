// Throughput of the request path against static serving, in ONE run on this machine (`npm run bench:http`):
//   1. prepares its own embedded database (data/bench-http, or --data DIR): migrations, the generated sample
//      (scripts/load-sample.ts, only when nothing is published yet) and one standard API key;
//   2. starts the production server (scripts/serve.mjs, as `npm start` does) on a free port of its own;
//   3. measures requests/s with autocannon (fixed connections and duration, a warm-up of each path first) of
//      (a) a static file Next.js serves (/icon.svg),
//      (b) a small cached GET: /v1/fsp/instellingen/{id}, the dossier of one financial service provider. A
//          register detail is the commonest small answer, its result comes from the per-version cache after
//          the first request (lib/registers/common/version-cache.ts), and it goes through everything every
//          operation goes through: the /v1 middleware, the access layer with its rate limit, validation,
//          the envelope, the ETag and the log line;
//      (c) the same GET with an API key (the key lookup, its tier in the ETag);
//      (d) the same GET with If-None-Match of its ETag (the 304 of a revalidation, before the rate limit);
//   4. prints a table and the ratio (b)/(a) (goal: at least 0.4), in requests/s and in the server's CPU time per
//      request (from /proc: the steadier figure when other work shares the machine).
// It builds nothing: run `npx next build` first. Options: --seconden N (per path, default 10),
// --verbindingen N (default 10), --data DIR, --json (one JSON line on stdout instead of the table),
// --rondes N (default 3: the four measurements in turn, N times; the median of each, so a load that other
// work puts on the shared machine falls on all four alike), --alleen a,b (only these measurements),
// --log warn (no log line per request; default info, as `npm start`),
// --profiel DIR (the server runs with node --cpu-prof and writes its .cpuprofile there when it stops).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { arg, log } from './args';
import { startServer } from './http-load';

const root = path.resolve(__dirname, '..', '..');
const SECONDEN = Number(arg('seconden', '10'));
const VERBINDINGEN = Number(arg('verbindingen', '10'));
const DATA = path.resolve(root, arg('data', path.join('data', 'bench-http')));
const JSON_UIT = process.argv.includes('--json');
const PROFIEL = arg('profiel', '');
const RONDES = Number(arg('rondes', '3'));
const ALLEEN = arg('alleen', 'a,b,c,d').split(',');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface Meting {
  naam: string;
  pad: string;
  perSeconde: number;
  /** CPU time of the server process (all its threads) per request, in µs: robust where other work shares the machine. */
  cpuUs: number | null;
  p50: number;
  p99: number;
  status: string;
}

function run(args: string[], env: Record<string, string>): string {
  const r = spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${args.join(' ')} mislukte:\n${r.stderr}`);
  return r.stdout;
}

/** Migrations, the sample when nothing is published, and one standard key (printed by its script). */
function prepare(env: Record<string, string>): string {
  fs.mkdirSync(DATA, { recursive: true });
  log(`database in ${path.relative(root, DATA)}: migraties, voorbeelddata (alleen de eerste keer) …`);
  run([path.join(root, 'scripts', 'db-migrate.mjs'), 'deploy'], env);
  run([tsx, path.join(root, 'scripts', 'load-sample.ts')], env);
  // One key per data directory, kept beside it (a plain key is shown once).
  const bewaard = path.join(DATA, 'bench-sleutel.txt');
  if (fs.existsSync(bewaard)) return fs.readFileSync(bewaard, 'utf8').trim();
  const out = run([tsx, path.join(root, 'scripts', 'sleutels.ts'), 'uitgeven', 'standard', 'bench-http', 'bench@example.org'], env);
  const key = /nlod_s_[A-Za-z0-9_-]+/.exec(out)?.[0];
  if (!key) throw new Error(`geen sleutel in de uitvoer van sleutels.ts:\n${out}`);
  fs.writeFileSync(bewaard, key + '\n', { mode: 0o600 });
  return key;
}

interface Geval {
  letter: string;
  naam: string;
  pad: string;
  headers: Record<string, string>;
  expect: number;
}

async function once(base: string, g: Geval, seconden: number) {
  return autocannon({ url: base + g.pad, connections: VERBINDINGEN, headers: g.headers, duration: seconden });
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** CPU seconds (user + system) a process used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** Every case warmed up once, then measured RONDES times in turn; per case the round with the median requests/s. */
async function measureAll(base: string, pid: number | undefined, gevallen: Geval[]): Promise<Meting[]> {
  // Warm-up: JIT, the per-version cache, the key and manifest caches, the rate limit's first block.
  for (const g of gevallen) await once(base, g, Math.max(2, Math.round(SECONDEN / 3)));
  const rondes = new Map<Geval, Meting[]>(gevallen.map((g) => [g, []]));
  for (let i = 0; i < RONDES; i++) {
    for (const g of gevallen) {
      const cpu0 = cpuSeconds(pid);
      const r = await once(base, g, SECONDEN);
      const cpu1 = cpuSeconds(pid);
      const cpuUs = cpu0 !== null && cpu1 !== null && r.requests.total > 0 ? Math.round(((cpu1 - cpu0) * 1e6) / r.requests.total) : null;
      const ander = r.requests.total - (r[`${Math.floor(g.expect / 100)}xx` as '2xx'] ?? 0);
      const status = ander === 0 && r.errors === 0 ? String(g.expect) : `${g.expect}; ${ander} anders, ${r.errors} fouten`;
      rondes.get(g)!.push({ naam: `(${g.letter}) ${g.naam}`, pad: g.pad, perSeconde: Math.round(r.requests.average), cpuUs, p50: r.latency.p50, p99: r.latency.p99, status });
    }
  }
  return gevallen.map((g) => {
    const ms = rondes.get(g)!;
    const m = median(ms.map((x) => x.perSeconde));
    return ms.find((x) => x.perSeconde === m)!;
  });
}

async function main() {
  const env = { PGLITE_DIR: DATA, DATABASE_URL: '', PGLITE_WORKER: 'uit', LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1' };
  const key = prepare(env);
  const profiel = PROFIEL ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFIEL)}`] : [];
  // As `npm start` runs: a log line per request (LOG_LEVEL info) into server.log beside the data.
  const server = await startServer({ PGLITE_DIR: DATA, DATABASE_URL: '', LOG_LEVEL: arg('log', 'info') }, path.join(DATA, 'server.log'), profiel);
  try {
    const lijst = await (await fetch(`${server.url}/v1/fsp/instellingen?rijen=1`)).json();
    const id = lijst?.data?.instellingen?.[0]?.id ?? lijst?.data?.[0]?.id;
    if (!id) throw new Error(`geen instelling in /v1/fsp/instellingen: ${JSON.stringify(lijst).slice(0, 300)}`);
    const pad = `/v1/fsp/instellingen/${encodeURIComponent(id)}`;
    const eerste = await fetch(server.url + pad);
    const etag = eerste.headers.get('etag');
    const bytes = (await eerste.arrayBuffer()).byteLength;
    if (eerste.status !== 200 || !etag) throw new Error(`${pad}: ${eerste.status}, ETag ${etag}`);
    log(`(b) ${pad}: ${bytes} bytes, ETag ${etag}; ${RONDES} rondes van ${SECONDEN} s per meting na een opwarmronde, ${VERBINDINGEN} verbindingen`);
    const alle: Geval[] = [
      { letter: 'a', naam: 'statisch bestand', pad: '/icon.svg', headers: {}, expect: 200 },
      { letter: 'b', naam: 'kleine GET uit de cache', pad, headers: {}, expect: 200 },
      { letter: 'c', naam: 'dezelfde GET met sleutel', pad, headers: { 'x-api-key': key }, expect: 200 },
      { letter: 'd', naam: 'revalidatie (304)', pad, headers: { 'if-none-match': etag }, expect: 304 },
    ];
    const gevallen = alle.filter((g) => ALLEEN.includes(g.letter));
    const metingen = await measureAll(server.url, server.child.pid, gevallen);
    const a = metingen.find((m) => m.naam.startsWith('(a)'));
    const b = metingen.find((m) => m.naam.startsWith('(b)'));
    const verhouding = a && b ? b.perSeconde / Math.max(1, a.perSeconde) : NaN;
    const cpuVerhouding = a?.cpuUs && b?.cpuUs ? a.cpuUs / b.cpuUs : NaN;
    if (JSON_UIT) {
      console.log(JSON.stringify({ seconden: SECONDEN, verbindingen: VERBINDINGEN, metingen, verhouding: Number(verhouding.toFixed(2)), cpuVerhouding: Number(cpuVerhouding.toFixed(2)) }));
      return;
    }
    const rows = metingen.map((m) => `| ${m.naam} | \`${m.pad}\` | ${m.perSeconde} | ${m.cpuUs ?? '-'} | ${m.p50} | ${m.p99} | ${m.status} |`);
    console.log(['| meting | pad | verzoeken/s | CPU µs/verzoek | p50 ms | p99 ms | status |', '| --- | --- | ---: | ---: | ---: | ---: | --- |', ...rows].join('\n'));
    console.log(`\nverhouding (b)/(a): ${verhouding.toFixed(2)} in verzoeken/s (doel: minstens 0,4); ${cpuVerhouding.toFixed(2)} in CPU-tijd van de server per verzoek`);
  } finally {
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
