// CLI: writes GENERATED SAMPLE DATA for the four collection registers (GLEIF LEI + relationships, ANBI,
// DNB, AFM) in the formats the importers read, deterministic per (schaal, seed, peildatum).
//
//   npm run generate:registers -- [--schaal vol|klein|<factor 0..1>] [--seed N] [--uit DIR] [--peildatum JJJJ-MM-DD]
//
// Defaults: schaal vol (full real size), seed and peildatum fixed (see lib/registers/generate/index.ts),
// uit data/generated. Progress goes to stderr, the summary to stdout.
import path from 'node:path';
import { DEFAULT_PEILDATUM, DEFAULT_SEED, generateRegisters, parseSchaal, type Schaal } from '../lib/registers/generate';

const USAGE =
  'gebruik: npm run generate:registers -- [--schaal vol|klein|<factor 0..1>] [--seed N] [--uit MAP] [--peildatum JJJJ-MM-DD]\n' +
  `  --schaal     vol = ware grootte (standaard), klein = steekproef van ~1%, of een factor zoals 0.1\n` +
  `  --seed       geheel getal, standaard ${DEFAULT_SEED}; zelfde seed en schaal geven byte-identieke bestanden\n` +
  `  --uit        uitvoermap, standaard data/generated\n` +
  `  --peildatum  peildatum van de bestanden, standaard ${DEFAULT_PEILDATUM}\n`;

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`onbekend argument: ${argv[i]}`);
    if (m[1] === 'help') {
      out.help = '1';
      continue;
    }
    if (!['schaal', 'seed', 'uit', 'peildatum'].includes(m[1])) throw new Error(`onbekende optie: --${m[1]}`);
    const v = m[2] ?? argv[++i];
    if (v === undefined) throw new Error(`--${m[1]} mist een waarde`);
    out[m[1]] = v;
  }
  return out;
}

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

async function main(): Promise<number> {
  let args: Record<string, string>;
  let schaal: Schaal;
  let seed: number | undefined;
  try {
    args = parseArgs(process.argv.slice(2));
    if (args.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    schaal = parseSchaal(args.schaal ?? 'vol');
    seed = args.seed === undefined ? undefined : Number(args.seed);
    if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)) throw new Error(`ongeldige seed: ${args.seed}`);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const uit = path.resolve(args.uit ?? 'data/generated');
  const t0 = performance.now();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    const r = await generateRegisters({
      schaal,
      seed,
      uit,
      peildatum: args.peildatum,
      onVoortgang: (s) => process.stderr.write(`${s}\n`),
    });
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const a = r.aantallen;
    const f = (n: number) => n.toLocaleString('nl-NL');
    process.stdout.write(
      `GEGENEREERDE VOORBEELDDATA geschreven naar ${uit} in ${((performance.now() - t0) / 1000).toFixed(1)} s (piek-RSS ${mb(peakRss)})\n` +
        `  lei:     ${f(a.lei.entiteiten)} Nederlandse entiteiten (+${f(a.lei.buitenlands)} buitenlandse records), ${f(a.lei.relaties)} relaties\n` +
        `  charity: ${f(a.charity.beschikkingen)} beschikkingen\n` +
        `  finreg:  ${f(a.finreg.instellingen)} instellingen, ${f(a.finreg.registraties)} registraties in ${f(a.finreg.rijen)} rijen\n` +
        `  fsp:     ${f(a.fsp.instellingen)} instellingen, ${f(a.fsp.vergunningen)} vergunningen in ${f(a.fsp.rijen)} rijen\n` +
        `  manifest: ${r.bestanden.manifest}\n`,
    );
    return 0;
  } catch (e) {
    process.stderr.write(`genereren mislukt: ${(e as Error).stack ?? e}\n`);
    return 1;
  } finally {
    clearInterval(sampler);
  }
}

void main().then((code) => process.exit(code));
