// npm run probe: calls every source once at its configured URL (BRON_*_URL or the real one) with a known
// request and prints one line per source: ok, drift (…) or mislukt (…). Exit code 1 when any source failed.
// Run it after a deploy; CI runs it against the replay server. Options: --bron id[,id…] probes only those.
import { probeAll, probeLine } from '../lib/sources/probe';

const arg = process.argv.indexOf('--bron');
const ids = arg >= 0 ? process.argv[arg + 1]?.split(',').filter(Boolean) : undefined;
if (!process.env.LOG_LEVEL) process.env.LOG_LEVEL = 'silent';

async function main() {
  const results = await probeAll(ids);
  for (const r of results) console.log(probeLine(r));
  const failed = results.filter((r) => r.uitkomst === 'mislukt').length;
  const drift = results.filter((r) => r.uitkomst === 'drift').length;
  const skipped = results.filter((r) => r.uitkomst === 'overgeslagen').length;
  console.log(`\n${results.length} bronnen: ${results.length - failed - drift - skipped} ok, ${drift} met drift, ${failed} mislukt, ${skipped} overgeslagen`);
  process.exitCode = failed ? 1 : 0;
}

void main();
