// Import of the AFM register financiële dienstverleners (Wft): the CSV export (semicolon, quoted, cp1252),
// from disk or a URL. The bytes are hashed as they stream in (sha-256 of the file as published), parsed
// row by row (parse.ts), grouped into institutions and licences (group.ts: memory bounded by the number
// of institutions, not by the file), loaded under a new import id with the common BulkWriter and
// published atomically with their manifest. Any failure marks the import mislukt; the previous version
// keeps serving. The export carries no date: the peildatum is the moment of import unless given.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { BulkWriter, type BulkColumn } from '../common/bulk-insert';
import { exportBytes, hashed, isUrl, type ByteState } from '../common/export-file';
import { MissingColumnsError } from '../common/header-map';
import { failImport, publishImport, startImport } from '../common/publish';
import { geldigheid } from '../common/status';
import { FspGrouper, type FspInstitution } from './group';
import { parseAfmCsv } from './parse';

export const FSP_REGISTER = 'fsp';
export const FSP_TABLES = ['fsp_instelling', 'fsp_vergunning'];
/** The AFM register page (recorded as bron_url when a local file is imported). */
export const AFM_FD_REGISTER_PAGE = 'https://www.afm.nl/nl-nl/sector/registers/vergunningenregisters/financiele-dienstverleners';
/** The AFM export endpoint of all its registers; the register is chosen by its type GUID. */
export const AFM_EXPORT_URL = 'https://www.afm.nl/export.aspx';

/**
 * The export URL of this register: `${BRON_AFM_REGISTER_URL or AFM_EXPORT_URL}?type=${AFM_FD_EXPORT_TYPE}&format=csv`.
 * The type GUID of the financiële-dienstverleners register is not known (sources-registers.md §2), so it
 * must be configured; without it this throws.
 */
export function fspExportUrl(env: Record<string, string | undefined> = process.env): string {
  const type = env.AFM_FD_EXPORT_TYPE?.trim();
  if (!type) {
    throw new Error('Het type-GUID van de AFM-export voor financiële dienstverleners is niet bekend; zet AFM_FD_EXPORT_TYPE of geef --file.');
  }
  const base = (env.BRON_AFM_REGISTER_URL?.trim() || AFM_EXPORT_URL).replace(/\/+$/, '');
  const url = new URL(base);
  url.searchParams.set('type', type);
  url.searchParams.set('format', 'csv');
  return url.toString();
}

export interface FspProgress {
  fase: 'rijen' | 'opslaan' | 'publiceren';
  /** Data rows read. */
  gelezen: number;
  /** Institutions stored (0 while reading: they are stored once the whole file is grouped). */
  opgeslagen: number;
  /** Bytes of the file read so far, and its size when known. */
  bytes: number;
  totaalBytes: number | null;
}

export interface FspImportOptions {
  /** Local path or http(s) URL of the AFM CSV export. */
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
  /** Called every `progressEvery` rows; an exception thrown here aborts the import. */
  onProgress?: (p: FspProgress) => void;
  progressEvery?: number;
}

export interface FspImportResult {
  importId: number;
  peildatum: Date;
  sha256: string;
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

function institutionRow(importId: number, i: FspInstitution): unknown[] {
  const ruw = { regel: i.eerste_regel, regels: i.regels, id_afgeleid: i.id_afgeleid, adressen: i.adressen, extra: i.extra };
  return [
    importId, i.id, i.naam, i.handelsnamen, zoeknaam(i), i.kvk_nummer, i.adres, i.postcode, i.plaats, upperKey(i.plaats), i.land, upperKey(i.land),
    i.lidstaat_herkomst, i.klachteninstituut, i.beleidsbepalers, i.aantal_vergunningen, JSON.stringify(ruw), i.ep,
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
  try {
    const hash = createHash('sha256');
    const state: ByteState = { bytes: 0, total: null };
    const bytes = hashed(exportBytes(opts.file, state), hash, state);
    const run = parseAfmCsv(bytes);
    const grouper = new FspGrouper();
    let opgeslagen = 0;
    const report = (fase: FspProgress['fase']) =>
      opts.onProgress?.({ fase, gelezen: run.stats.read, opgeslagen, bytes: state.bytes, totaalBytes: state.total });
    let lastReport = 0;
    try {
      for await (const row of run) {
        grouper.add(row);
        if (run.stats.read - lastReport >= every) {
          lastReport = run.stats.read;
          report('rijen');
        }
      }
    } catch (e) {
      if (e instanceof MissingColumnsError) {
        throw new Error(`Het bestand is geen AFM-export van financiële dienstverleners: de kolom ${e.missing.join(', ')} ontbreekt (gevonden: ${e.found.join(', ') || 'geen'}).`);
      }
      throw e;
    }
    for (;;) if ((await bytes.next()).done) break; // the hash covers the whole file
    report('rijen');
    if (grouper.instellingen === 0) {
      throw new Error(`Het AFM-bestand bevat geen enkele instelling (${run.stats.read} rijen gelezen, ${run.stats.skipped} overgeslagen).`);
    }

    const iw = new BulkWriter(db, 'fsp_instelling', INSTITUTION_COLUMNS);
    const lw = new BulkWriter(db, 'fsp_vergunning', LICENCE_COLUMNS);
    let ep = 0;
    let volgnr = 0;
    let geldig = 0;
    let beeindigd = 0;
    for (const inst of grouper.result()) {
      await iw.add(institutionRow(importId, inst));
      if (inst.ep) ep++;
      for (const v of inst.vergunningen) {
        await lw.add([importId, ++volgnr, v.vergunningnummer, inst.id, inst.naam, v.ingangsdatum, v.einddatum, JSON.stringify(v.producten)]);
        if (geldigheid(v.einddatum, peildatum) === 'geldig') geldig++;
        else beeindigd++;
      }
      opgeslagen++;
      if (opgeslagen % every === 0) report('opslaan');
    }
    await iw.flush();
    await lw.flush();
    report('opslaan');

    const aantallen: Record<string, number> = {
      instellingen: opgeslagen,
      vergunningen: volgnr,
      vergunningen_geldig: geldig,
      vergunningen_beeindigd: beeindigd,
      ep,
      gelezen: run.stats.read,
      overgeslagen: run.stats.skipped,
      waarschuwingen: run.stats.warnings + grouper.stats.id_ongeldig,
    };
    const sha256 = hash.digest('hex');
    const naam = path.basename(isUrl(opts.file) ? new URL(opts.file).pathname : opts.file) || 'export.csv';
    const bestanden = [{ rol: 'afm-fd', naam, bron_url: isUrl(opts.file) ? opts.file : null, sha256, bytes: state.bytes, versie: null }];
    report('publiceren');
    await publishImport(db, FSP_REGISTER, importId, { peildatum, bronUrl, sha256, aantallen, bestanden }, FSP_TABLES, { forceer: opts.forceer });
    return { importId, peildatum, sha256, aantallen, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    await failImport(db, importId, err, FSP_TABLES).catch(() => undefined);
    throw err;
  }
}
