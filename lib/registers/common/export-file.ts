// Reading an official export as published, from a local file or an http(s) URL: its bytes as they
// arrive (with the total size when known), hashed on the way, or saved to a file first when the reader
// needs random access (zip). Shared by every register importer; no database code (the LEI parse worker
// loads it too).
import type { Hash } from 'node:crypto';
import fs from 'node:fs';
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
