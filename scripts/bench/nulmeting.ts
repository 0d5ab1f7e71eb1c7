// Benchmark of POST /v1/verduurzaming/nulmeting through the real route handler (no server, no network).
//   npx tsx scripts/bench/nulmeting.ts            (N=50 timed uploads per file, 500 for the memory run)
//   N=100 RUNS=1000 npx tsx scripts/bench/nulmeting.ts
// Files, all built from the test fixtures (test/fixtures/energy):
//   A  s01 padded to ~2 MiB with XML comments (the bad/README recipe; schema-valid);
//   B  s01 at ~2 MiB by repeating its embedded NTA 8800 block in SurveySourceData (element-dense,
//      well-formed; the block is checked but not built into the tree);
//   C  the s01 NTA 8800 block as a standalone export at ~2 MiB by repeating Verwarmingssysteem
//      (element-dense and fully parsed: the worst realistic case);
//   plus the five hostile files of bad/.
// Prints p50/p95 per file and heap used (after a forced GC) at the start, middle and end of RUNS
// consecutive uploads of file A, B and C in turn.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { route } from '@/lib/api/route';
import { verduurzamingNulmeting } from '@/lib/services/verduurzaming/nulmeting';
import { MAX_XML_BYTES } from '@/lib/verduurzaming/limits';

process.env.LOG_LEVEL = 'silent';
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const N = Number(process.env.N ?? 50);
const RUNS = Number(process.env.RUNS ?? 500);
const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'energy');
const read = (f: string) => readFileSync(join(FIXTURES, f), 'utf8');
const TARGET = MAX_XML_BYTES - 16 * 1024;

function fileA(): string {
  const s = read('s01_monitoringsbestand_v4.4_rijwoning_C.xml');
  const at = s.indexOf('<EPMeta>');
  const block = `<!-- ${'x'.repeat(1024)} -->\n`;
  return s.slice(0, at) + block.repeat(Math.floor((TARGET - s.length) / block.length)) + s.slice(at);
}

function fileB(): string {
  const s = read('s01_monitoringsbestand_v4.4_rijwoning_C.xml');
  const a = s.indexOf('<SurveySourceData>') + '<SurveySourceData>'.length;
  const b = s.indexOf('</SurveySourceData>');
  const inner = s.slice(a, b);
  return s.slice(0, a) + inner.repeat(Math.floor((TARGET - s.length) / inner.length) + 1) + s.slice(b);
}

function fileC(): string {
  const s = read('built/m06_nta8800_export_v4.4_uit_s01.xml');
  const a = s.indexOf('<Verwarmingssysteem ');
  const b = s.indexOf('</Verwarmingssysteem>') + '</Verwarmingssysteem>'.length;
  const one = s.slice(a, b);
  return s.slice(0, a) + one.repeat(Math.floor((TARGET - s.length) / one.length) + 1) + s.slice(b);
}

const handlers = route(verduurzamingNulmeting);
const ctx = { params: Promise.resolve({}) };

async function upload(xml: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await handlers.POST(
    new Request('http://localhost/v1/verduurzaming/nulmeting', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: xml }),
    ctx,
  );
  await res.text();
  return { ms: performance.now() - t, status: res.status };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

async function time(label: string, xml: string, n: number): Promise<void> {
  for (let i = 0; i < 3; i++) await upload(xml); // warm-up
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < n; i++) {
    const r = await upload(xml);
    times.push(r.ms);
    status = r.status;
  }
  times.sort((x, y) => x - y);
  console.log(
    `${label.padEnd(46)} ${String(Buffer.byteLength(xml)).padStart(8)} B  status ${status}  p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms  max ${times[times.length - 1].toFixed(1).padStart(6)} ms  (n=${n})`,
  );
}

function heap(label: string): number {
  gc();
  const m = process.memoryUsage();
  console.log(`  heap used ${label.padEnd(12)} ${mib(m.heapUsed).padStart(10)}   rss ${mib(m.rss).padStart(10)}`);
  return m.heapUsed;
}

async function main(): Promise<void> {
  console.log(`nulmeting benchmark: node ${process.version}, ${N} timed uploads per file, ${RUNS} in the memory run`);
  const files: [string, string][] = [
    ['A  s01 + comments (~2 MiB, schema-valid)', fileA()],
    ['B  s01 + repeated NTA block (~2 MiB)', fileB()],
    ['C  NTA 8800 export, repeated systems (~2 MiB)', fileC()],
  ];
  for (const [label, xml] of files) await time(label, xml, N);
  for (const f of ['malformed.xml', 'not-energy.xml', 'billion-laughs.xml', 'external-entity.xml', 'deep-nesting.xml']) {
    await time(`bad/${f}`, read(`bad/${f}`), N);
  }

  console.log(`memory: ${RUNS} consecutive uploads (A, B, C in turn)`);
  const start = heap('start');
  let middle = 0;
  for (let i = 1; i <= RUNS; i++) {
    const r = await upload(files[i % 3][1]);
    if (r.status !== 200) throw new Error(`upload ${i}: status ${r.status}`);
    if (i === Math.floor(RUNS / 2)) middle = heap(`after ${i}`);
  }
  const end = heap(`after ${RUNS}`);
  console.log(`  growth start->end ${((end - start) / 1024 / 1024).toFixed(2)} MiB (middle->end ${((end - middle) / 1024 / 1024).toFixed(2)} MiB)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
