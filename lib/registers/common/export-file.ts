// Reading an official export as published, from a local file or an http(s) URL: its bytes as they
// arrive (with the total size when known), hashed on the way, or saved to a file first when the reader
// needs random access (zip). Shared by every register importer; no database code (the LEI parse worker
// loads it too).
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';

/** True for an http(s) URL (an export to download), false for a local path. */
export const isUrl = (s: string) => /^https?:\/\//i.test(s);

/** Bytes read so far, and the size of the whole when known. */
export interface ByteState {
  bytes: number;
  total: number | null;
}

async function fetchExport(url: string, what: string, accept?: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', headers: accept ? { Accept: accept } : undefined });
  } catch (e) {
    throw new Error(`Download van ${what} mislukt (${url}): ${(e as Error).message}`);
  }
  if (!res.ok || !res.body) throw new Error(`Download van ${what} mislukt (${url}): HTTP-status ${res.status}.`);
  return res;
}

/** The bytes of a local file or a URL as they arrive; sets state.total from the file size or Content-Length. */
export async function* exportBytes(loc: string, state: ByteState): AsyncGenerator<Buffer> {
  if (isUrl(loc)) {
    const res = await fetchExport(loc, 'de export', undefined);
    const len = Number(res.headers.get('content-length'));
    state.total = Number.isFinite(len) && len > 0 ? len : null;
    for await (const c of Readable.fromWeb(res.body as import('node:stream/web').ReadableStream)) yield c as Buffer;
    return;
  }
  state.total = fs.statSync(loc).size;
  for await (const c of fs.createReadStream(loc, { highWaterMark: 1 << 20 })) yield c as Buffer;
}

/** Passes the chunks on while hashing and counting them (state.bytes). */
export async function* hashed(src: AsyncIterable<Buffer>, hash: Hash, state: Pick<ByteState, 'bytes'>): AsyncGenerator<Buffer> {
  for await (const c of src) {
    hash.update(c);
    state.bytes += c.length;
    yield c;
  }
}

/**
 * Downloads `url` to `file` (streamed, with back-pressure), hashing the bytes when a hash is given;
 * errors name `what` (e.g. "deelregister WFTAF"). Returns the number of bytes.
 */
export async function downloadTo(url: string, file: string, opts: { what: string; hash?: Hash; accept?: string }): Promise<number> {
  const res = await fetchExport(url, opts.what, opts.accept);
  const out = fs.createWriteStream(file);
  let bytes = 0;
  try {
    for await (const c of Readable.fromWeb(res.body as import('node:stream/web').ReadableStream)) {
      opts.hash?.update(c as Buffer);
      bytes += (c as Buffer).length;
      if (!out.write(c)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } catch (e) {
    out.destroy();
    throw new Error(`Download van ${opts.what} afgebroken (${url}): ${(e as Error).message}`);
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return bytes;
}

/** An export on disk with the sha-256 of its bytes as published; `cleanup` removes a downloaded copy. */
export interface LocalExport {
  file: string;
  sha256: string;
  bytes: number;
  cleanup: () => void;
}

/**
 * A local file as is; a URL downloaded to a temp file named `name` (a zip reader needs random access).
 * Either way the sha-256 of the bytes as published, known before any parsing (so an importer can refuse an
 * unchanged file first). Errors name `what` (e.g. "de AFM-export").
 */
export async function fetchAndHash(loc: string, opts: { name: string; what: string }): Promise<LocalExport> {
  const hash = createHash('sha256');
  if (!isUrl(loc)) {
    const state = { bytes: 0, total: null };
    for await (const _ of hashed(exportBytes(loc, state), hash, state)); // eslint-disable-line @typescript-eslint/no-unused-vars
    return { file: loc, sha256: hash.digest('hex'), bytes: state.bytes, cleanup: () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  const file = path.join(dir, opts.name);
  try {
    const bytes = await downloadTo(loc, file, { what: opts.what, hash });
    return { file, sha256: hash.digest('hex'), bytes, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}
