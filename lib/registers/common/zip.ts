// The one zip reader of the register importers, on yauzl: open a zip file, list its entries, stream one
// entry (by name, by pattern, or the first file) inflated as it is read, so memory stays flat whatever the
// entry size (GLEIF golden copies are ~5 GB unzipped). yauzl reads the central directory, so it needs
// random access: a zip that arrives over HTTP is first spooled to a file (see lei/import.ts).
//
// Completeness (every register that reads zips: LEI, ANBI, AFM, DNB): an empty file, a file without a
// complete end-of-central-directory record (a download cut anywhere cuts that record off, it is the last
// thing in the file), a damaged central directory, and an entry whose inflated bytes do not match the
// directory's size or CRC-32 are refused with ImportRefused(…, 'onvolledig'): never published, not even
// with --forceer. yauzl checks the sizes; the CRC-32 is computed here while the entry streams.
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { ImportRefused, isImportRefused } from './refusal';

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

const label = (file: string) => path.basename(file);

/** Why yauzl could not read the archive, in the words of the refusal. */
export function zipProblem(message: string): string {
  if (/end of central directory record signature not found/i.test(message))
    return 'het einde van de centrale map (end-of-central-directory-record) ontbreekt; de download is afgebroken of het is geen ZIP-bestand';
  if (/central directory/i.test(message)) return `de centrale map is beschadigd (${message})`;
  return message;
}

const refusedZip = (file: string, why: string) => new ImportRefused(`${label(file)}: geen volledig ZIP-bestand: ${why}.`, 'onvolledig');

async function openZip(file: string): Promise<yauzl.ZipFile> {
  const size = (await stat(file)).size;
  if (size === 0) throw new ImportRefused(`${label(file)}: het bestand is leeg (0 bytes).`, 'onvolledig');
  try {
    return await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (e) {
    throw refusedZip(file, zipProblem((e as Error).message));
  }
}

/** Iterates the directory entries, a damaged directory refused as incomplete. */
async function* entriesOf(zip: yauzl.ZipFile, file: string): AsyncGenerator<yauzl.Entry> {
  try {
    for await (const e of zip.eachEntry()) yield e;
  } catch (e) {
    throw isImportRefused(e) ? e : refusedZip(file, zipProblem((e as Error).message));
  }
}

/**
 * The inflated bytes of `entry`, checked as they stream: a read error (a cut or damaged deflate stream, a
 * size other than the directory's) and, at the end, a byte count or CRC-32 other than the directory's
 * throw ImportRefused('onvolledig'). Destroying the returned stream destroys `raw` (and so closes the zip).
 */
function checkedEntry(raw: Readable, entry: yauzl.Entry, file: string): Readable {
  const where = `${label(file)}!${entry.fileName}`;
  async function* checked(): AsyncGenerator<Buffer> {
    let crc = 0;
    let n = 0;
    try {
      for await (const c of raw as AsyncIterable<Buffer>) {
        crc = zlib.crc32(c, crc);
        n += c.length;
        yield c;
      }
    } catch (e) {
      throw isImportRefused(e) ? e : new ImportRefused(`${where}: het ingepakte bestand is onleesbaar of onvolledig (${(e as Error).message}).`, 'onvolledig');
    } finally {
      raw.destroy();
    }
    if (n !== entry.uncompressedSize)
      throw new ImportRefused(`${where}: ${n} bytes uitgepakt, de centrale map noemt ${entry.uncompressedSize}.`, 'onvolledig');
    if (crc >>> 0 !== entry.crc32 >>> 0)
      throw new ImportRefused(`${where}: de CRC-32 van de uitgepakte bytes klopt niet met de centrale map (beschadigd bestand).`, 'onvolledig');
  }
  return Readable.from(checked(), { objectMode: false });
}

const info = (e: yauzl.Entry): ZipEntry => ({
  name: e.fileName,
  method: e.compressionMethod,
  compressedSize: e.compressedSize,
  size: e.uncompressedSize,
});

const isDirectory = (e: yauzl.Entry) => e.fileName.endsWith('/');

/** The file entries of a zip (directories left out), in archive order. */
export async function listZip(file: string): Promise<ZipEntry[]> {
  const zip = await openZip(file);
  try {
    const out: ZipEntry[] = [];
    for await (const e of entriesOf(zip, file)) if (!isDirectory(e)) out.push(info(e));
    return out;
  } finally {
    zip.close();
  }
}

/**
 * Stream of the uncompressed bytes of one entry: the one named `entryName` (exact name or pattern), or the
 * first file entry when no name is given. The zip file is closed when the stream ends or is destroyed.
 * The stream fails with ImportRefused when the entry is cut, damaged or not what the directory says.
 */
export async function openZipEntry(file: string, entryName?: string | RegExp): Promise<{ entry: ZipEntry; stream: Readable }> {
  const zip = await openZip(file);
  try {
    const match = (e: yauzl.Entry) =>
      !isDirectory(e) && (entryName === undefined || (typeof entryName === 'string' ? e.fileName === entryName : entryName.test(e.fileName)));
    const seen: string[] = [];
    for await (const e of entriesOf(zip, file)) {
      if (!match(e)) {
        if (!isDirectory(e)) seen.push(e.fileName);
        continue;
      }
      let raw: Readable;
      try {
        raw = await zip.openReadStreamPromise(e);
      } catch (err) {
        throw refusedZip(file, zipProblem((err as Error).message));
      }
      raw.once('close', () => zip.close());
      return { entry: info(e), stream: checkedEntry(raw, e, file) };
    }
    const wanted = entryName === undefined ? 'file' : String(entryName);
    throw new Error(`${label(file)}: no entry ${wanted}; entries: ${seen.join(', ') || '(none)'}`);
  } catch (e) {
    zip.close();
    throw e;
  }
}
