// Benchmark of the one-page PDF report (target: end to end with warm caches, p50 < 400 ms).
//   npx tsx scripts/bench/rapport-pdf.ts            (N=50 timed runs per part)
//   N=200 npx tsx scripts/bench/rapport-pdf.ts
// 1. render only: a typical report (five measures, three scenarios) from hand-made inputs, and the
//    extreme report (ten measures with long texts);
// 2. end to end: POST /v1/verduurzaming/rapport.pdf through the real route handler (XML reader, property
//    service, CBS prices, scenarios, render) against the replay server, after one warm-up call that fills
//    the 24-hour source caches; the upload is the maatwerkadvies sample of test/fixtures/energy.
// Prints p50/p95/max in milliseconds and the PDF size.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { route } from '@/lib/api/route';
import { sources } from '@/lib/sources/registry';
import { verduurzamingRapportPdf } from '@/lib/services/verduurzaming/rapport-pdf';
import { renderRapportPdf } from '@/lib/verduurzaming/rapport/pdf';
import { pdfRapport, rapportBasis } from '@/lib/verduurzaming/rapport/report';
import { extremeNulmeting, extremePand, nulmetingFixture, pandFixture, PRIJZEN_2025_09 } from '@/lib/verduurzaming/rapport/testdata';
import { startReplayServer } from '@/test/upstream/server';

process.env.LOG_LEVEL = 'silent';
const N = Number(process.env.N ?? 50);
const WARMUP = 5;

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return `p50 ${q(50).toFixed(1)} ms, p95 ${q(95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

async function time(run: () => Promise<number>): Promise<{ ms: number[]; bytes: number }> {
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) bytes = await run();
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    bytes = await run();
    ms.push(performance.now() - t);
  }
  return { ms, bytes };
}

async function renderOnly(): Promise<void> {
  const bronnen = [{ titel: 'CBS', attributie: 'Bron: CBS', status: 'ok' as const }];
  const typisch = pdfRapport(rapportBasis(nulmetingFixture(), pandFixture(), { postcode: '3511AB', huisnummer: 12 }), PRIJZEN_2025_09, bronnen);
  const extreem = pdfRapport(rapportBasis(extremeNulmeting(), extremePand(), { postcode: '3511AB', huisnummer: 12 }), PRIJZEN_2025_09, bronnen);
  const t0 = performance.now();
  await renderRapportPdf(typisch);
  console.log(`first render (font load, cold): ${(performance.now() - t0).toFixed(1)} ms`);
  for (const [name, r] of [['typisch', typisch], ['extreem', extreem]] as const) {
    const { ms, bytes } = await time(async () => (await renderRapportPdf(r)).byteLength);
    console.log(`render only, ${name}: ${stats(ms)}; ${bytes} bytes`);
  }
}

async function endToEnd(): Promise<void> {
  const replay = await startReplayServer();
  for (const s of sources) process.env[s.envVar] = replay.sourceUrl(s.id);
  process.env.EP_ONLINE_API_KEY ??= 'bench-sleutel';
  const xml = readFileSync(join(__dirname, '..', '..', 'test', 'fixtures', 'energy', 's04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'), 'utf8');
  const handlers = route(verduurzamingRapportPdf);
  const ctx = { params: Promise.resolve({}) };
  let last: Uint8Array = new Uint8Array();
  const post = async () => {
    const res = await handlers.POST(
      new Request('http://localhost/v1/verduurzaming/rapport.pdf?postcode=3012BR&huisnummer=42&toevoeging=A', {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: xml,
      }),
      ctx,
    );
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    last = new Uint8Array(await res.arrayBuffer());
    return last.byteLength;
  };
  try {
    const t0 = performance.now();
    await post();
    console.log(`end to end, first call (cold caches, replay server): ${(performance.now() - t0).toFixed(1)} ms`);
    const { ms, bytes } = await time(post);
    console.log(`end to end, warm caches: ${stats(ms)}; ${bytes} bytes`);
    if (process.env.PDF_OUT) writeFileSync(process.env.PDF_OUT, last);
  } finally {
    await replay.close();
  }
}

async function main(): Promise<void> {
  await renderOnly();
  await endToEnd();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
