// The bytes of a bulk export (export.ts makes the tables): a ZIP with manifest.json and one CSV per table
// (the service's CSV: RFC 4180, UTF-8 with BOM, lists as JSON), or NDJSON: one JSON object a line, first
// the manifest, then every row of every table as {"tabel": naam, "rij": {...}} with lists and records as
// JSON. Tables are encoded one at a time and compressed as they come, so only one table's text is in
// memory next to the compressed archive. Pure.
import { Zip, ZipDeflate, strToU8 } from 'fflate';
import { csvBytes } from '@/lib/api/csv';
import type { ExportManifest, Tabel } from './export';

export type ExportFormaat = 'zip' | 'ndjson';

export const EXPORT_CONTENT_TYPE: Record<ExportFormaat, string> = { zip: 'application/zip', ndjson: 'application/x-ndjson; charset=utf-8' };

/** The file of a table inside the ZIP. */
export const tabelBestand = (naam: string) => `${naam}.csv`;

const aanElkaar = (delen: readonly Uint8Array[]): Uint8Array => {
  const uit = new Uint8Array(delen.reduce((n, d) => n + d.length, 0));
  let positie = 0;
  for (const d of delen) {
    uit.set(d, positie);
    positie += d.length;
  }
  return uit;
};

/** The ZIP: manifest.json, then <tabel>.csv per table, deflated. */
export function exportZip(manifest: ExportManifest, tabellen: readonly Tabel[], mtime = new Date(manifest.gegenereerd_op)): Uint8Array {
  const delen: Uint8Array[] = [];
  let fout: Error | null = null;
  // Without workers fflate compresses synchronously: every chunk has arrived when push returns.
  const zip = new Zip((err, chunk) => {
    if (err) fout = err;
    else delen.push(chunk);
  });
  const voegToe = (bestand: string, inhoud: () => Uint8Array) => {
    const entry = new ZipDeflate(bestand, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(inhoud(), true);
  };
  voegToe('manifest.json', () => strToU8(`${JSON.stringify(manifest, null, 2)}\n`));
  for (const t of tabellen) voegToe(tabelBestand(t.naam), () => csvBytes(t.rijen as readonly Record<string, unknown>[], t.kolommen));
  zip.end();
  if (fout) throw fout;
  return aanElkaar(delen);
}

/** Rows encoded per batch, so the text of a whole table is never one string. */
const REGELS_PER_BLOK = 1000;

/** The NDJSON: {"tabel":"manifest","rij":manifest}, then {"tabel":naam,"rij":row} per row of every table. */
export function exportNdjson(manifest: ExportManifest, tabellen: readonly Tabel[]): Uint8Array {
  const enc = new TextEncoder();
  const delen = [enc.encode(`${JSON.stringify({ tabel: 'manifest', rij: manifest })}\n`)];
  for (const t of tabellen) {
    for (let i = 0; i < t.rijen.length; i += REGELS_PER_BLOK) {
      const blok = t.rijen.slice(i, i + REGELS_PER_BLOK).map((rij) => `${JSON.stringify({ tabel: t.naam, rij })}\n`);
      delen.push(enc.encode(blok.join('')));
    }
  }
  return aanElkaar(delen);
}
