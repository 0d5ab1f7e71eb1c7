// Opens one entry of a zip file (anbi.zip → anbi.xml) as a stream, with Node's own zlib: reads the
// central directory, then inflates only that entry, so memory stays flat. No zip library is a declared
// dependency (fflate is only transitive), hence this small reader: stored (0) and deflate (8), zip64 not
// supported (anbi.zip is ~2.6 MB).
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export async function listZip(path: string): Promise<ZipEntry[]> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const tailLen = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    let eocd = -1;
    for (let i = tailLen - 22; i >= 0; i--) if (tail.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
    if (eocd < 0) throw new Error(`${path}: not a zip file (no end of central directory)`);
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (cdOffset === 0xffffffff || count === 0xffff) throw new Error(`${path}: zip64 is not supported`);
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let n = 0; n < count; n++) {
      if (cd.readUInt32LE(p) !== 0x02014b50) throw new Error(`${path}: corrupt central directory`);
      const flags = cd.readUInt16LE(p + 8);
      const nameLen = cd.readUInt16LE(p + 28);
      const extraLen = cd.readUInt16LE(p + 30);
      const commentLen = cd.readUInt16LE(p + 32);
      const nameBuf = cd.subarray(p + 46, p + 46 + nameLen);
      entries.push({
        name: flags & 0x800 ? nameBuf.toString('utf8') : nameBuf.toString('latin1'),
        method: cd.readUInt16LE(p + 10),
        compressedSize: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        localHeaderOffset: cd.readUInt32LE(p + 42),
      });
      p += 46 + nameLen + extraLen + commentLen;
    }
    return entries;
  } finally {
    await fh.close();
  }
}

/** Stream of the uncompressed bytes of `entryName` (default: the first *.xml entry). */
export async function openZipEntry(path: string, entryName?: string | RegExp): Promise<{ entry: ZipEntry; stream: Readable }> {
  const entries = await listZip(path);
  const match = (e: ZipEntry) =>
    entryName === undefined ? /\.xml$/i.test(e.name) : typeof entryName === 'string' ? e.name === entryName : entryName.test(e.name);
  const entry = entries.find(match);
  if (!entry) throw new Error(`${path}: no entry ${String(entryName ?? '*.xml')}; entries: ${entries.map((e) => e.name).join(', ')}`);
  const fh = await open(path, 'r');
  const lh = Buffer.alloc(30);
  try {
    await fh.read(lh, 0, 30, entry.localHeaderOffset);
  } finally {
    await fh.close();
  }
  if (lh.readUInt32LE(0) !== 0x04034b50) throw new Error(`${path}: corrupt local header of ${entry.name}`);
  const dataStart = entry.localHeaderOffset + 30 + lh.readUInt16LE(26) + lh.readUInt16LE(28);
  const raw = createReadStream(path, { start: dataStart, end: dataStart + entry.compressedSize - 1, highWaterMark: 256 * 1024 });
  if (entry.method === 0) return { entry, stream: raw };
  if (entry.method !== 8) throw new Error(`${path}: compression method ${entry.method} of ${entry.name} not supported`);
  const inflate = createInflateRaw();
  raw.on('error', (e) => inflate.destroy(e));
  return { entry, stream: raw.pipe(inflate) };
}

/** anbi.zip as published (single anbi.xml) → a stream to give to parseAnbiXml. */
export async function openAnbiZip(path: string): Promise<Readable> {
  return (await openZipEntry(path, /(^|\/)anbi\.xml$/i).catch(() => openZipEntry(path))).stream;
}

/** A local file that is either anbi.zip (sniffed by the PK signature) or anbi.xml → stream for parseAnbiXml. */
export async function openAnbiFile(path: string): Promise<Readable> {
  const fh = await open(path, 'r');
  const sig = Buffer.alloc(4);
  try {
    await fh.read(sig, 0, 4, 0);
  } finally {
    await fh.close();
  }
  if (sig.readUInt32LE(0) === 0x04034b50) return openAnbiZip(path);
  return createReadStream(path, { highWaterMark: 256 * 1024 });
}
