// Benchmark of the region profile GET /v1/regio/{code} (targets: warm caches p50 < 30 ms; cold, with every
// upstream call delayed 100 ms by the replay server, < 400 ms, i.e. the sub-calls run in parallel).
//   npm run bench:regio                 (N=50 timed runs per part, region GM0118)
//   N=200 REGIO=BU01180105 npm run bench:regio
// Runs through the real route handler (validation, envelope, access) against the replay server. Warm: after
// one call that fills the source caches. Cold: the source cache is emptied before every run, so every CBS
// (and catalogue) call goes to the replay server and waits 100 ms there. Prints p50/p95/max in ms and the
// number of upstream calls per cold profile.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { route } from '@/lib/api/route';
import { sources } from '@/lib/sources/registry';
import { clearSourceCache } from '@/lib/sources/fetch';
import { regioProfiel } from '@/lib/services/regio/profiel';
import { startReplayServer } from '@/test/upstream/server';

process.env.LOG_LEVEL = 'silent';
const N = Number(process.env.N ?? 50);
const REGIO = process.env.REGIO ?? 'GM0118';
const LATENCY_MS = 100;

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return `p50 ${q(50).toFixed(1)} ms, p95 ${q(95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

async function main(): Promise<void> {
  // A database of its own (access layer: rate-limit counters), so the figures do not depend on ./data.
  process.env.PGLITE_DIR ??= mkdtempSync(join(tmpdir(), 'bench-regio-'));
  const replay = await startReplayServer();
  for (const s of sources) process.env[s.envVar] = replay.sourceUrl(s.id);
  const handler = route(regioProfiel);
  const call = async () => {
    const res = await handler.GET(new Request(`http://localhost/v1/regio/${REGIO}`), { params: Promise.resolve({ code: REGIO }) });
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const time = async (before?: () => void) => {
    const ms: number[] = [];
    for (let i = 0; i < N; i++) {
      before?.();
      const t = performance.now();
      await call();
      ms.push(performance.now() - t);
    }
    return ms;
  };

  await call(); // warm-up: JIT, access store, caches
  for (let i = 0; i < 5; i++) await call();
  console.log(`GET /v1/regio/${REGIO}, warm caches: ${stats(await time())}`);

  for (const s of sources) replay.setFault(s.id, { kind: 'latency', ms: LATENCY_MS });
  const hitsBefore = sources.reduce((a, s) => a + replay.hits(s.id), 0);
  const cold = await time(clearSourceCache);
  const calls = (sources.reduce((a, s) => a + replay.hits(s.id), 0) - hitsBefore) / N;
  console.log(`GET /v1/regio/${REGIO}, cold (every upstream call +${LATENCY_MS} ms, ${calls} calls per profile): ${stats(cold)}`);
  await replay.close();
}

void main().then(() => process.exit(0));
