// Import of the GLEIF golden copy: Level 1 (XML or CSV, zipped as published or not) filtered to Dutch
// entities, plus optionally Level 2 relationships. Streams the file(s) from disk or URL while hashing
// them (sha-256 of the bytes as published), loads the rows under a new import id with multi-row
// INSERTs, then publishes atomically. Any failure marks the import mislukt; the previous version stays.
// A file that is not complete (empty, a ZIP without its directory or with a wrong CRC, an XML whose root is
// not closed or whose records differ from the header's RecordCount: completeness.ts, common/zip.ts) is
// refused with ImportRefused('onvolledig') before anything is published; the check's findings are kept in
// the manifest (bestanden[].controle).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { BulkWriter } from '../common/bulk-insert';
import { failImport, publishImport, startImport } from '../common/publish';
import { ImportRefused } from '../common/refusal';
import type { ParseWorkerCommand, ParseWorkerInput, ParseWorkerMessage } from './parse-worker';
import type { Completeness } from './completeness';
import { peildatumFromName } from './record';
import { isUrl } from '../common/export-file';
import { ENTITY_COLUMNS, entityRow, open, RELATION_COLUMNS, relationRow, relevantRelationships, uniqueEncodedEntities, ZOEK_COLUMNS, zoekRow, type Opened } from './source';

export const LEI_REGISTER = 'lei';
export const LEI_TABLES = ['lei_entiteit', 'lei_zoek', 'lei_relatie'];
/** Where GLEIF publishes the golden copies (recorded as bron_url when a local file is imported). */
export const GLEIF_GOLDEN_COPY_URL = 'https://goldencopy.gleif.org/api/v2/golden-copies/publishes';

export interface LeiProgress {
  fase: 'entiteiten' | 'relaties' | 'publiceren';
  /** Records read in this phase (all countries / all types). */
  gelezen: number;
  /** Rows kept in this phase. */
  opgeslagen: number;
  /** Bytes of the (possibly zipped) file read so far, and its size when known. */
  bytes: number;
  totaalBytes: number | null;
}

export interface LeiImportOptions {
  /** Level 1 file: local path or http(s) URL; .xml, .csv or either zipped. */
  file: string;
  /** Level 2 relationship file (RR-CDF), same forms. */
  rr?: string;
  /** bron_url of the manifest; default: the URL imported, else GLEIF's golden-copy publishes API. */
  bronUrl?: string;
  /** Reference date; default: from the publication name, else the file header's ContentDate. */
  peildatum?: Date;
  db?: PrismaClient;
  /** The file is generated sample data (scripts/generate-registers): every answer says so. */
  voorbeeld?: boolean;
  /** Publish even when the plausibility guard refuses (common/guard.ts; the CLI's --forceer). */
  forceer?: boolean;
  /** Called every `progressEvery` records; an exception thrown here aborts the import. */
  onProgress?: (p: LeiProgress) => void;
  progressEvery?: number;
  /** false: parse on this thread. Default: in a worker thread when one can run here (parse-worker.ts). */
  parseWorker?: boolean;
}

export interface LeiImportResult {
  importId: number;
  peildatum: Date;
  sha256: string;
  aantallen: Record<string, number>;
  ms: number;
  /** Wall time per phase (ms): Level 1 read and loaded, relationships, publish (statistics, switch, cleanup). */
  fasen: { entiteiten: number; relaties: number; publiceren: number };
  /** True when the files were parsed in a worker thread (parse-worker.ts). */
  parseWorker: boolean;
}

/** What loading the file(s) gave, for the manifest and the reference date. */
interface Loaded {
  aantallen: Record<string, number>;
  /** controle: the completeness check of the file (lei/completeness.ts): records, RecordCount, closed root, notice. */
  bestanden: { rol: string; naam: string; bron_url: string | null; sha256: string; bytes: number; controle: Completeness | null }[];
  l1Names: string[];
  contentDate: string | null;
  rrContentDate: string | null;
  /** performance.now() when the entities were loaded. */
  tEntities: number;
  /** The last progress report (repeated in the publish phase). */
  gelezen: number;
  /** Size of the Level 1 file when known (progress). */
  l1TotaalBytes: number | null;
}

type Report = (p: LeiProgress) => void;

/** The manifest entry of one loaded file (its sha-256 as published, bytes read, completeness check). */
function fileEntry(rol: string, loc: string, f: Opened, controle: Completeness | null | undefined): Loaded['bestanden'][number] {
  return { rol, naam: f.names.join('!'), bron_url: isUrl(loc) ? loc : null, sha256: f.hash.digest('hex'), bytes: f.state.bytes, controle: controle ?? null };
}

// The path without the worker, all on the main thread: parse, map and write row by row (any BulkWriter mode).
async function loadInline(db: PrismaClient, importId: number, opts: LeiImportOptions, every: number, report: Report): Promise<Loaded> {
  const progress = (fase: LeiProgress['fase'], gelezen: number, opgeslagen: number, o: Opened) =>
    report({ fase, gelezen, opgeslagen, bytes: o.state.bytes, totaalBytes: o.state.total });
  // Level 1
  const l1 = await open(opts.file);
  // The same reader as the parse worker's (entities with their dossier as JSON text), here as rows.
  const { stats: xmlStats, batches } = await uniqueEncodedEntities(l1);
  const leis = xmlStats.leis;
  const writer = new BulkWriter(db, 'lei_entiteit', ENTITY_COLUMNS);
  const zoek = new BulkWriter(db, 'lei_zoek', ZOEK_COLUMNS);
  let lastReport = 0;
  for await (const batch of batches) {
    for (const e of batch) {
      await writer.add(entityRow(importId, e));
      await zoek.add(zoekRow(importId, e));
    }
    if (xmlStats.gelezen - lastReport >= every) {
      lastReport = xmlStats.gelezen;
      progress('entiteiten', xmlStats.gelezen, leis.size, l1);
    }
  }
  await writer.flush();
  await zoek.flush();
  await l1.finish();
  const tEntities = performance.now();
  progress('entiteiten', xmlStats.gelezen, leis.size, l1);
  const bestanden: Loaded['bestanden'] = [fileEntry('lei2', opts.file, l1, xmlStats.controle)];

  // Level 2: relationships with a Dutch entity at either end.
  const aantallen: Record<string, number> = { entiteiten: leis.size, gelezen_lei2: xmlStats.gelezen, dubbel: xmlStats.dubbel };
  let rrContentDate: string | null = null;
  if (opts.rr) {
    const rr = await open(opts.rr);
    const { stats: rrStats, relationships: rels } = await relevantRelationships(rr, leis);
    const rw = new BulkWriter(db, 'lei_relatie', RELATION_COLUMNS);
    let n = 0;
    lastReport = 0;
    for await (const r of rels) {
      await rw.add(relationRow(importId, ++n, r));
      if (rrStats.gelezen - lastReport >= every) {
        lastReport = rrStats.gelezen;
        progress('relaties', rrStats.gelezen, n, rr);
      }
    }
    await rw.flush();
    await rr.finish();
    progress('relaties', rrStats.gelezen, n, rr);
    rrContentDate = rrStats.contentDate;
    aantallen.relaties = n;
    aantallen.gelezen_rr = rrStats.gelezen;
    bestanden.push(fileEntry('rr', opts.rr, rr, rrStats.controle));
  }
  return { aantallen, bestanden, l1Names: l1.names, contentDate: xmlStats.contentDate, rrContentDate, tEntities, gelezen: xmlStats.gelezen, l1TotaalBytes: l1.state.total };
}

/** The worker file, resolved at run time from the project root (never followed by the bundler). */
function parseWorkerFile(): string | null {
  const file = path.join(/* turbopackIgnore: true */ process.cwd(), 'lib', 'registers', 'lei', 'parse-worker.ts');
  return fs.existsSync(file) ? file : null;
}

// The worker runs TypeScript. First choice: parse-worker.ts and what it imports bundled by esbuild (installed
// with tsx) into one CommonJS script, once per process, so the worker loads no TypeScript loader: a worker
// with tsx in it took ~65 MB resident before parsing anything, the bundle ~15 MB (the full LEI import's peak
// went from 520–550 MB to under 500 MB on PGlite). Else it is loaded through tsx's tsImport (a loader scoped
// to that import). Without either, or with LEI_PARSE_WORKER=uit, the import parses on the main thread.
let bundle: Promise<string | null> | null = null;
function parseWorkerBundle(file: string): Promise<string | null> {
  bundle ??= (async () => {
    try {
      // createRequire at run time: the bundler of the server never follows it.
      const req = createRequire(path.join(/* turbopackIgnore: true */ process.cwd(), 'package.json'));
      const esbuild = req('esbuild') as typeof import('esbuild');
      const out = await esbuild.build({
        entryPoints: [file],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        logLevel: 'silent',
        absWorkingDir: process.cwd(),
      });
      return out.outputFiles[0]?.text ?? null;
    } catch {
      return null; // no esbuild here: the tsx loader, else the main thread
    }
  })();
  return bundle;
}

function parseWorkerTsxCode(file: string): string | null {
  const tsx = path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', 'tsx', 'package.json');
  if (!fs.existsSync(tsx)) return null;
  const url = JSON.stringify(pathToFileURL(file).href);
  return `import('tsx/esm/api').then((api) => api.tsImport(${url}, ${url}));`;
}

async function parseWorkerCode(file: string): Promise<string | null> {
  if (!/^(tsx)$/i.test(process.env.LEI_PARSE_WORKER ?? '')) {
    const code = await parseWorkerBundle(file);
    if (code) return code;
  }
  return parseWorkerTsxCode(file);
}

class WorkerChannel {
  private queue: ParseWorkerMessage[] = [];
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  finished = false;
  constructor(readonly worker: Worker) {
    const notify = () => {
      const w = this.wake;
      this.wake = null;
      w?.();
    };
    worker.on('message', (m: ParseWorkerMessage) => {
      this.queue.push(m);
      notify();
    });
    worker.on('error', (e) => {
      this.failure ??= e instanceof Error ? e : new Error(String(e));
      notify();
    });
    worker.on('exit', (code) => {
      if (!this.finished) this.failure ??= new Error(`De LEI-parseerthread stopte onverwacht (code ${code}).`);
      notify();
    });
  }
  async next(): Promise<ParseWorkerMessage> {
    for (;;) {
      const m = this.queue.shift();
      if (m) return m;
      if (this.failure) throw this.failure;
      await new Promise<void>((r) => (this.wake = r));
    }
  }
  stop() {
    this.finished = true;
    void this.worker.terminate().catch(() => undefined);
  }
}

/** Starts the parse worker; null when it cannot run here (then the import parses on the main thread). */
async function startParseWorker(input: ParseWorkerInput): Promise<WorkerChannel | null> {
  if (/^(uit|off|0|false)$/i.test(process.env.LEI_PARSE_WORKER ?? '')) return null;
  const file = parseWorkerFile();
  const code = file && (await parseWorkerCode(file));
  if (!code) return null;
  let channel: WorkerChannel;
  try {
    channel = new WorkerChannel(new Worker(code, { eval: true, workerData: input, execArgv: [] }));
  } catch {
    return null;
  }
  try {
    const first = await channel.next();
    if (first.type === 'ready') return channel;
  } catch {
    // did not start (no loader, unresolved import, ...): fall back
  }
  channel.stop();
  return null;
}

// The worker path: the worker parses and encodes COPY batches, this thread loads them (COPY) in order.
async function loadWithWorker(
  channel: WorkerChannel,
  db: PrismaClient,
  importId: number,
  opts: LeiImportOptions,
  report: Report,
): Promise<Loaded | null> {
  const entities = new BulkWriter(db, 'lei_entiteit', ENTITY_COLUMNS);
  const zoek = new BulkWriter(db, 'lei_zoek', ZOEK_COLUMNS);
  const relations = new BulkWriter(db, 'lei_relatie', RELATION_COLUMNS);
  const writers = { lei_entiteit: entities, lei_zoek: zoek, lei_relatie: relations };
  try {
    if (!(await entities.usesCopy())) {
      channel.stop(); // INSERT path (BULK_LOAD=insert, another client): rows, not COPY text
      return null;
    }
    channel.worker.postMessage({ type: 'start', importId } satisfies ParseWorkerCommand);
    let tEntities = 0;
    let l1TotaalBytes: number | null = null;
    for (;;) {
      const m = await channel.next();
      if (m.type === 'batch') {
        await writers[m.table].addBatch({ data: m.data, rows: m.rows });
        channel.worker.postMessage({ type: 'credit' } satisfies ParseWorkerCommand);
      } else if (m.type === 'progress') {
        report(m.progress);
      } else if (m.type === 'entitiesDone') {
        await entities.flush();
        await zoek.flush();
        tEntities = performance.now();
        l1TotaalBytes = m.progress.totaalBytes;
        report(m.progress);
      } else if (m.type === 'error') {
        throw m.refusal ? new ImportRefused(m.refusal.reden, m.refusal.soort) : new Error(m.message);
      } else if (m.type === 'done') {
        channel.stop();
        await relations.flush();
        if (m.progress) report(m.progress);
        const { l1, rr } = m.result;
        const aantallen: Record<string, number> = { entiteiten: l1.entiteiten, gelezen_lei2: l1.gelezen, dubbel: l1.dubbel };
        const bestanden: Loaded['bestanden'] = [
          { rol: 'lei2', naam: l1.names.join('!'), bron_url: isUrl(opts.file) ? opts.file : null, sha256: l1.sha256, bytes: l1.bytes, controle: l1.controle },
        ];
        if (rr && opts.rr) {
          aantallen.relaties = rr.relaties;
          aantallen.gelezen_rr = rr.gelezen;
          bestanden.push({ rol: 'rr', naam: rr.names.join('!'), bron_url: isUrl(opts.rr) ? opts.rr : null, sha256: rr.sha256, bytes: rr.bytes, controle: rr.controle });
        }
        return { aantallen, bestanden, l1Names: l1.names, contentDate: l1.contentDate, rrContentDate: rr?.contentDate ?? null, tEntities, gelezen: l1.gelezen, l1TotaalBytes };
      }
    }
  } catch (e) {
    channel.stop(); // failImport waits for the COPYs still running (common/bulk-insert.ts settleCopies)
    throw e;
  }
}

/** Imports a GLEIF golden copy (Dutch entities, optional relationships) and publishes it atomically. */
export async function importLei(opts: LeiImportOptions): Promise<LeiImportResult> {
  const t0 = performance.now();
  const db = opts.db ?? getDb();
  const every = opts.progressEvery ?? 10_000;
  const bronUrl = opts.bronUrl ?? (isUrl(opts.file) ? opts.file : GLEIF_GOLDEN_COPY_URL);
  // The worker starts (~0.3 s: loading TypeScript) while the import is registered.
  const starting = opts.parseWorker === false ? null : startParseWorker({ leiParseWorker: true, file: opts.file, rr: opts.rr, every });
  let importId: number;
  try {
    importId = await startImport(db, LEI_REGISTER, bronUrl, opts.voorbeeld ?? false, LEI_TABLES);
  } catch (e) {
    void starting?.then((c) => c?.stop());
    throw e;
  }
  const report: Report = (p) => opts.onProgress?.(p);
  try {
    const channel = starting && (await starting);
    const inWorker = channel ? await loadWithWorker(channel, db, importId, opts, report) : null;
    const loaded = inWorker ?? (await loadInline(db, importId, opts, every, report));
    const { aantallen, bestanden } = loaded;
    const tRelations = performance.now();
    const fromName = loaded.l1Names.map(peildatumFromName).find((d) => d !== null) ?? null;
    const header = loaded.contentDate ?? loaded.rrContentDate;
    const peildatum = opts.peildatum ?? fromName ?? (header && !Number.isNaN(Date.parse(header)) ? new Date(header) : null);
    if (!peildatum) {
      throw new Error(
        'Geen peildatum: de bestandsnaam volgt niet het patroon YYYYMMDD-HHMM-gleif-goldencopy-... en de kop heeft geen ContentDate. Geef --peildatum op.',
      );
    }
    report({ fase: 'publiceren', gelezen: loaded.gelezen, opgeslagen: aantallen.entiteiten, bytes: bestanden[0].bytes, totaalBytes: loaded.l1TotaalBytes });
    await publishImport(db, LEI_REGISTER, importId, { peildatum, bronUrl, sha256: bestanden[0].sha256, aantallen, bestanden }, LEI_TABLES, { forceer: opts.forceer });
    const t1 = performance.now();
    const tEntities = loaded.tEntities;
    const fasen = { entiteiten: Math.round(tEntities - t0), relaties: Math.round(tRelations - tEntities), publiceren: Math.round(t1 - tRelations) };
    return { importId, peildatum, sha256: bestanden[0].sha256, aantallen, ms: Math.round(t1 - t0), fasen, parseWorker: inWorker !== null };
  } catch (err) {
    await failImport(db, importId, err, LEI_TABLES).catch(() => undefined);
    throw err;
  }
}
