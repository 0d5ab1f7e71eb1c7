// Import of the GLEIF golden copy: Level 1 (XML or CSV, zipped as published or not) filtered to Dutch
// entities, plus optionally Level 2 relationships. Streams the file(s) from disk or URL while hashing
// them (sha-256 of the bytes as published), loads the rows under a new import id with multi-row
// INSERTs, then publishes atomically. Any failure marks the import mislukt; the previous version stays.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { BulkWriter, type BulkColumn } from '../common/bulk-insert';
import { failImport, publishImport, startImport } from '../common/publish';
import { looksLikeZip, openZipEntry } from '../common/zip';
import { parseLeiCsv } from './parse-csv';
import { parseLeiXml } from './parse-xml';
import { parseRrCsv, parseRrXml } from './parse-rr';
import { peildatumFromName, plaatsKey, type LeiEntity, type LeiRelationship } from './record';

export const LEI_REGISTER = 'lei';
export const LEI_TABLES = ['lei_entiteit', 'lei_relatie'];
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
  /** Called every `progressEvery` records; an exception thrown here aborts the import. */
  onProgress?: (p: LeiProgress) => void;
  progressEvery?: number;
}

export interface LeiImportResult {
  importId: number;
  peildatum: Date;
  sha256: string;
  aantallen: Record<string, number>;
  ms: number;
  /** Wall time per phase (ms): Level 1 read and loaded, relationships, publish (statistics, switch, cleanup). */
  fasen: { entiteiten: number; relaties: number; publiceren: number };
}

interface Opened {
  stream: AsyncGenerator<Buffer>;
  /** Outer (and inner zip entry) name, for the format and the reference date. */
  names: string[];
  hash: ReturnType<typeof createHash>;
  /** bytes: of the file as published, read (or, inside a zip, estimated from the entry read) so far. */
  state: { bytes: number; total: number | null };
  /** Reads the rest of the file so the hash covers it all, sets the final byte count, removes temp files. */
  finish: () => Promise<void>;
}

const isUrl = (s: string) => /^https?:\/\//i.test(s);

async function* rawBytes(loc: string, state: Opened['state']): AsyncGenerator<Buffer> {
  if (isUrl(loc)) {
    const res = await fetch(loc, { redirect: 'follow' });
    if (!res.ok || !res.body) throw new Error(`Download van ${loc} gaf HTTP-status ${res.status}.`);
    const len = Number(res.headers.get('content-length'));
    state.total = Number.isFinite(len) && len > 0 ? len : null;
    for await (const c of Readable.fromWeb(res.body as import('node:stream/web').ReadableStream)) yield c as Buffer;
    return;
  }
  state.total = fs.statSync(loc).size;
  for await (const c of fs.createReadStream(loc, { highWaterMark: 1 << 20 })) yield c as Buffer;
}

async function* tap(src: AsyncGenerator<Buffer>, hash: Opened['hash'], state: Opened['state']): AsyncGenerator<Buffer> {
  for await (const c of src) {
    hash.update(c);
    state.bytes += c.length;
    yield c;
  }
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  for (;;) {
    const r = await rest.next();
    if (r.done) return;
    yield r.value;
  }
}

async function drain(it: AsyncGenerator<Buffer>): Promise<void> {
  for (;;) if ((await it.next()).done) return;
}

// Opens a file or URL as a byte stream of its content, hashing the raw bytes. A zip (GLEIF publishes one
// file per zip) is read with common/zip.ts, which needs a file: a zip from a URL is spooled to a temp file.
async function open(loc: string): Promise<Opened> {
  const state = { bytes: 0, total: null as number | null };
  const hash = createHash('sha256');
  const raw = tap(rawBytes(loc, state), hash, state);
  const names = [path.basename(isUrl(loc) ? new URL(loc).pathname : loc)];
  const first = await raw.next();
  if (first.done) return { stream: (async function* () {})(), names, hash, state, finish: async () => undefined };
  const joined = prepend(first.value, raw);
  if (!looksLikeZip(first.value)) return { stream: joined, names, hash, state, finish: () => drain(raw) };

  let file = loc;
  let tmpDir: string | null = null;
  const cleanup = () => {
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
  let opened: Awaited<ReturnType<typeof openZipEntry>>;
  try {
    if (isUrl(loc)) {
      tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lei-zip-'));
      file = path.join(tmpDir, 'download.zip');
      await pipeline(Readable.from(joined), fs.createWriteStream(file));
    }
    opened = await openZipEntry(file);
  } finally {
    cleanup(); // yauzl keeps the file open: a spooled temp file can go at once (POSIX)
  }
  const { entry, stream } = opened;
  names.push(entry.name);
  // Progress in bytes of the zip file: the share of the entry read so far, scaled to its compressed size.
  const zipState = { bytes: 0, total: state.total };
  async function* entryBytes(): AsyncGenerator<Buffer> {
    let read = 0;
    for await (const c of stream as AsyncIterable<Buffer>) {
      read += c.length;
      if (entry.size > 0) zipState.bytes = Math.min(state.total ?? Infinity, Math.round((read / entry.size) * entry.compressedSize));
      yield c;
    }
  }
  const finish = async () => {
    await drain(raw);
    zipState.bytes = state.bytes;
  };
  return { stream: entryBytes(), names, hash, state: zipState, finish };
}

// XML or CSV: by the file names, else by the first non-blank character of the content.
async function detect(o: Opened): Promise<{ kind: 'xml' | 'csv'; stream: AsyncGenerator<Buffer> }> {
  const first = await o.stream.next();
  const stream = first.done ? (async function* () {})() : prepend(first.value, o.stream);
  const byName = o.names.map((n) => /\.(xml|csv)(\.zip)?$/i.exec(n)?.[1]?.toLowerCase()).filter(Boolean).pop();
  if (byName === 'xml' || byName === 'csv') return { kind: byName, stream };
  const text = first.done ? '' : first.value.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return { kind: text.startsWith('<') ? 'xml' : 'csv', stream };
}

const ENTITY_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'lei' }, { name: 'naam' }, { name: 'andere_namen', cast: 'text[]' }, { name: 'zoeknaam' },
  { name: 'kvk_nummer' }, { name: 'plaats' }, { name: 'plaats_key' }, { name: 'land' }, { name: 'postcode' }, { name: 'adres' }, { name: 'jurisdictie' },
  { name: 'status' }, { name: 'registratie_status' }, { name: 'rechtsvorm' }, { name: 'rechtsvorm_code' }, { name: 'categorie' },
  { name: 'registratie_autoriteit' }, { name: 'registratie_nummer' }, { name: 'oprichtingsdatum' },
  { name: 'eerste_registratie', cast: 'timestamptz' }, { name: 'laatste_wijziging', cast: 'timestamptz' },
  { name: 'volgende_verlenging', cast: 'timestamptz' }, { name: 'beheerder_lou' }, { name: 'ruw', cast: 'jsonb' },
];

const RELATION_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'volgnr', cast: 'integer' }, { name: 'start_lei' }, { name: 'end_lei' }, { name: 'type' }, { name: 'status' },
  { name: 'registratie_status' }, { name: 'perioden', cast: 'jsonb' }, { name: 'laatste_wijziging', cast: 'timestamptz' },
];

/** The search text of an entity: legal name and other names, lower case (trigram-indexed). */
export function zoeknaam(e: Pick<LeiEntity, 'naam' | 'andere_namen'>): string {
  return [e.naam, ...e.andere_namen].join(' | ').toLowerCase();
}

function entityRow(importId: number, e: LeiEntity): unknown[] {
  return [
    importId, e.lei, e.naam, e.andere_namen, zoeknaam(e), e.kvk_nummer, e.plaats, plaatsKey(e.plaats), e.land, e.postcode, e.adres, e.jurisdictie,
    e.status, e.registratie_status, e.rechtsvorm, e.rechtsvorm_code, e.categorie, e.registratie_autoriteit, e.registratie_nummer,
    e.oprichtingsdatum, e.eerste_registratie, e.laatste_wijziging, e.volgende_verlenging, e.beheerder_lou, JSON.stringify(e.ruw),
  ];
}

function relationRow(importId: number, n: number, r: LeiRelationship): unknown[] {
  return [importId, n, r.start_lei, r.end_lei, r.type, r.status, r.registratie_status, JSON.stringify(r.perioden), r.laatste_wijziging];
}

/** Imports a GLEIF golden copy (Dutch entities, optional relationships) and publishes it atomically. */
export async function importLei(opts: LeiImportOptions): Promise<LeiImportResult> {
  const t0 = performance.now();
  const db = opts.db ?? getDb();
  const every = opts.progressEvery ?? 10_000;
  const bronUrl = opts.bronUrl ?? (isUrl(opts.file) ? opts.file : GLEIF_GOLDEN_COPY_URL);
  const importId = await startImport(db, LEI_REGISTER, bronUrl, opts.voorbeeld ?? false);
  try {
    // Level 1
    const l1 = await open(opts.file);
    const { kind, stream } = await detect(l1);
    const xmlStats = { gelezen: 0, contentDate: null as string | null, recordCount: null as number | null };
    const entities = kind === 'xml' ? parseLeiXml(stream, xmlStats) : parseLeiCsv(stream, xmlStats);
    const writer = new BulkWriter(db, 'lei_entiteit', ENTITY_COLUMNS);
    const leis = new Set<string>();
    let dubbel = 0;
    const report = (fase: LeiProgress['fase'], gelezen: number, opgeslagen: number, o: Opened) =>
      opts.onProgress?.({ fase, gelezen, opgeslagen, bytes: o.state.bytes, totaalBytes: o.state.total });
    let lastReport = 0;
    for await (const e of entities) {
      if (leis.has(e.lei)) {
        dubbel++;
        continue;
      }
      // A copy: a substring would keep its whole 1 MB input chunk alive for the rest of the import.
      leis.add(Buffer.from(e.lei, 'latin1').toString('latin1'));
      await writer.add(entityRow(importId, e));
      if (xmlStats.gelezen - lastReport >= every) {
        lastReport = xmlStats.gelezen;
        report('entiteiten', xmlStats.gelezen, leis.size, l1);
      }
    }
    await writer.flush();
    await l1.finish();
    const tEntities = performance.now();
    report('entiteiten', xmlStats.gelezen, leis.size, l1);
    const bestanden = [{ rol: 'lei2', naam: l1.names.join('!'), bron_url: isUrl(opts.file) ? opts.file : null, sha256: l1.hash.digest('hex'), bytes: l1.state.bytes }];

    // Level 2: relationships with a Dutch entity at either end.
    const aantallen: Record<string, number> = { entiteiten: leis.size, gelezen_lei2: xmlStats.gelezen, dubbel: dubbel };
    let rrContentDate: string | null = null;
    if (opts.rr) {
      const rr = await open(opts.rr);
      const d = await detect(rr);
      const rrStats = { gelezen: 0, contentDate: null as string | null };
      const rels = d.kind === 'xml' ? parseRrXml(d.stream, rrStats) : parseRrCsv(d.stream, rrStats);
      const rw = new BulkWriter(db, 'lei_relatie', RELATION_COLUMNS);
      let n = 0;
      lastReport = 0;
      for await (const r of rels) {
        if (!leis.has(r.start_lei) && !leis.has(r.end_lei)) continue;
        await rw.add(relationRow(importId, ++n, r));
        if (rrStats.gelezen - lastReport >= every) {
          lastReport = rrStats.gelezen;
          report('relaties', rrStats.gelezen, n, rr);
        }
      }
      await rw.flush();
      await rr.finish();
      report('relaties', rrStats.gelezen, n, rr);
      rrContentDate = rrStats.contentDate;
      aantallen.relaties = n;
      aantallen.gelezen_rr = rrStats.gelezen;
      bestanden.push({ rol: 'rr', naam: rr.names.join('!'), bron_url: isUrl(opts.rr) ? opts.rr : null, sha256: rr.hash.digest('hex'), bytes: rr.state.bytes });
    }

    const tRelations = performance.now();
    const fromName = l1.names.map(peildatumFromName).find((d) => d !== null) ?? null;
    const header = xmlStats.contentDate ?? rrContentDate;
    const peildatum = opts.peildatum ?? fromName ?? (header && !Number.isNaN(Date.parse(header)) ? new Date(header) : null);
    if (!peildatum) {
      throw new Error(
        'Geen peildatum: de bestandsnaam volgt niet het patroon YYYYMMDD-HHMM-gleif-goldencopy-... en de kop heeft geen ContentDate. Geef --peildatum op.',
      );
    }
    report('publiceren', xmlStats.gelezen, leis.size, l1);
    await publishImport(db, LEI_REGISTER, importId, { peildatum, bronUrl, sha256: bestanden[0].sha256, aantallen, bestanden }, LEI_TABLES);
    const t1 = performance.now();
    const fasen = { entiteiten: Math.round(tEntities - t0), relaties: Math.round(tRelations - tEntities), publiceren: Math.round(t1 - tRelations) };
    return { importId, peildatum, sha256: bestanden[0].sha256, aantallen, ms: Math.round(t1 - t0), fasen };
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    await failImport(db, importId, msg, LEI_TABLES).catch(() => undefined);
    throw err;
  }
}
