// CLI: import a register export into the database in force and publish it atomically.
//
//   npm run import -- lei --file PATH|URL [--rr PATH|URL] [--peildatum ISO] [--bron-url URL]
//   npm run import -- charity --file PATH|URL [--peildatum ISO] [--bron-url URL]
//
// PATH may be the .zip as GLEIF publishes it, or the unzipped .xml/.csv. Progress goes to stderr
// (records/s, counts, ETA from bytes read), the summary to stdout. On the embedded PGlite database
// the import refuses while another process (the server) holds it: stop the server, or use PostgreSQL.
import { closeDb, databaseKind, openDb } from '@/lib/db/client';
import { importLei, type LeiProgress } from '@/lib/registers/lei/import';
import { ANBI_ZIP_URL, importCharity, type CharityProgress } from '@/lib/registers/charity/import';

const USAGE =
  'gebruik: npm run import -- lei --file PAD|URL [--rr PAD|URL] [--peildatum 2026-09-01T08:00:00Z] [--bron-url URL]\n' +
  '  --file   GLEIF Level 1 golden copy (LEI-CDF 3.x/2.1, XML of CSV, gezipt of niet)\n' +
  '  --rr     GLEIF Level 2 relaties (RR-CDF, XML of CSV)\n' +
  `       npm run import -- charity --file PAD|URL [--peildatum 2026-11-17] [--bron-url URL]\n` +
  `  --file   ANBI-register van de Belastingdienst: anbi.zip zoals gepubliceerd (${ANBI_ZIP_URL}) of anbi.xml\n`;

function parseArgs(argv: string[]): { register: string | undefined; opts: Record<string, string> } {
  const [register, ...rest] = argv;
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(rest[i]);
    if (!m) throw new Error(`onbekend argument: ${rest[i]}`);
    opts[m[1]] = m[2] ?? rest[++i] ?? '';
  }
  return { register, opts };
}

const fmt = (n: number) => n.toLocaleString('nl-NL');
const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

// One progress line, rewritten in place on a terminal and printed every 5 s otherwise.
function progressPrinter() {
  const tty = process.stderr.isTTY;
  let phaseStart = performance.now();
  let phase = '';
  let lastPrint = -Infinity;
  let lastLen = 0;
  return {
    update(p: LeiProgress | CharityProgress) {
      const now = performance.now();
      if (p.fase !== phase) {
        if (phase && tty) process.stderr.write('\n');
        phase = p.fase;
        phaseStart = now;
      }
      if (!tty && now - lastPrint < 5000 && p.fase !== 'publiceren') return;
      lastPrint = now;
      const secs = Math.max(0.001, (now - phaseStart) / 1000);
      const rate = Math.round(p.gelezen / secs);
      let eta = '';
      if (p.totaalBytes && p.bytes > 0 && p.bytes < p.totaalBytes) {
        const left = ((p.totaalBytes - p.bytes) / p.bytes) * secs;
        eta = `, nog ~${Math.ceil(left)} s`;
      }
      const pct = p.totaalBytes ? ` ${Math.min(100, Math.round((p.bytes / p.totaalBytes) * 100))}% (${mb(p.bytes)} van ${mb(p.totaalBytes)})` : ` ${mb(p.bytes)}`;
      const bar = p.totaalBytes ? `[${'#'.repeat(Math.round((p.bytes / p.totaalBytes) * 20)).padEnd(20, '.')}]` : '';
      const line = `${p.fase}: ${bar}${pct} ${fmt(p.gelezen)} gelezen, ${fmt(p.opgeslagen)} opgeslagen, ${fmt(rate)} records/s${eta}`;
      if (tty) {
        process.stderr.write(`\r${line.padEnd(lastLen)}`);
        lastLen = line.length;
      } else process.stderr.write(line + '\n');
    },
    done() {
      if (tty && phase) process.stderr.write('\n');
    },
  };
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { register, opts } = args;
  if (register !== 'lei' && register !== 'charity') {
    process.stderr.write(
      register && ['fsp', 'finreg'].includes(register)
        ? `Het importeren van ${register} is nog niet gebouwd.\n`
        : `${USAGE}`,
    );
    return 2;
  }
  const file = opts.file ?? opts.url;
  if (!file) {
    process.stderr.write(`--file (of --url) ontbreekt.\n${USAGE}`);
    return 2;
  }
  let peildatum: Date | undefined;
  if (opts.peildatum) {
    peildatum = new Date(opts.peildatum);
    if (Number.isNaN(peildatum.getTime())) {
      process.stderr.write(`--peildatum is geen ISO 8601-datum: ${opts.peildatum}\n`);
      return 2;
    }
  }

  try {
    await openDb();
  } catch (e) {
    const err = e as Error & { code?: string };
    process.stderr.write(err.code === 'PGLITE_LOCKED' ? `Import geweigerd: ${err.message}\n` : `Database niet te openen: ${err.message}\n`);
    return 3;
  }

  const progress = progressPrinter();
  if (register === 'charity') return runCharity(file, peildatum, opts, progress);
  process.stderr.write(`lei: import van ${file}${opts.rr ? ` en ${opts.rr}` : ''} naar ${databaseKind()}\n`);
  try {
    const r = await importLei({ file, rr: opts.rr, peildatum, bronUrl: opts['bron-url'], onProgress: (p) => progress.update(p), progressEvery: 5000 });
    progress.done();
    const gelezen = (r.aantallen.gelezen_lei2 ?? 0) + (r.aantallen.gelezen_rr ?? 0);
    process.stdout.write(
      `lei: import ${r.importId} gepubliceerd, peildatum ${r.peildatum.toISOString()}\n` +
        `  entiteiten ${fmt(r.aantallen.entiteiten)} (van ${fmt(r.aantallen.gelezen_lei2)} gelezen)` +
        (r.aantallen.relaties !== undefined ? `, relaties ${fmt(r.aantallen.relaties)} (van ${fmt(r.aantallen.gelezen_rr)} gelezen)` : '') +
        `\n  sha-256 ${r.sha256}\n  ${(r.ms / 1000).toFixed(1)} s, ${fmt(Math.round(gelezen / (r.ms / 1000)))} records/s gelezen\n`,
    );
    return 0;
  } catch (e) {
    progress.done();
    process.stderr.write(`lei: import mislukt: ${(e as Error).message}\nDe vorige gepubliceerde versie blijft in gebruik.\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

async function runCharity(
  file: string,
  peildatum: Date | undefined,
  opts: Record<string, string>,
  progress: ReturnType<typeof progressPrinter>,
): Promise<number> {
  process.stderr.write(`charity: import van ${file} naar ${databaseKind()}\n`);
  try {
    const r = await importCharity({ file, peildatum, bronUrl: opts['bron-url'], onProgress: (p) => progress.update(p), progressEvery: 5000 });
    progress.done();
    const a = r.aantallen;
    process.stdout.write(
      `charity: import ${r.importId} gepubliceerd, peildatum ${r.peildatum.toISOString().slice(0, 10)}${r.versie ? `, bronversie ${r.versie}` : ''}\n` +
        `  beschikkingen ${fmt(a.totaal)} (van ${fmt(a.gelezen)} gelezen; ${fmt(a.overgeslagen)} overgeslagen, ${fmt(a.dubbel)} dubbel, ${fmt(a.waarschuwingen)} waarschuwingen)\n` +
        `  geldig ${fmt(a.geldig)}, beëindigd ${fmt(a.beeindigd)}, cultureel ${fmt(a.cultuur)}, groepsbeschikkingen ${fmt(a.groepsbeschikkingen)}\n` +
        `  sha-256 ${r.sha256}\n  ${(r.ms / 1000).toFixed(1)} s, ${fmt(Math.round(a.gelezen / (r.ms / 1000)))} records/s gelezen\n`,
    );
    return 0;
  } catch (e) {
    progress.done();
    process.stderr.write(`charity: import mislukt: ${(e as Error).message}\nDe vorige gepubliceerde versie blijft in gebruik.\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`${(e as Error)?.stack ?? e}\n`);
    process.exit(1);
  },
);
