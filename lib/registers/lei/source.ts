// The byte sources and row shapes of the LEI import (import.ts), shared by the main-thread import and
// the parse worker (parse-worker.ts): opening a file or URL (zipped or not) while hashing it, XML/CSV
// detection, and the rows of lei_entiteit and lei_relatie. No database code: the worker loads this.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BulkColumn } from '../common/bulk-insert';
import { arrayLiteral, copyField } from '../common/copy-text';
import { exportBytes, hashed, isUrl } from '../common/export-file';
import { ImportRefused } from '../common/refusal';
import type { XmlEnd } from '../common/xml-elements';
import { looksLikeZip, openZipEntry } from '../common/zip';
import { checkGleifCsv, checkGleifXml, type Completeness } from './completeness';
import { parseLeiCsv } from './parse-csv';
import { parseLeiXmlEncoded } from './parse-xml';
import { parseRrCsv, parseRrXml, type RrParseStats } from './parse-rr';
import { plaatsKey, type EncodedLeiEntity, type LeiEntity, type LeiRelationship } from './record';

export interface Opened {
  stream: AsyncGenerator<Buffer>;
  /** Outer (and inner zip entry) name, for the format and the reference date. */
  names: string[];
  hash: ReturnType<typeof createHash>;
  /** bytes: of the file as published, read (or, inside a zip, estimated from the entry read) so far. */
  state: { bytes: number; total: number | null };
  /** Reads the rest of the file so the hash covers it all, sets the final byte count, removes temp files. */
  finish: () => Promise<void>;
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
export async function open(loc: string): Promise<Opened> {
  const state = { bytes: 0, total: null as number | null };
  const hash = createHash('sha256');
  const raw = hashed(exportBytes(loc, state), hash, state);
  const names = [path.basename(isUrl(loc) ? new URL(loc).pathname : loc)];
  const first = await raw.next();
  // Completeness (completeness.ts, common/zip.ts): an empty file or a .zip that is no zip is never published.
  if (first.done || first.value.length === 0) throw new ImportRefused(`${names[0]}: het bestand is leeg (0 bytes); niet gepubliceerd.`, 'onvolledig');
  const joined = prepend(first.value, raw);
  if (!looksLikeZip(first.value)) {
    if (/\.zip$/i.test(names[0])) {
      await drain(raw).catch(() => undefined);
      throw new ImportRefused(`${names[0]}: geen ZIP-bestand (de eerste bytes zijn niet die van een ZIP); niet gepubliceerd.`, 'onvolledig');
    }
    return { stream: joined, names, hash, state, finish: () => drain(raw) };
  }

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
export async function detect(o: Opened): Promise<{ kind: 'xml' | 'csv'; stream: AsyncGenerator<Buffer> }> {
  const first = await o.stream.next();
  const stream = first.done ? (async function* () {})() : prepend(first.value, o.stream);
  const byName = o.names.map((n) => /\.(xml|csv)(\.zip)?$/i.exec(n)?.[1]?.toLowerCase()).filter(Boolean).pop();
  if (byName === 'xml' || byName === 'csv') return { kind: byName, stream };
  const text = first.done ? '' : first.value.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return { kind: text.startsWith('<') ? 'xml' : 'csv', stream };
}

export const ENTITY_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'lei' }, { name: 'naam' }, { name: 'andere_namen', cast: 'text[]' },
  { name: 'kvk_nummer' }, { name: 'plaats' }, { name: 'plaats_key' }, { name: 'land' }, { name: 'postcode' }, { name: 'adres' }, { name: 'jurisdictie' },
  { name: 'status' }, { name: 'registratie_status' }, { name: 'rechtsvorm' }, { name: 'rechtsvorm_code' }, { name: 'categorie' },
  { name: 'registratie_autoriteit' }, { name: 'registratie_nummer' }, { name: 'oprichtingsdatum' },
  { name: 'eerste_registratie', cast: 'timestamptz' }, { name: 'laatste_wijziging', cast: 'timestamptz' },
  { name: 'volgende_verlenging', cast: 'timestamptz' }, { name: 'beheerder_lou' }, { name: 'ruw', cast: 'jsonb' },
];

export const RELATION_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'volgnr', cast: 'integer' }, { name: 'start_lei' }, { name: 'end_lei' }, { name: 'type' }, { name: 'status' },
  { name: 'registratie_status' }, { name: 'perioden', cast: 'jsonb' }, { name: 'laatste_wijziging', cast: 'timestamptz' },
];

/** The narrow search table (lei_zoek): one row per entity, read by the q searches (query.ts). */
export const ZOEK_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'lei' }, { name: 'naam' }, { name: 'zoeknaam' }, { name: 'status' }, { name: 'plaats_key' },
  { name: 'kvk_nummer' },
];

/** The search text of an entity: legal name and other names, lower case (trigram-indexed). */
export function zoeknaam(e: Pick<LeiEntity, 'naam' | 'andere_namen'>): string {
  return [e.naam, ...e.andere_namen].join(' | ').toLowerCase();
}

export function zoekRow(importId: number, e: LeiEntity | EncodedLeiEntity): unknown[] {
  return [importId, e.lei, e.naam, zoeknaam(e), e.status, plaatsKey(e.plaats), e.kvk_nummer];
}

export function entityRow(importId: number, e: LeiEntity | EncodedLeiEntity): unknown[] {
  return [
    importId, e.lei, e.naam, e.andere_namen, e.kvk_nummer, e.plaats, plaatsKey(e.plaats), e.land, e.postcode, e.adres, e.jurisdictie,
    e.status, e.registratie_status, e.rechtsvorm, e.rechtsvorm_code, e.categorie, e.registratie_autoriteit, e.registratie_nummer,
    e.oprichtingsdatum, e.eerste_registratie, e.laatste_wijziging, e.volgende_verlenging, e.beheerder_lou,
    typeof e.ruw === 'string' ? e.ruw : JSON.stringify(e.ruw),
  ];
}

// One nullable text field of a COPY line (copy-text.ts copyLine of a string or null).
const f = (v: string | null | undefined): string => (v === null || v === undefined ? '\\N' : copyField(v));

/**
 * The COPY text line (newline included) of entityRow(importId, e): the same text as
 * copyLine(ENTITY_COLUMNS, entityRow(importId, e)), written without the intermediate row.
 */
export function entityLine(importId: number, e: LeiEntity | EncodedLeiEntity): string {
  if ('plain' in e && e.plain) return plainEntityLine(importId, e);
  const ruw = typeof e.ruw === 'string' ? e.ruw : JSON.stringify(e.ruw);
  return (
    `${importId}\t${f(e.lei)}\t${f(e.naam)}\t${copyField(arrayLiteral(e.andere_namen))}\t${f(e.kvk_nummer)}\t` +
    `${f(e.plaats)}\t${f(plaatsKey(e.plaats))}\t${f(e.land)}\t${f(e.postcode)}\t${f(e.adres)}\t${f(e.jurisdictie)}\t${f(e.status)}\t` +
    `${f(e.registratie_status)}\t${f(e.rechtsvorm)}\t${f(e.rechtsvorm_code)}\t${f(e.categorie)}\t${f(e.registratie_autoriteit)}\t` +
    `${f(e.registratie_nummer)}\t${f(e.oprichtingsdatum)}\t${f(e.eerste_registratie)}\t${f(e.laatste_wijziging)}\t` +
    `${f(e.volgende_verlenging)}\t${f(e.beheerder_lou)}\t${copyField(ruw)}\n`
  );
}

// entityLine of an entity whose fields need no escaping (EncodedLeiEntity.plain): as is, nulls as \N.
const p = (v: string | null | undefined): string => (v === null || v === undefined ? '\\N' : v);
function plainEntityLine(importId: number, e: EncodedLeiEntity): string {
  return (
    `${importId}\t${e.lei}\t${e.naam}\t${arrayLiteral(e.andere_namen)}\t${p(e.kvk_nummer)}\t` +
    `${p(e.plaats)}\t${p(plaatsKey(e.plaats))}\t${p(e.land)}\t${p(e.postcode)}\t${p(e.adres)}\t${p(e.jurisdictie)}\t${e.status}\t` +
    `${p(e.registratie_status)}\t${p(e.rechtsvorm)}\t${p(e.rechtsvorm_code)}\t${p(e.categorie)}\t${p(e.registratie_autoriteit)}\t` +
    `${p(e.registratie_nummer)}\t${p(e.oprichtingsdatum)}\t${p(e.eerste_registratie)}\t${p(e.laatste_wijziging)}\t` +
    `${p(e.volgende_verlenging)}\t${p(e.beheerder_lou)}\t${e.ruw}\n`
  );
}

/** The COPY text line of zoekRow(importId, e), like entityLine (plain entities need no escaping). */
export function zoekLine(importId: number, e: LeiEntity | EncodedLeiEntity): string {
  if ('plain' in e && e.plain) return `${importId}\t${e.lei}\t${e.naam}\t${zoeknaam(e)}\t${e.status}\t${p(plaatsKey(e.plaats))}\t${p(e.kvk_nummer)}\n`;
  return `${importId}\t${f(e.lei)}\t${f(e.naam)}\t${f(zoeknaam(e))}\t${f(e.status)}\t${f(plaatsKey(e.plaats))}\t${f(e.kvk_nummer)}\n`;
}

export function relationRow(importId: number, n: number, r: LeiRelationship): unknown[] {
  return [importId, n, r.start_lei, r.end_lei, r.type, r.status, r.registratie_status, JSON.stringify(r.perioden), r.laatste_wijziging];
}


/** Statistics of reading a Level 1 file: records read, header date, and the Dutch LEIs kept. */
export interface EntityReadStats {
  gelezen: number;
  contentDate: string | null;
  recordCount: number | null;
  /** Later records of a LEI already read (not kept). */
  dubbel: number;
  /** The LEIs kept; the relationships are filtered on them. */
  leis: Set<string>;
  /** XML: how the document ended; CSV: header and last row widths (set by the parsers). */
  end?: XmlEnd;
  csv?: { header: number; lastRowFields: number | null };
  /** The completeness check passed (completeness.ts), set once the file was read to its end. */
  controle?: Completeness;
}

/**
 * The Dutch entities of an opened Level 1 file (XML or CSV), each LEI once, in batches (possibly empty):
 * XML entities with their dossier as JSON text (EncodedLeiEntity), CSV ones as objects. `stats` fills
 * while reading. Read by the parse worker and by the import's main-thread path alike.
 */
export async function uniqueEncodedEntities(
  l1: Opened,
): Promise<{ stats: EntityReadStats; batches: AsyncGenerator<(EncodedLeiEntity | LeiEntity)[]> }> {
  const { kind, stream } = await detect(l1);
  const stats: EntityReadStats = { gelezen: 0, contentDate: null, recordCount: null, dubbel: 0, leis: new Set() };
  async function* batches(): AsyncGenerator<(EncodedLeiEntity | LeiEntity)[]> {
    const file = l1.names.join('!');
    if (kind === 'csv') {
      for await (const e of uniqueOf(parseLeiCsv(stream, stats), stats)) yield [e];
      stats.controle = checkGleifCsv(file, 'LEI-CDF', { gelezen: stats.gelezen, header: stats.csv?.header ?? 0, lastRowFields: stats.csv?.lastRowFields ?? null });
      return;
    }
    for await (const batch of parseLeiXmlEncoded(stream, stats)) {
      const out: EncodedLeiEntity[] = [];
      for (const e of batch) if (keep(e, stats)) out.push(e);
      yield out;
    }
    stats.controle = checkGleifXml(file, 'LEI-CDF', stats);
  }
  return { stats, batches: batches() };
}

// First time this LEI is seen: record it (a later record of it counts as dubbel).
function keep(e: { lei: string }, stats: EntityReadStats): boolean {
  if (stats.leis.has(e.lei)) {
    stats.dubbel++;
    return false;
  }
  // A copy: a substring would keep its whole 1 MB input chunk alive for the rest of the import.
  stats.leis.add(Buffer.from(e.lei, 'latin1').toString('latin1'));
  return true;
}

async function* uniqueOf<E extends { lei: string }>(parsed: AsyncIterable<E>, stats: EntityReadStats): AsyncGenerator<E> {
  for await (const e of parsed) if (keep(e, stats)) yield e;
}

/** The relationships of an opened RR file with a kept (Dutch) entity at either end; `stats` fills while reading. */
export async function relevantRelationships(
  rr: Opened,
  leis: Set<string>,
): Promise<{ stats: RrParseStats & { controle?: Completeness }; relationships: AsyncGenerator<LeiRelationship> }> {
  const d = await detect(rr);
  const stats: RrParseStats & { controle?: Completeness } = { gelezen: 0, contentDate: null };
  const parsed = d.kind === 'xml' ? parseRrXml(d.stream, stats) : parseRrCsv(d.stream, stats);
  async function* relevant(): AsyncGenerator<LeiRelationship> {
    for await (const r of parsed) if (leis.has(r.start_lei) || leis.has(r.end_lei)) yield r;
    const file = rr.names.join('!');
    stats.controle =
      d.kind === 'xml'
        ? checkGleifXml(file, 'RR-CDF', { gelezen: stats.gelezen, recordCount: stats.recordCount ?? null, end: stats.end })
        : checkGleifCsv(file, 'RR-CDF', { gelezen: stats.gelezen, header: stats.csv?.header ?? 0, lastRowFields: stats.csv?.lastRowFields ?? null });
  }
  return { stats, relationships: relevant() };
}
