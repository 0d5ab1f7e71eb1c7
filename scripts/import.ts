// CLI: import a register export into the database in force and publish it atomically.
//
//   npm run import -- <register> [--file PATH|URL | --url URL] [--peildatum ISO] [--bron-url URL] [register options]
//   npm run import -- lei --file PATH|URL [--rr PATH|URL]
//   npm run import -- charity --url https://download.belastingdienst.nl/data/anbi/anbi.zip
//   npm run import -- lei                  (no file: downloads the official export, as the scheduled job does)
//   npm run import -- fsp --file PATH --forceer   (publish although the plausibility guard refuses)
//
// Before publishing, the import is compared with the published version (lib/registers/common/guard.ts):
// no records, more than REGISTER_MAX_DALING fewer records, a peildatum not newer, or the very file already
// published is refused, as is an incomplete file or one of the wrong kind (the importers). A refused
// import exits with code 4 and one line saying why; the published version keeps serving. --forceer
// publishes on purpose over the plausibility checks (never over an incomplete file or one of the wrong kind).
//
// The registers and how to find their official exports are in one registry, lib/registers/importers.ts
// (also used by the scheduled jobs, jobs/). Progress goes to stderr (records/s, counts, bar, ETA from bytes
// read), the summary to stdout. On the embedded PGlite database the import refuses while another process
// (the server) holds it: stop the server, or use PostgreSQL.
import { closeDb, databaseKind, getDb, openDb } from '@/lib/db/client';
import { recomputeNaImport } from '@/lib/monitor/recompute';
import { isUrl } from '@/lib/registers/common/export-file';
import { isImportRefused } from '@/lib/registers/common/refusal';
import {
  importableRegisters,
  importerFor,
  recordsRead,
  summaryLines,
  type ImportProgress,
  type OfficialExport,
  type RegisterImporter,
} from '@/lib/registers/importers';


function usage(): string {
  const lines = ['gebruik: npm run import -- <register> [--file PAD|URL | --url URL] [--peildatum ISO-8601] [--bron-url URL] [--forceer]'];
  lines.push('  zonder --file of --url: download van de officiële export (zoals de geplande job)');
  lines.push('  --forceer: publiceer ook als het bestand onaannemelijk lijkt naast de gepubliceerde versie');
  lines.push('             (veel minder records, geen nieuwere peildatum, hetzelfde bestand); nooit een onvolledig bestand');
  for (const id of importableRegisters()) {
    const imp = importerFor(id)!;
    const extra = (imp.extraBestanden ?? []).map((e) => ` [--${e.naam} PAD|URL]`).join('');
    lines.push(`  ${id}: ${imp.titel}`);
    lines.push(`       npm run import -- ${id} [--file PAD|URL]${extra}`);
    lines.push(`       --file  ${imp.bestand}`);
    for (const e of imp.extraBestanden ?? []) lines.push(`       --${e.naam}  ${e.beschrijving}`);
  }
  return lines.join('\n') + '\n';
}

/** Options without a value. */
const FLAGS = new Set(['forceer']);

function parseArgs(argv: string[]): { register: string | undefined; opts: Record<string, string> } {
  const [register, ...rest] = argv;
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(rest[i]);
    if (!m) throw new Error(`onbekend argument: ${rest[i]}`);
    if (FLAGS.has(m[1])) {
      if (m[2] !== undefined) throw new Error(`--${m[1]} heeft geen waarde`);
      opts[m[1]] = 'ja';
    } else opts[m[1]] = m[2] ?? rest[++i] ?? '';
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
    update(p: ImportProgress) {
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
      const bar = p.totaalBytes ? `[${'#'.repeat(Math.min(20, Math.round((p.bytes / p.totaalBytes) * 20))).padEnd(20, '.')}]` : '';
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

function describeExport(e: OfficialExport): string {
  const files = [e.file, ...Object.values(e.extra ?? {})].filter(Boolean);
  const what = files.length ? files.join(' en ') : 'de officiële bestanden';
  return e.via ? `${what} (gevonden via ${e.via})` : what;
}

// A CLI has no HTTP work to overlap with the database: PGlite runs in this thread unless PGLITE_WORKER says
// otherwise (its worker thread costs ~100 MB more during a full LEI import and gains nothing here).
process.env.PGLITE_WORKER ??= 'uit';

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${usage()}`);
    return 2;
  }
  const { register, opts } = args;
  const importer = register ? importerFor(register) : undefined;
  if (!importer) {
    process.stderr.write(usage());
    return 2;
  }
  const extraNames = (importer.extraBestanden ?? []).map((e) => e.naam);
  const known = new Set(['file', 'url', 'peildatum', 'bron-url', 'forceer', ...extraNames]);
  const unknown = Object.keys(opts).filter((k) => !known.has(k));
  if (unknown.length) {
    process.stderr.write(`onbekende optie${unknown.length > 1 ? 's' : ''} voor ${importer.id}: ${unknown.map((k) => `--${k}`).join(', ')}\n${usage()}`);
    return 2;
  }
  if (opts.file !== undefined && opts.url !== undefined) {
    process.stderr.write(`Geef --file of --url, niet allebei.\n${usage()}`);
    return 2;
  }
  if (opts.url !== undefined && !isUrl(opts.url)) {
    process.stderr.write(`--url moet met http:// of https:// beginnen: ${opts.url}\n`);
    return 2;
  }
  for (const k of ['file', 'url', ...extraNames]) {
    if (opts[k] === '') {
      process.stderr.write(`--${k} heeft geen waarde.\n${usage()}`);
      return 2;
    }
  }
  const file = opts.file ?? opts.url;
  const extra = Object.fromEntries(extraNames.filter((k) => opts[k] !== undefined).map((k) => [k, opts[k]]));
  if (!file && Object.keys(extra).length) {
    process.stderr.write(`${Object.keys(extra).map((k) => `--${k}`).join(', ')} alleen samen met --file of --url.\n`);
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

  // First the database: on the embedded one this refuses while the server holds it, before any download.
  try {
    await openDb();
  } catch (e) {
    const err = e as Error & { code?: string };
    process.stderr.write(err.code === 'PGLITE_LOCKED' ? `Import geweigerd: ${err.message}\n` : `Database niet te openen: ${err.message}\n`);
    await closeDb().catch(() => undefined);
    return 3;
  }

  const id = importer.id;
  const progress = progressPrinter();
  if (file) {
    const extraText = Object.values(extra).map((v) => ` en ${v}`).join('');
    process.stderr.write(`${id}: import van ${file}${extraText} naar ${databaseKind()}\n`);
  } else {
    process.stderr.write(`${id}: import van de officiële export naar ${databaseKind()}\n`);
  }
  try {
    const r = await importer.run({
      file,
      extra,
      peildatum,
      bronUrl: opts['bron-url'],
      forceer: opts.forceer === 'ja',
      onProgress: (p) => progress.update(p),
      progressEvery: 5000,
      onExport: (e) => process.stderr.write(`${id}: download van ${describeExport(e)}\n`),
    });
    progress.done();
    process.stdout.write(summary(importer, r));
    const monitor = await recomputeNaImport(getDb(), id, (m) => process.stderr.write(`${m}\n`));
    if (monitor) process.stdout.write(`${monitor}\n`);
    return 0;
  } catch (e) {
    progress.done();
    if (isImportRefused(e)) {
      // The --forceer hint only where it would help: a plausibility refusal without --forceer given. With
      // --forceer the guard refuses only what it cannot override (an empty first version).
      const hoe =
        e.soort !== 'onaannemelijk'
          ? 'Dit is met --forceer niet te omzeilen: gebruik een volledig bestand van de juiste soort.'
          : opts.forceer === 'ja'
            ? 'Dit is ook met --forceer niet te omzeilen.'
            : `Bewust toch publiceren: herhaal de opdracht met --forceer (npm run import -- ${process.argv.slice(2).join(' ')} --forceer).`;
      process.stderr.write(`${id}: import geweigerd: ${e.reden}\nDe vorige gepubliceerde versie blijft in gebruik. ${hoe}\n`);
      return 4;
    }
    process.stderr.write(`${id}: import mislukt: ${(e as Error).message}\nDe vorige gepubliceerde versie blijft in gebruik.\n`);
    return 1;
  } finally {
    await closeDb();
  }
}

function summary(importer: RegisterImporter, r: Awaited<ReturnType<RegisterImporter['run']>>): string {
  // A calendar-day peildatum (charity: the file header's day) is shown as a day, a publication time in full.
  const iso = r.peildatum.toISOString();
  const peil = importer.peildatumIsDag ? iso.slice(0, 10) : iso;
  const gelezen = recordsRead(importer, r);
  return (
    `${importer.id}: import ${r.importId} gepubliceerd, peildatum ${peil}${r.bronversie ? `, bronversie ${r.bronversie}` : ''}\n` +
    summaryLines(importer, r).map((l) => `  ${l}\n`).join('') +
    `  sha-256 ${r.sha256}\n  ${(r.ms / 1000).toFixed(1)} s, ${fmt(Math.round(gelezen / Math.max(0.001, r.ms / 1000)))} records/s gelezen\n`
  );
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`${(e as Error)?.stack ?? e}\n`);
    process.exit(1);
  },
);
