// npm run probe: calls every source once at its configured URL (BRON_*_URL or the real one) with a known
// request and prints one line per source: ok, drift (…) or mislukt (…). Exit code 1 when any source failed,
// 2 on a wrong option (an unknown source id). Run it after a deploy; CI runs it against the replay server.
// Options: --bron id[,id…] probes only those; --replay <url> points every source at a replay server
// (`npm run demo` runs one on http://127.0.0.1:3999): npm run probe -- --replay http://127.0.0.1:3999
import { probeAll, probeLine, unknownSourceIds, useReplayServer } from '../lib/sources/probe';
import { sources } from '../lib/sources/registry';

const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? '') : undefined;
};
const bron = option('--bron');
const ids = bron === undefined ? undefined : bron.split(',').filter(Boolean);
const replay = option('--replay');
if (!process.env.LOG_LEVEL) process.env.LOG_LEVEL = 'silent';

async function main() {
  if (ids) {
    const unknown = ids.length ? unknownSourceIds(ids) : ['(geen)'];
    if (unknown.length) {
      console.error(`Onbekende bron: ${unknown.join(', ')}. Bekende bronnen:\n  ${sources.map((s) => s.id).join('\n  ')}`);
      process.exitCode = 2;
      return;
    }
  }
  if (replay !== undefined) {
    if (!/^https?:\/\/[^/]/.test(replay)) {
      console.error(`--replay verwacht het adres van een replay-server, bijvoorbeeld http://127.0.0.1:3999 (kreeg ${JSON.stringify(replay)})`);
      process.exitCode = 2;
      return;
    }
    useReplayServer(replay);
  }
  const results = await probeAll(ids);
  for (const r of results) console.log(probeLine(r));
  const failed = results.filter((r) => r.uitkomst === 'mislukt').length;
  const drift = results.filter((r) => r.uitkomst === 'drift').length;
  const skipped = results.filter((r) => r.uitkomst === 'overgeslagen').length;
  console.log(`\n${results.length} bronnen: ${results.length - failed - drift - skipped} ok, ${drift} met drift, ${failed} mislukt, ${skipped} overgeslagen`);
  process.exitCode = failed ? 1 : 0;
}

void main();
