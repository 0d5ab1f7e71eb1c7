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

/**
 * Opens an AFM download by its content: a ZIP (PK signature; its one .xml entry), a bare XML ('<' after a
 * BOM or whitespace) or the names-only CSV (its header names Statutaire naam). A ZIP whose directory cannot
 * be read (a cut download) and an empty file are refused as incomplete; anything else unknown is an error naming what was seen.
 */
export async function openAfmFile(file: string): Promise<OpenedAfmFile> {
  if (fs.statSync(file).size === 0) throw new ImportRefused('Het AFM-bestand is leeg (0 bytes): afgebroken download? Niet gepubliceerd.', 'onvolledig');
  if (await isZipFile(file)) {
    let entries;
    try {
      entries = await listZip(file);
    } catch (e) {
      throw new ImportRefused(`Het AFM-bestand is een onvolledig ZIP-archief (de inhoudsopgave ontbreekt of is onleesbaar): ${(e as Error).message}`, 'onvolledig');
    }
    const xml = entries.filter((e) => /\.xml$/i.test(e.name));
    if (xml.length === 0) throw new Error(`Het ZIP-archief bevat geen XML-bestand (gevonden: ${entries.map((e) => e.name).join(', ') || 'niets'}); is dit de volledige AFM-export?`);
    const { entry, stream } = await openZipEntry(file, xml[0].name);
    return { soort: 'volledige-export', stream, entry: entry.name, size: entry.size > 0 ? entry.size : null };
  }
  const fh = await fs.promises.open(file, 'r');
  let head: string;
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    head = buf.subarray(0, bytesRead).toString('latin1').replace(/^\xef\xbb\xbf/, '');
  } finally {
    await fh.close();
  }
  const size = fs.statSync(file).size;
  const stream = () => fs.createReadStream(file, { highWaterMark: 1 << 20 });
  if (head.trimStart().startsWith('<')) return { soort: 'volledige-export', stream: stream(), entry: null, size };
  if (looksLikeNamesCsv(head)) return { soort: 'namenlijst', stream: stream(), entry: null, size };
  throw new Error(
    'Het bestand is geen AFM-export van financiële dienstverleners: verwacht een ZIP met één XML-bestand (export.aspx?fdregister=1), ' +
      'die XML zelf, of de CSV met de kolommen "Statutaire naam";"Handelsnaam";"Vestigingsplaats".',
  );
}
