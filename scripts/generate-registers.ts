// CLI: writes GENERATED SAMPLE DATA for the four collection registers (GLEIF LEI + relationships, ANBI,
// DNB, AFM) in the formats the importers read, deterministic per (schaal, seed, peildatum).
//
//   npm run generate:registers -- [--schaal vol|klein|<factor 0..1>] [--seed N] [--uit DIR] [--peildatum JJJJ-MM-DD]
//                                 [--maanden N] [--markt]
//
// Defaults: schaal vol (full real size), seed and peildatum fixed (see lib/registers/generate/index.ts),
// uit data/generated, maanden 1 (one export). --maanden N > 1 writes N monthly versions of the sample
// market into DIR/maand-01 … maand-NN (lei and fsp; charity and finreg once in DIR), see
// lib/registers/generate/market.ts. Progress goes to stderr, the summary to stdout.
import path from 'node:path';
import { DEFAULT_PEILDATUM, DEFAULT_SEED, generateRegisters, MAX_MAANDEN, parseSchaal, type Schaal } from '../lib/registers/generate';

const USAGE =
  'gebruik: npm run generate:registers -- [--schaal vol|klein|<factor 0..1>] [--seed N] [--uit MAP] [--peildatum JJJJ-MM-DD] [--maanden N] [--markt]\n' +
  `  --schaal     vol = ware grootte (standaard), klein = steekproef van ~1%, of een factor zoals 0.1\n` +
  `  --seed       geheel getal, standaard ${DEFAULT_SEED}; zelfde seed en schaal geven byte-identieke bestanden\n` +
  `  --uit        uitvoermap, standaard data/generated\n` +
  `  --peildatum  peildatum van de bestanden, standaard ${DEFAULT_PEILDATUM}; bij --maanden die van de nieuwste maand\n` +
  `  --maanden    aantal maandversies van de voorbeeldmarkt (1–${MAX_MAANDEN}), standaard 1; boven 1 in MAP/maand-01 … maand-NN\n` +
  `               (lei en fsp per maand; charity en finreg eenmaal in MAP, met de peildatum van maand 1)\n` +
  `  --markt      de namen, formules en volmachtkantoren van de voorbeeldmarkt ook bij één maand\n`;

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`onbekend argument: ${argv[i]}`);
    if (m[1] === 'help' || m[1] === 'markt') {
      if (m[2] !== undefined) throw new Error(`--${m[1]} heeft geen waarde`);
      out[m[1]] = '1';
      continue;
    }
    if (!['schaal', 'seed', 'uit', 'peildatum', 'maanden'].includes(m[1])) throw new Error(`onbekende optie: --${m[1]}`);
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
  let maanden: number | undefined;
  try {
    args = parseArgs(process.argv.slice(2));
    if (args.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    schaal = parseSchaal(args.schaal ?? 'vol');
    seed = args.seed === undefined ? undefined : Number(args.seed);
    if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)) throw new Error(`ongeldige seed: ${args.seed}`);
    maanden = args.maanden === undefined ? undefined : Number(args.maanden);
    if (maanden !== undefined && (!Number.isSafeInteger(maanden) || maanden < 1 || maanden > MAX_MAANDEN)) throw new Error(`ongeldig aantal maanden: ${args.maanden}`);
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
      maanden,
      markt: args.markt ? true : undefined,
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
        `  fsp:     ${f(a.fsp.instellingen)} instellingen, ${f(a.fsp.vergunningen)} vergunningen (ZIP met XML)\n` +
        (r.maanden && r.maanden.length > 1 ? '  (lei en fsp: de nieuwste maand)\n' : '') +
        (r.maanden ?? [])
          .map(
            (m) =>
              `  maand ${m.maand} ${m.peildatum}: ${f(m.aantallen.fsp.instellingen)} fsp-instellingen, ${f(m.aantallen.lei.relaties)} relaties; ` +
              `${m.aantallen.markt.overnames} overnames, ${m.aantallen.markt.beeindigd} beëindigd, ${m.aantallen.markt.nieuw} nieuw, ${m.aantallen.markt.verhuisd} verhuisd\n`,
          )
          .join('') +
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
