// Opens the ANBI download as published (anbi.zip holding anbi.xml) or the bare anbi.xml as a byte stream
// for parseAnbiXml. The zip reading itself is common/zip.ts.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { isZipFile, openZipEntry } from '../common/zip';

/** anbi.zip as published (single anbi.xml; else the first *.xml entry) → a stream to give to parseAnbiXml. */
export async function openAnbiZip(path: string): Promise<Readable> {
  return (await openZipEntry(path, /(^|\/)anbi\.xml$/i).catch(() => openZipEntry(path, /\.xml$/i))).stream;
}

/** A local file that is either anbi.zip (sniffed by the PK signature) or anbi.xml → stream for parseAnbiXml. */
export async function openAnbiFile(path: string): Promise<Readable> {
  if (await isZipFile(path)) return openAnbiZip(path);
  return createReadStream(path, { highWaterMark: 256 * 1024 });
}
