// The one zip reader of the register importers, on yauzl: open a zip file, list its entries, stream one
// entry (by name, by pattern, or the first file) inflated as it is read, so memory stays flat whatever the
// entry size (GLEIF golden copies are ~5 GB unzipped). yauzl reads the central directory, so it needs
// random access: a zip that arrives over HTTP is first spooled to a file (see lei/import.ts).
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate */
  method: number;
  compressedSize: number;
  size: number;
}

const LOCAL_HEADER = 0x04034b50;

/** True when the bytes start like a ZIP archive (PK\x03\x04). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && Buffer.from(head.buffer, head.byteOffset, 4).readUInt32LE(0) === LOCAL_HEADER;
}

/** True when the file at `path` starts like a ZIP archive. */
export async function isZipFile(path: string): Promise<boolean> {
  const fh = await open(path, 'r');
  try {
    const sig = Buffer.alloc(4);
    const { bytesRead } = await fh.read(sig, 0, 4, 0);
    return looksLikeZip(sig.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

async function openZip(path: string): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (e) {
    throw new Error(`${path}: not a zip file (${(e as Error).message})`);
  }
}

const info = (e: yauzl.Entry): ZipEntry => ({
  name: e.fileName,
  method: e.compressionMethod,
  compressedSize: e.compressedSize,
  size: e.uncompressedSize,
});

const isDirectory = (e: yauzl.Entry) => e.fileName.endsWith('/');

/** The file entries of a zip (directories left out), in archive order. */
export async function listZip(path: string): Promise<ZipEntry[]> {
  const zip = await openZip(path);
  try {
    const out: ZipEntry[] = [];
    for await (const e of zip.eachEntry()) if (!isDirectory(e)) out.push(info(e));
    return out;
  } finally {
    zip.close();
  }
}

/**
 * Stream of the uncompressed bytes of one entry: the one named `entryName` (exact name or pattern), or the
 * first file entry when no name is given. The zip file is closed when the stream ends or is destroyed.
 */
export async function openZipEntry(path: string, entryName?: string | RegExp): Promise<{ entry: ZipEntry; stream: Readable }> {
  const zip = await openZip(path);
  try {
    const match = (e: yauzl.Entry) =>
      !isDirectory(e) && (entryName === undefined || (typeof entryName === 'string' ? e.fileName === entryName : entryName.test(e.fileName)));
    const seen: string[] = [];
    for await (const e of zip.eachEntry()) {
      if (!match(e)) {
        if (!isDirectory(e)) seen.push(e.fileName);
        continue;
      }
      const stream = await zip.openReadStreamPromise(e);
      stream.once('close', () => zip.close());
      return { entry: info(e), stream };
    }
    const wanted = entryName === undefined ? 'file' : String(entryName);
    throw new Error(`${path}: no entry ${wanted}; entries: ${seen.join(', ') || '(none)'}`);
  } catch (e) {
    zip.close();
    throw e;
  }
}
