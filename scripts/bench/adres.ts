// Benchmark of GET /v1/adres/{postcode}/{huisnummer} (target: with every upstream answering in 100 ms, p50 <
// 250 ms, i.e. close to one round trip after the address look-up, not twelve; with one source hanging, the
// answer within the time budget with that source onbeschikbaar).
//   npm run bench:adres                      (N=30 timed runs per part, address 3012BR 42)
//   N=100 ADRES=7906LE/5 npm run bench:adres
// Through the route handler against the replay server. Before every timed call the source cache is emptied
// (the NDW feed caches too), so each of the twelve sources is asked again and waits 100 ms at the replay
// server; the Luchtmeetnet station catalogue stays warm (the spec keeps station coordinates 24 hours).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { route } from '@/lib/api/route';
import { sources } from '@/lib/sources/registry';
import { clearSourceCache } from '@/lib/sources/fetch';
import { adresVolledig, ADRES_BUDGET_MS } from '@/lib/services/adres/adres';
import { startReplayServer } from '@/test/upstream/server';

process.env.LOG_LEVEL = 'silent';
const N = Number(process.env.N ?? 30);
const [PC, HN] = (process.env.ADRES ?? '3012BR/42').split('/');
const LATENCY_MS = 100;

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return `p50 ${q(50).toFixed(1)} ms, p95 ${q(95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

async function main(): Promise<void> {
  process.env.PGLITE_DIR ??= mkdtempSync(join(tmpdir(), 'bench-adres-'));
  const replay = await startReplayServer();
  for (const s of sources) process.env[s.envVar] = replay.sourceUrl(s.id);
  const handler = route(adresVolledig);
  const call = async () => {
    const res = await handler.GET(new Request(`http://localhost/v1/adres/${PC}/${HN}`), { params: Promise.resolve({ postcode: PC, huisnummer: HN }) });
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    return (await res.json()) as { bronnen: { bron: string; status: string }[] };
  };
  const timed = async (label: string, check?: (b: { bronnen: { bron: string; status: string }[] }) => void) => {
    const ms: number[] = [];
    for (let i = 0; i < N; i++) {
      clearSourceCache();
      const t = performance.now();
      const body = await call();
      ms.push(performance.now() - t);
      check?.(body);
    }
    console.log(`${label}: ${stats(ms)}`);
  };

  for (let i = 0; i < 3; i++) await call(); // warm-up: JIT, access store, station catalogue
  for (const s of sources) replay.setFault(s.id, { kind: 'latency', ms: LATENCY_MS });
  const ids = new Set<string>();
  await timed(`GET /v1/adres/${PC}/${HN}, every upstream call +${LATENCY_MS} ms`, (b) => {
    for (const x of b.bronnen) ids.add(x.bron);
    const down = b.bronnen.filter((x) => x.status !== 'ok');
    if (down.length > 0) throw new Error(`unexpected onbeschikbaar: ${down.map((x) => x.bron).join(', ')}`);
  });
  console.log(`  sources answering: ${ids.size} (${[...ids].sort().join(', ')})`);

  replay.setFault('rce-monumenten', { kind: 'timeout' });
  await timed(`same, rce-monumenten hanging (budget ${ADRES_BUDGET_MS} ms, source timeout ${process.env.BRON_TIMEOUT_MS ?? 'default'})`, (b) => {
    const down = b.bronnen.filter((x) => x.status !== 'ok').map((x) => x.bron);
    if (down.join() !== 'rce-monumenten') throw new Error(`expected only rce-monumenten onbeschikbaar, got ${down.join(', ')}`);
  });
  await replay.close();
}

void main().then(() => process.exit(0));
