// Import of the AFM register financiële dienstverleners (Wft), from disk or a URL, in either of the two
// downloads the AFM publishes (detected by content, not by name):
//  * the full export (export.aspx?fdregister=1): a ZIP with one XML file (or that XML bare), parse.ts.
//    Institutions with KvK number, legal form, trade names, establishment address and every licence with
//    its products and services. Manifest soort 'volledige-export'.
//  * the search-result CSV ("Statutaire naam";"Handelsnaam";"Vestigingsplaats", cp1252), names.ts: names
//    and place only. Manifest soort 'namenlijst'; every answer on it says that KvK numbers, licences and
//    products are missing, and it is refused (ImportRefused, soort 'soort', never overridable) over a
//    published full export.
// The bytes are hashed as published (a URL is spooled to a temp file: the zip reader needs random access),
// parsed as a stream (memory bounded by one institution plus the set of ids), loaded under a new import id
// with the common BulkWriter and published atomically with their manifest. A file that is cut (a ZIP
// without its directory, an XML whose root element is never closed) or holds no institution is refused
// (ImportRefused); any other failure marks the import mislukt; either way the previous version keeps
// serving. The exports carry no date: the peildatum is the moment of import unless given.
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { BulkWriter, type BulkColumn } from '../common/bulk-insert';
import { fetchAndHash, isUrl } from '../common/export-file';
import { MissingColumnsError } from '../common/header-map';
import { readManifest } from '../common/manifest';
import type { ParseRun } from '../common/parse-stats';
import { failImport, publishImport, refuseSameFile, startImport } from '../common/publish';
import { ImportRefused } from '../common/refusal';
import { geldigheid } from '../common/status';
import type { FspSoort } from './afm-file';
import type { FspInstitution } from './group';
import { openAfmFile } from './afm-file';
import { parseAfmNamesCsv } from './names';
import { AFM_ROOT, parseAfmXml, type AfmParseStats } from './parse';

export const FSP_REGISTER = 'fsp';
export const FSP_TABLES = ['fsp_instelling', 'fsp_vergunning'];
/** The AFM register page (recorded as bron_url when a local file is imported). */
export const AFM_FD_REGISTER_PAGE = 'https://www.afm.nl/nl-nl/sector/registers/vergunningenregisters/financiele-dienstverleners';
/** The AFM export endpoint of all its registers. */
export const AFM_EXPORT_URL = 'https://www.afm.nl/export.aspx';

export type { FspSoort } from './afm-file';

/** What every answer on a names-only version says. */
export const NAMENLIJST_OPMERKING =
  'Gebouwd op de namenlijst van het AFM-register (zoekresultaat-CSV: statutaire naam, handelsnamen, vestigingsplaats): ' +
  'KvK-nummers, adressen, vergunningen, producten en diensten ontbreken.';

/**
 * The full export of this register: `${BRON_AFM_REGISTER_URL or AFM_EXPORT_URL}?fdregister=1` (a ZIP with
 * one XML file; no type GUID needed).
 */
export function fspExportUrl(env: Record<string, string | undefined> = process.env): string {
  const base = (env.BRON_AFM_REGISTER_URL?.trim() || AFM_EXPORT_URL).replace(/\/+$/, '');
  const url = new URL(base);
  url.searchParams.set('fdregister', '1');
  return url.toString();
}

/** The soort of a version from its manifest's files: 'namenlijst' when any file says so. */
export function fspSoort(bestanden: readonly unknown[] | null | undefined): FspSoort {
  return (bestanden ?? []).some((b) => (b as { soort?: unknown })?.soort === 'namenlijst') ? 'namenlijst' : 'volledige-export';
}

export interface FspProgress {
  fase: 'instellingen' | 'publiceren';
  /** Institutions (XML) or rows (CSV) read. */
  gelezen: number;
  /** Institutions stored. */
  opgeslagen: number;
  /** Bytes of the (unzipped) file read so far, and its size when known. */
  bytes: number;
  totaalBytes: number | null;
}

export interface FspImportOptions {
  /** Local path or http(s) URL of the AFM full export (ZIP or XML) or of the names-only CSV. */
  file: string;
  /** bron_url of the manifest; default: the URL imported, else the AFM register page. */
  bronUrl?: string;
  /** Reference date; default: the moment of import (the export has no date). */
  peildatum?: Date;
  db?: PrismaClient;
  /** The file is generated sample data (scripts/generate-registers): every answer says so. */
  voorbeeld?: boolean;
  /** Publish even when the plausibility guard refuses (common/guard.ts; the CLI's --forceer). */
  forceer?: boolean;
  /** Called every `progressEvery` institutions; an exception thrown here aborts the import. */
  onProgress?: (p: FspProgress) => void;
  progressEvery?: number;
}

export interface FspImportResult {
  importId: number;
  peildatum: Date;
  sha256: string;
  soort: FspSoort;
  aantallen: Record<string, number>;
  ms: number;
}

const INSTITUTION_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'id' }, { name: 'naam' }, { name: 'handelsnamen', cast: 'text[]' }, { name: 'zoeknaam' },
  { name: 'kvk_nummer' }, { name: 'adres' }, { name: 'postcode' }, { name: 'plaats' }, { name: 'plaats_key' }, { name: 'land' }, { name: 'land_key' },
  { name: 'lidstaat_herkomst' }, { name: 'klachteninstituut' }, { name: 'beleidsbepalers', cast: 'text[]' },
  { name: 'aantal_vergunningen', cast: 'integer' }, { name: 'ruw', cast: 'jsonb' }, { name: 'ep', cast: 'boolean' },
];

const LICENCE_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'volgnr', cast: 'integer' }, { name: 'vergunningnummer' }, { name: 'instelling_id' },
  { name: 'instelling_naam' },
  // yyyy-mm-dd → timestamptz → date column (assignment cast, same session time zone both ways)
  { name: 'ingangsdatum', cast: 'timestamptz' }, { name: 'einddatum', cast: 'timestamptz' },
  { name: 'producten', cast: 'jsonb' },
];

/** The search text of an institution: statutory name and trade names, lower case (trigram-indexed). */
export function zoeknaam(i: Pick<FspInstitution, 'naam' | 'handelsnamen'>): string {
  return [i.naam, ...i.handelsnamen].join(' | ').toLowerCase();
}

/** A place or country in upper case, for the case-insensitive exact plaats and land filters. */
export function upperKey(value: string | null | undefined): string | null {
  const s = value?.trim().toUpperCase();
  return s ? s : null;
}

/** What the institution row keeps besides its columns (read back by query.ts getFspDossier). */
export interface FspRuw {
  regel: number;
  id_afgeleid: boolean;
  adressen: FspInstitution['adressen'];
  handelsnamen: FspInstitution['handelsnamen_perioden'];
  statutaire_zetel: string | null;
  rechtsvorm: string | null;
  extra: Record<string, string>;
}

function institutionRow(importId: number, i: FspInstitution): unknown[] {
  const ruw: FspRuw = {
    regel: i.eerste_regel, id_afgeleid: i.id_afgeleid, adressen: i.adressen, handelsnamen: i.handelsnamen_perioden,
    statutaire_zetel: i.statutaire_zetel, rechtsvorm: i.rechtsvorm, extra: i.extra,
  };
  return [
    importId, i.id, i.naam, i.handelsnamen, zoeknaam(i), i.kvk_nummer, i.adres, i.postcode, i.plaats, upperKey(i.plaats), i.land, upperKey(i.land),
    i.lidstaat_herkomst, i.klachteninstituut, i.beleidsbepalers ?? [], i.aantal_vergunningen, JSON.stringify(ruw), i.ep,
  ];
}


/** Imports the AFM register financiële dienstverleners and publishes it atomically. */
export async function importFsp(opts: FspImportOptions): Promise<FspImportResult> {
  const t0 = performance.now();
  const db = opts.db ?? getDb();
  const every = opts.progressEvery ?? 10_000;
  const bronUrl = opts.bronUrl ?? (isUrl(opts.file) ? opts.file : AFM_FD_REGISTER_PAGE);
  const peildatum = opts.peildatum ?? new Date();
  const importId = await startImport(db, FSP_REGISTER, bronUrl, opts.voorbeeld ?? false, FSP_TABLES);
  let cleanup = () => {};
  let close = () => {};
  try {
    const got = await fetchAndHash(opts.file, { name: 'afm-export', what: 'de AFM-export' });
    cleanup = got.cleanup;
    // The very file already published is refused before parsing and staging (the guard's same-file rule).
    const same = await refuseSameFile(db, FSP_REGISTER, got.sha256, { forceer: opts.forceer, voorbeeld: opts.voorbeeld });
    if (same) throw same;
    const opened = await openAfmFile(got.file);
    close = () => opened.stream.destroy();
    const soort = opened.soort;
    if (soort === 'namenlijst') {
      const published = await readManifest(db, FSP_REGISTER);
      if (published && fspSoort(published.bestanden) === 'volledige-export') {
        throw new ImportRefused(
          'Dit is de namenlijst van het AFM-register (zonder KvK-nummers, vergunningen en producten); die vervangt nooit de ' +
            'gepubliceerde volledige export. Importeer de volledige export (export.aspx?fdregister=1).',
          'soort',
        );
      }
    }
    const run: ParseRun<FspInstitution> = soort === 'namenlijst' ? parseAfmNamesCsv(opened.stream) : parseAfmXml(opened.stream);
    const iw = new BulkWriter(db, 'fsp_instelling', INSTITUTION_COLUMNS);
    const lw = new BulkWriter(db, 'fsp_vergunning', LICENCE_COLUMNS);
    const ids = new Set<string>();
    let dubbel = 0;
    let metKvk = 0;
    let volgnr = 0;
    let geldig = 0;
    let beeindigd = 0;
    let lastReport = 0;
    const report = (fase: FspProgress['fase']) =>
      opts.onProgress?.({ fase, gelezen: run.stats.read, opgeslagen: ids.size, bytes: run.stats.bytes, totaalBytes: opened.size });
    try {
      for await (const inst of run) {
        if (ids.has(inst.id)) {
          dubbel++;
          continue;
        }
        ids.add(inst.id);
        if (inst.kvk_nummer) metKvk++;
        await iw.add(institutionRow(importId, inst));
        for (const v of inst.vergunningen) {
          await lw.add([importId, ++volgnr, v.vergunningnummer, inst.id, inst.naam, v.ingangsdatum, v.einddatum, JSON.stringify(v.producten)]);
          if (geldigheid(v.einddatum, peildatum) === 'geldig') geldig++;
          else beeindigd++;
        }
        if (run.stats.read - lastReport >= every) {
          lastReport = run.stats.read;
          report('instellingen');
        }
      }
    } catch (e) {
      if (e instanceof MissingColumnsError) {
        throw new Error(`Het bestand is geen AFM-namenlijst: de kolom ${e.missing.join(', ')} ontbreekt (gevonden: ${e.found.join(', ') || 'geen'}).`);
      }
      throw e;
    }
    await iw.flush();
    await lw.flush();
    report('instellingen');
    if (soort === 'volledige-export' && !(run.stats as AfmParseStats).wortel) {
      throw new Error(`Het bestand is geen volledige AFM-export: het hoofdelement <${AFM_ROOT}> ontbreekt (${run.stats.read} instellingen gelezen).`);
    }
    if (soort === 'volledige-export' && !(run.stats as AfmParseStats).afgesloten) {
      throw new ImportRefused(
        `Het AFM-bestand is onvolledig: het hoofdelement <${AFM_ROOT}> wordt niet afgesloten (afgebroken download?); ` +
          `${run.stats.read} instellingen gelezen. Niet gepubliceerd.`,
        'onvolledig',
      );
    }
    // Zero institutions is left to the plausibility guard (guard.ts), the common rule: --forceer overrides it
    // over a published version, never for a first version.

    const aantallen: Record<string, number> = {
      instellingen: ids.size,
      met_kvk: metKvk,
      vergunningen: volgnr,
      vergunningen_geldig: geldig,
      vergunningen_beeindigd: beeindigd,
      gelezen: run.stats.read,
      overgeslagen: run.stats.skipped,
      dubbel,
      waarschuwingen: run.stats.warnings,
    };
    const naam = path.basename(isUrl(opts.file) ? new URL(opts.file).pathname : opts.file) || 'export';
    const bestanden = [
      { rol: 'afm-fd', naam, bron_url: isUrl(opts.file) ? opts.file : null, sha256: got.sha256, bytes: got.bytes, versie: null, soort, xml: opened.entry },
    ];
    report('publiceren');
    await publishImport(db, FSP_REGISTER, importId, { peildatum, bronUrl, sha256: got.sha256, aantallen, bestanden }, FSP_TABLES, { forceer: opts.forceer });
    return { importId, peildatum, sha256: got.sha256, soort, aantallen, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    await failImport(db, importId, err, FSP_TABLES).catch(() => undefined);
    throw err;
  } finally {
    close();
    cleanup();
  }
}
