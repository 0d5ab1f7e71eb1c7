// Opens an AFM download of the register financiële dienstverleners by its content, for the parsers: the
// full export as published (a ZIP with one XML file; export.aspx?fdregister=1), that XML bare, or the
// names-only search-result CSV. The zip reading itself is common/zip.ts. No database code.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { ImportRefused } from '../common/refusal';
import { isZipFile, listZip, openZipEntry } from '../common/zip';
import { looksLikeNamesCsv } from './names';

/** What kind of AFM file a version was built from (manifest bestanden[].soort). */
export type FspSoort = 'volledige-export' | 'namenlijst';

/** The AFM file opened for parsing: its kind, the stream of the (unzipped) bytes and their size when known. */
export interface OpenedAfmFile {
  soort: FspSoort;
  stream: Readable;
  /** the XML entry of a ZIP (null for a bare file) */
  entry: string | null;
  size: number | null;
}

/** An empty ZIP archive: nothing but the end-of-central-directory record (PK\x05\x06). */
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * Opens an AFM download by its content: a ZIP (PK signature; its one .xml entry), a bare XML ('<' after a
 * BOM or whitespace) or the names-only CSV (its header names Statutaire naam). Refused as incomplete
 * ('onvolledig'): an empty file, a ZIP whose directory cannot be read (a cut download), an empty archive and
 * an empty (0-byte) XML entry. A ZIP with more than one XML entry is refused as not the export ('soort': the
 * real export has exactly one). Anything else unknown is an error naming what was seen.
 */
export async function openAfmFile(file: string): Promise<OpenedAfmFile> {
  if (fs.statSync(file).size === 0) throw new ImportRefused('Het AFM-bestand is leeg (0 bytes): afgebroken download? Niet gepubliceerd.', 'onvolledig');
  const fh = await fs.promises.open(file, 'r');
  let raw: Buffer;
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    raw = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  if (raw.subarray(0, 4).equals(EMPTY_ZIP)) {
    throw new ImportRefused('Het AFM-bestand is een leeg ZIP-archief (geen enkel bestand): afgebroken export? Niet gepubliceerd.', 'onvolledig');
  }
  if (await isZipFile(file)) {
    let entries;
    try {
      entries = await listZip(file);
    } catch (e) {
      throw new ImportRefused(`Het AFM-bestand is een onvolledig ZIP-archief (de inhoudsopgave ontbreekt of is onleesbaar): ${(e as Error).message}`, 'onvolledig');
    }
    if (entries.length === 0) {
      throw new ImportRefused('Het AFM-bestand is een leeg ZIP-archief (geen enkel bestand): afgebroken export? Niet gepubliceerd.', 'onvolledig');
    }
    const xml = entries.filter((e) => /\.xml$/i.test(e.name));
    if (xml.length === 0) throw new Error(`Het ZIP-archief bevat geen XML-bestand (gevonden: ${entries.map((e) => e.name).join(', ') || 'niets'}); is dit de volledige AFM-export?`);
    if (xml.length > 1) {
      throw new ImportRefused(
        `Het ZIP-archief bevat ${xml.length} XML-bestanden (${xml.map((e) => e.name).join(', ')}); de volledige AFM-export bevat er precies één. Niet gepubliceerd.`,
        'soort',
      );
    }
    if (xml[0].size === 0) {
      throw new ImportRefused(`Het XML-bestand ${xml[0].name} in het ZIP-archief is leeg (0 bytes): afgebroken export? Niet gepubliceerd.`, 'onvolledig');
    }
    const { entry, stream } = await openZipEntry(file, xml[0].name);
    return { soort: 'volledige-export', stream, entry: entry.name, size: entry.size };
  }
  const head = raw.toString('latin1').replace(/^\xef\xbb\xbf/, '');
  const size = fs.statSync(file).size;
  const stream = () => fs.createReadStream(file, { highWaterMark: 1 << 20 });
  if (head.trimStart().startsWith('<')) return { soort: 'volledige-export', stream: stream(), entry: null, size };
  if (looksLikeNamesCsv(head)) return { soort: 'namenlijst', stream: stream(), entry: null, size };
  throw new Error(
    'Het bestand is geen AFM-export van financiële dienstverleners: verwacht een ZIP met één XML-bestand (export.aspx?fdregister=1), ' +
      'die XML zelf, of de CSV met de kolommen "Statutaire naam";"Handelsnaam";"Vestigingsplaats".',
  );
}
