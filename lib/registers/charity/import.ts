// Import of the ANBI register (Belastingdienst): anbi.zip as published, or the bare anbi.xml, from disk
// or a URL. The file is hashed (sha-256 of the bytes as published; a URL is spooled to a temp file
// while hashing, because the zip reader needs random access), parsed as a stream (parse.ts), loaded
// under a new import id with the common BulkWriter and published atomically with its manifest. Any
// failure marks the import mislukt; the previous version keeps serving. An incomplete file (empty, a zip
// cut or damaged: common/zip.ts; an XML whose root <publicatieAnbiInstellingen> is not closed or that ends
// inside a <beschikking>) is refused with ImportRefused('onvolledig') and never published.
import fs from 'node:fs';
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { BulkWriter, type BulkColumn } from '../common/bulk-insert';
import { fetchAndHash, isUrl } from '../common/export-file';
import { failImport, publishImport, refuseSameFile, startImport } from '../common/publish';
import { ImportRefused } from '../common/refusal';
import { isZipFile, listZip } from '../common/zip';
import { openAnbiFile } from './anbi-file';
import type { XmlEnd } from '../common/xml-elements';
import { parseAnbiXml, type AnbiRecord } from './parse';

export const CHARITY_REGISTER = 'charity';
export const CHARITY_TABLES = ['anbi_beschikking'];
/** Where the Belastingdienst publishes the ANBI register (recorded as bron_url when a local file is imported). */
export const ANBI_ZIP_URL = 'https://download.belastingdienst.nl/data/anbi/anbi.zip';

export interface CharityProgress {
  fase: 'beschikkingen' | 'publiceren';
  /** <beschikking> elements read. */
  gelezen: number;
  /** Decisions stored. */
  opgeslagen: number;
  /** Bytes of the (unzipped) XML read so far, and its size when known (from the zip directory or the file). */
  bytes: number;
  totaalBytes: number | null;
}

export interface CharityImportOptions {
  /** Local path or http(s) URL of anbi.zip or anbi.xml. */
  file: string;
  /** bron_url of the manifest; default: the URL imported, else the official anbi.zip address. */
  bronUrl?: string;
  /** Reference date; default: the header's aanmaakDatum. */
  peildatum?: Date;
  db?: PrismaClient;
  /** The file is generated sample data (scripts/generate-registers): every answer says so. */
  voorbeeld?: boolean;
  /** Publish even when the plausibility guard refuses (common/guard.ts; the CLI's --forceer). */
  forceer?: boolean;
  /** Called every `progressEvery` records; an exception thrown here aborts the import. */
  onProgress?: (p: CharityProgress) => void;
  progressEvery?: number;
}

export interface CharityImportResult {
  importId: number;
  peildatum: Date;
  /** The header's <versie>. */
  versie: string | null;
  sha256: string;
  aantallen: Record<string, number>;
  ms: number;
}


const COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'id' }, { name: 'rsin' }, { name: 'dossiernummer' }, { name: 'naam' }, { name: 'alias' },
  { name: 'zoeknaam' }, { name: 'plaats' }, { name: 'plaats_key' }, { name: 'website' },
  // yyyy-mm-dd → timestamptz → date column (assignment cast, same session time zone both ways)
  { name: 'ingangsdatum', cast: 'timestamptz' }, { name: 'intrekkingsdatum', cast: 'timestamptz' },
  { name: 'ingangsdatum_cultuur', cast: 'timestamptz' }, { name: 'einddatum_cultuur', cast: 'timestamptz' },
  { name: 'ruw', cast: 'jsonb' },
];

/** The search text of a decision: name and alias, lower case (trigram-indexed). */
export function zoeknaam(r: Pick<AnbiRecord, 'naam' | 'alias'>): string {
  return [r.naam, r.alias].filter((s): s is string => !!s).join(' | ').toLowerCase();
}

/** plaats in upper case for the case-insensitive exact plaats filter. */
export function plaatsKey(plaats: string | null | undefined): string | null {
  const s = plaats?.trim().toUpperCase();
  return s ? s : null;
}

function row(importId: number, r: AnbiRecord): unknown[] {
  return [
    importId, r.id, r.rsin, r.dossiernummer, r.naam, r.alias, zoeknaam(r), r.plaats, plaatsKey(r.plaats), r.website,
    r.ingangsdatum, r.intrekkingsdatum, r.ingangsdatum_cultuur, r.einddatum_cultuur,
    JSON.stringify({ groepsbeschikking: r.groepsbeschikking, regel: r.line, extra: r.extra }),
  ];
}


// Size of the XML the parser reads: the anbi.xml entry of a zip (else its first .xml entry), or the file.
async function xmlSize(file: string): Promise<number | null> {
  if (!(await isZipFile(file))) return fs.statSync(file).size;
  const entries = await listZip(file).catch(() => []);
  const e = entries.find((x) => /(^|\/)anbi\.xml$/i.test(x.name)) ?? entries.find((x) => /\.xml$/i.test(x.name));
  return e && e.size > 0 ? e.size : null;
}

/** The ANBI XML read to its end must close its root and no <beschikking> may lack its end tag. */
export function checkComplete(file: string, end: XmlEnd | null, bytes: number): void {
  const refuse = (why: string) => new ImportRefused(`${file}: ${why}; niet gepubliceerd.`, 'onvolledig');
  if (bytes === 0) throw refuse('het bestand is leeg (0 bytes)');
  if (!end || end.root === null) throw refuse('geen XML: het bestand heeft geen hoofdelement (leeg of een ander bestand)');
  if (end.unfinished > 0) throw refuse(`het bestand is afgebroken midden in een beschikking (${end.unfinished} zonder eindtag)`);
  if (!end.rootClosed) throw refuse(`het hoofdelement <${end.root}> wordt niet afgesloten: het bestand is afgebroken`);
}

function peildatumOf(header: string | null | undefined): Date | null {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return null;
  const d = new Date(`${header}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Imports the ANBI register and publishes it atomically. */
export async function importCharity(opts: CharityImportOptions): Promise<CharityImportResult> {
  const t0 = performance.now();
  const db = opts.db ?? getDb();
  const every = opts.progressEvery ?? 10_000;
  const bronUrl = opts.bronUrl ?? (isUrl(opts.file) ? opts.file : ANBI_ZIP_URL);
  const importId = await startImport(db, CHARITY_REGISTER, bronUrl, opts.voorbeeld ?? false, CHARITY_TABLES);
  let cleanup = () => {};
  try {
    const got = await fetchAndHash(opts.file, { name: 'anbi.zip', what: 'het ANBI-bestand' });
    cleanup = got.cleanup;
    // The very file already published is refused before parsing and staging (the guard's same-file rule).
    const same = await refuseSameFile(db, CHARITY_REGISTER, got.sha256, { forceer: opts.forceer, voorbeeld: opts.voorbeeld });
    if (same) throw same;
    const totaalBytes = await xmlSize(got.file);
    const run = parseAnbiXml(await openAnbiFile(got.file));
    const writer = new BulkWriter(db, 'anbi_beschikking', COLUMNS);
    const ids = new Set<string>();
    let dubbel = 0;
    let lastReport = 0;
    const report = (fase: CharityProgress['fase']) =>
      opts.onProgress?.({ fase, gelezen: run.stats.read, opgeslagen: ids.size, bytes: run.stats.bytes, totaalBytes });
    for await (const r of run) {
      if (ids.has(r.id)) {
        dubbel++;
        continue;
      }
      ids.add(r.id);
      await writer.add(row(importId, r));
      if (run.stats.read - lastReport >= every) {
        lastReport = run.stats.read;
        report('beschikkingen');
      }
    }
    await writer.flush();
    report('beschikkingen');
    checkComplete(path.basename(isUrl(opts.file) ? new URL(opts.file).pathname : opts.file), run.end, run.stats.bytes);
    if (run.stats.read === 0) throw new Error('Geen <beschikking> gevonden: is dit het ANBI-bestand (anbi.zip of anbi.xml)?');

    const peildatum = opts.peildatum ?? peildatumOf(run.header?.peildatum);
    if (!peildatum) throw new Error('Geen peildatum: de kop van het ANBI-bestand heeft geen geldige aanmaakDatum. Geef --peildatum op.');
    const [c] = await db.$queryRaw<{ totaal: number; geldig: number; cultuur: number; groep: number }[]>`
      SELECT count(*)::int AS totaal,
        count(*) FILTER (WHERE intrekkingsdatum IS NULL OR intrekkingsdatum >= ${peildatum}::date)::int AS geldig,
        count(*) FILTER (WHERE ingangsdatum_cultuur IS NOT NULL AND (einddatum_cultuur IS NULL OR einddatum_cultuur >= ${peildatum}::date))::int AS cultuur,
        count(*) FILTER (WHERE (ruw->>'groepsbeschikking')::boolean)::int AS groep
      FROM anbi_beschikking WHERE import_id = ${importId}`;
    const aantallen: Record<string, number> = {
      totaal: c.totaal,
      geldig: c.geldig,
      beeindigd: c.totaal - c.geldig,
      cultuur: c.cultuur,
      groepsbeschikkingen: c.groep,
      gelezen: run.stats.read,
      overgeslagen: run.stats.skipped,
      dubbel,
      waarschuwingen: run.stats.warnings,
    };
    const versie = run.header?.versie ?? null;
    const naam = path.basename(isUrl(opts.file) ? new URL(opts.file).pathname : opts.file);
    const bestanden = [
      { rol: 'anbi', naam, bron_url: isUrl(opts.file) ? opts.file : null, sha256: got.sha256, bytes: got.bytes, versie },
    ];
    report('publiceren');
    await publishImport(db, CHARITY_REGISTER, importId, { peildatum, bronUrl, sha256: got.sha256, aantallen, bestanden }, CHARITY_TABLES, { forceer: opts.forceer });
    return { importId, peildatum, versie, sha256: got.sha256, aantallen, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    await failImport(db, importId, err, CHARITY_TABLES).catch(() => undefined);
    throw err;
  } finally {
    cleanup();
  }
}
