// Streaming file writers: text goes out in ~256 KB batches, so memory stays flat whatever the file size;
// zips are written with fflate's streaming Zip/ZipDeflate (one entry, as GLEIF and the Belastingdienst
// publish them) with a fixed modification time, so equal input gives byte-identical archives. Both
// writers hash what they write (sha-256 of the file as written) and honour the file stream's back-pressure.
import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Zip, ZipDeflate } from 'fflate';

const BATCH = 256 * 1024;

export interface WrittenFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface TextSink {
  /** Appends text; resolve before writing more when it returns a promise (back-pressure). */
  write(text: string): Promise<void> | void;
  close(): Promise<WrittenFile>;
}

class FileOut {
  private readonly out: WriteStream;
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private failure: Error | null = null;

  constructor(readonly path: string) {
    this.out = createWriteStream(path);
    this.out.on('error', (e) => (this.failure = e));
  }

  /** Writes bytes; true when the caller should wait for drain(). */
  put(chunk: Uint8Array): boolean {
    if (this.failure) throw this.failure;
    this.hash.update(chunk);
    this.bytes += chunk.length;
    return !this.out.write(chunk);
  }

  async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  async close(): Promise<WrittenFile> {
    this.out.end();
    await once(this.out, 'finish');
    if (this.failure) throw this.failure;
    return { path: this.path, bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** A plain text file, encoded by `encode` (UTF-8 by default). */
export function textFile(path: string, encode: (s: string) => Uint8Array = (s) => Buffer.from(s, 'utf8')): TextSink {
  const f = new FileOut(path);
  let pending = '';
  const flush = () => {
    const wait = pending ? f.put(encode(pending)) : false;
    pending = '';
    return wait;
  };
  return {
    write(text) {
      pending += text;
      if (pending.length >= BATCH && flush()) return f.drain();
    },
    async close() {
      flush();
      return f.close();
    },
  };
}

/** A zip file with one deflated entry named `entryName`, its content streamed as text. */
export function zipFile(path: string, entryName: string, mtime: Date, encode: (s: string) => Uint8Array = (s) => Buffer.from(s, 'utf8')): TextSink {
  const f = new FileOut(path);
  let wait = false;
  let failure: Error | null = null;
  let ended: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const zip = new Zip((err, chunk, final) => {
    if (err) failure = err;
    else if (f.put(chunk)) wait = true;
    if (final || err) ended();
  });
  const entry = new ZipDeflate(entryName, { level: 6 });
  // fflate writes the DOS time from the Date's LOCAL fields: build a Date whose local fields are the wanted
  // UTC ones, so the archive bytes do not depend on the machine's time zone
  entry.mtime = new Date(mtime.getUTCFullYear(), mtime.getUTCMonth(), mtime.getUTCDate(), mtime.getUTCHours(), mtime.getUTCMinutes());
  zip.add(entry);
  let pending = '';
  const flush = (final: boolean) => {
    entry.push(encode(pending), final);
    pending = '';
    if (failure) throw failure;
  };
  return {
    write(text) {
      pending += text;
      if (pending.length >= BATCH) {
        flush(false);
        if (wait) {
          wait = false;
          return f.drain();
        }
      }
    },
    async close() {
      flush(true);
      zip.end();
      await done;
      if (failure) throw failure;
      return f.close();
    },
  };
}
