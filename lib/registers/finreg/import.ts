// Import of the DNB Openbaar Register (finreg): the CSV downloads of its sub-registers (deelregisters),
// from a directory of <CODE>.csv files, a zip of them, one CSV, a URL, or, without a file, downloaded
// from DNB (all 15 sub-registers, base URL BRON_DNB_REGISTER_URL). Each CSV is hashed as read (sha-256 of
// the CSV as published; for a zip: of each entry) and parsed as a stream; registrations are written as
// they are completed (activity rows merged, merge-stream.ts), institutions are kept in a Map and written
// at the end. Then the version is published atomically with its manifest. Any failure (a failed
// download of any sub-register included) marks the import mislukt; the previous version keeps serving.
//
// Without a file and with DNB_API_KEY set, the registers are read from DNB's JSON API instead
// (api-client.ts: every register of GET /Registers in code order, its relation numbers, their details),
// mapped to the same rows (api-map.ts) and loaded the same way: one manifest file per register (rol =
// its code, sha-256 over its answer bodies as received, versie = its publishDate), bron_url = the API
// base (BRON_DNB_API_URL, else api.dnb.nl), and the same counts (gelezen = rows, overgeslagen =
// organisations without relation number or name, waarschuwingen = listed relation numbers missing from
// the details). Without the key the CSV path is used as described above.
//
// Manifest: sha256 = sha-256 over the sorted lines "CODE:sha256" of the files (joined by \n); bestanden
// lists every file with rol = its sub-register code. aantallen: instellingen, registraties,
// registraties_geldig / registraties_beeindigd (against the peildatum), per sub-register
// registraties_<CODE> and instellingen_<CODE> (flat keys), bestanden, gelezen (rows read), overgeslagen,
// waarschuwingen, herhaald (registrations whose rows were not consecutive and so were stored twice),
// conflicten (institutions whose rows disagree on an identity field). Related relations (other
// relatienummers with the same KvK number or LEI) are derived at query time (query.ts), not stored.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { baseUrl } from '@/lib/sources/source';
import { dnbRegister } from '@/lib/sources/dnb';
import { dnbApi, dnbApiKey } from '@/lib/sources/dnb-api';
import { BulkWriter, type BulkColumn } from '../common/bulk-insert';
import { failImport, publishImport, startImport } from '../common/publish';
import { hashed, isUrl } from '../common/export-file';
import { geldigheid } from '../common/status';
import { dnbApiDetailsUrl, fetchDnbRegisters, readDnbApiRegister } from './api-client';
import { downloadAll, resolveInput, type DnbInputFile } from './input-files';
import { RegistrationMerger, type CompletedRegistration, type InstitutionState } from './merge-stream';
import { parseDnbCsv, type DnbRegistration } from './parse';

export const FINREG_REGISTER = 'finreg';
export const FINREG_TABLES = ['finreg_instelling', 'finreg_registratie'];

export interface FinregProgress {
  fase: 'downloaden' | 'registraties' | 'instellingen' | 'publiceren';
  /** CSV rows read so far (all files). */
  gelezen: number;
  /** Registrations (phase registraties) or institutions (phase instellingen) stored. */
  opgeslagen: number;
  /** Bytes of CSV read so far, and the total of all files when known. */
  bytes: number;
  totaalBytes: number | null;
}

export interface FinregImportOptions {
  /** A directory of <CODE>.csv files, a zip of them, one CSV, or an http(s) URL of a zip or CSV. */
  file?: string;
  /**
   * Several of those, read in the given order. Without file and files: with DNB_API_KEY set, every
   * register from the JSON API; else download all 15 sub-registers.
   */
  files?: string[];
  /** bron_url of the manifest; default: the download base URL (BRON_DNB_REGISTER_URL, else DNB's), or the API base. */
  bronUrl?: string;
  /** Reference date; default: the moment the files were obtained (download time, else file time). */
  peildatum?: Date;
  db?: PrismaClient;
  /** The files are generated sample data (scripts/generate-registers): every answer says so. */
  voorbeeld?: boolean;
  /** Publish even when the plausibility guard refuses (common/guard.ts; the CLI's --forceer). */
  forceer?: boolean;
  /** Called every `progressEvery` rows; an exception thrown here aborts the import. */
  onProgress?: (p: FinregProgress) => void;
  progressEvery?: number;
}

export interface FinregImportResult {
  importId: number;
  peildatum: Date;
  sha256: string;
  aantallen: Record<string, number>;
  ms: number;
}

const REGISTRATION_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'volgnr', cast: 'integer' }, { name: 'relatienummer' }, { name: 'instelling_naam' },
  { name: 'zoeknaam' }, { name: 'deelregister' }, { name: 'registratietype' }, { name: 'wetsartikel' },
  // yyyy-mm-dd → timestamptz → date column (assignment cast, same session time zone both ways)
  { name: 'begindatum', cast: 'timestamptz' }, { name: 'einddatum', cast: 'timestamptz' }, { name: 'activiteiten', cast: 'jsonb' },
];

const INSTITUTION_COLUMNS: BulkColumn[] = [
  { name: 'import_id', cast: 'integer' }, { name: 'relatienummer' }, { name: 'naam' }, { name: 'handelsnamen', cast: 'text[]' },
  { name: 'zoeknaam' }, { name: 'statutaire_plaats' }, { name: 'plaats_vestiging' }, { name: 'plaats_key' }, { name: 'land' },
  { name: 'land_key' }, { name: 'kvk_nummer' }, { name: 'rsin' }, { name: 'lei' }, { name: 'deelregisters', cast: 'text[]' },
  { name: 'aantal_registraties', cast: 'integer' }, { name: 'ruw', cast: 'jsonb' },
];

/** The search text of an institution: statutory name and trade names, lower case (trigram-indexed). */
export function zoeknaam(naam: string, handelsnamen: readonly string[]): string {
  return [naam, ...handelsnamen.filter((h) => h !== naam)].join(' | ').toLowerCase();
}

/** A place or country in upper case for the case-insensitive exact filters. */
export function upperKey(s: string | null | undefined): string | null {
  const v = s?.trim().toUpperCase();
  return v ? v : null;
}

/** The place of an institution: plaats vestiging, else the statutory place. */
export const plaatsOf = (i: Pick<InstitutionState, 'plaats_vestiging' | 'statutaire_plaats'>) => i.plaats_vestiging ?? i.statutaire_plaats;

function registrationRow(importId: number, volgnr: number, r: CompletedRegistration): unknown[] {
  return [
    importId, volgnr, r.relatienummer, r.instelling_naam, zoeknaam(r.instelling_naam, r.handelsnamen), r.deelregister, r.registratietype,
    r.wetsartikel, r.begindatum, r.einddatum, JSON.stringify(r.activiteiten),
  ];
}

function institutionRow(importId: number, i: InstitutionState): unknown[] {
  return [
    importId, i.relatienummer, i.statutaire_naam, i.handelsnamen, zoeknaam(i.statutaire_naam, i.handelsnamen), i.statutaire_plaats,
    i.plaats_vestiging, upperKey(plaatsOf(i)), i.land, upperKey(i.land), i.kvk_nummer, i.rsin, i.lei, [...i.deelregisters].sort(),
    i.aantal_registraties, JSON.stringify({ conflicten: i.conflicten, extra: i.extra }),
  ];
}

/** The manifest's sha-256: over the sorted lines "CODE:sha256" of the imported files. */
export function combinedSha256(files: readonly { rol: string; sha256: string }[]): string {
  const lines = files.map((f) => `${f.rol}:${f.sha256}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}



interface Bestand {
  rol: string;
  naam: string;
  bron_url: string | null;
  sha256: string;
  bytes: number;
  versie: string | null;
}

/** One unit of input: a CSV file, or one register of the JSON API. */
interface InputUnit {
  /** Prefix of errors raised while reading its rows (a CSV's name); null: errors pass as they are. */
  errorPrefix: string | null;
  /** Size in bytes when known beforehand. */
  size: number | null;
  open(): Promise<UnitRun>;
}

interface UnitRun {
  rows: AsyncIterable<DnbRegistration>;
  stats: { read: number; skipped: number; warnings: number };
  /** Bytes read so far. */
  bytes(): number;
  /** The manifest entry, once all rows are read. */
  bestand(firstDeelregister: string | null): Bestand;
  /** Stops work still in flight when the import fails before all rows are read. */
  abort?(): void;
}

function csvUnit(f: DnbInputFile): InputUnit {
  return {
    errorPrefix: f.naam,
    size: f.size,
    open: async () => {
      const hash = createHash('sha256');
      const counter = { bytes: 0 };
      const run = parseDnbCsv(hashed(await f.open(), hash, counter), f.code ? { deelregister: f.code } : {});
      return {
        rows: run,
        stats: run.stats,
        bytes: () => counter.bytes,
        bestand: (first) => ({ rol: f.code ?? first ?? 'onbekend', naam: f.naam, bron_url: f.bron_url, sha256: hash.digest('hex'), bytes: counter.bytes, versie: null }),
      };
    },
  };
}

function apiUnit(code: string, peildatum: Date): InputUnit {
  return {
    errorPrefix: null, // the client's messages name the register
    size: null,
    open: async () => {
      const ctrl = new AbortController();
      const run = readDnbApiRegister(code, { peildatum: peildatum.toISOString().slice(0, 10), signal: ctrl.signal });
      return {
        abort: () => ctrl.abort(),
        rows: run,
        stats: run.stats,
        bytes: () => run.stats.bytes,
        bestand: () => ({ rol: code, naam: `DNB-API ${code}`, bron_url: dnbApiDetailsUrl(code), sha256: run.sha256(), bytes: run.stats.bytes, versie: run.stats.publicatiedatum }),
      };
    },
  };
}

/** True when an import without a file reads the JSON API (a key is configured). */
export const finregUsesApi = (): boolean => dnbApiKey() !== null;

/** Where an import without a file reads from: the API base with a key, else the CSV download base. */
export const finregDefaultSource = (): string => (finregUsesApi() ? baseUrl(dnbApi) : baseUrl(dnbRegister));

/** Imports the DNB public register and publishes it atomically. */
export async function importFinreg(opts: FinregImportOptions = {}): Promise<FinregImportResult> {
  const t0 = performance.now();
  const db = opts.db ?? getDb();
  const every = opts.progressEvery ?? 10_000;
  const locs = [...(opts.file ? [opts.file] : []), ...(opts.files ?? [])];
  const viaApi = !locs.length && finregUsesApi();
  const base = baseUrl(dnbRegister);
  const bronUrl = opts.bronUrl ?? (viaApi ? baseUrl(dnbApi) : locs.length === 1 && isUrl(locs[0]) ? locs[0] : base);
  const importId = await startImport(db, FINREG_REGISTER, bronUrl, opts.voorbeeld ?? false, FINREG_TABLES);
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finreg-'));
  const progress = { gelezen: 0, opgeslagen: 0, bytes: 0, totaalBytes: null as number | null };
  const report = (fase: FinregProgress['fase']) => opts.onProgress?.({ fase, ...progress });
  try {
    let units: InputUnit[];
    let peildatum: Date;
    let sourceNames: string;
    if (viaApi) {
      report('downloaden');
      const opgehaald = new Date();
      // The 5 Caribbean-Netherlands registers (type DutchCaribbean, WFMBES*) are out of scope (deelregisters.ts).
      const registers = (await fetchDnbRegisters()).filter((r) => !/dutchcaribbean$/i.test(r.type ?? ''));
      peildatum = opts.peildatum ?? opgehaald;
      units = registers.map((r) => apiUnit(r.code, peildatum));
      sourceNames = `de DNB-API (registers ${registers.map((r) => r.code).join(', ')})`;
    } else {
      let files: DnbInputFile[] = [];
      if (locs.length) for (const loc of locs) files.push(...(await resolveInput(loc, tmpDir)));
      else files = await downloadAll(base, tmpDir, () => report('downloaden'));
      peildatum = opts.peildatum ?? new Date(Math.min(...files.map((f) => f.opgehaald.getTime())));
      units = files.map(csvUnit);
      sourceNames = files.map((f) => f.naam).join(', ');
    }
    progress.totaalBytes = units.every((u) => u.size !== null) ? units.reduce((s, u) => s + u.size!, 0) : null;

    const merger = new RegistrationMerger();
    const writer = new BulkWriter(db, 'finreg_registratie', REGISTRATION_COLUMNS);
    const aantallen: Record<string, number> = { registraties_geldig: 0, registraties_beeindigd: 0 };
    let volgnr = 0;
    const store = async (r: CompletedRegistration | null) => {
      if (!r) return;
      await writer.add(registrationRow(importId, ++volgnr, r));
      const perDeel = `registraties_${r.deelregister ?? 'onbekend'}`;
      aantallen[perDeel] = (aantallen[perDeel] ?? 0) + 1;
      if (geldigheid(r.einddatum, peildatum) === 'geldig') aantallen.registraties_geldig++;
      else aantallen.registraties_beeindigd++;
      progress.opgeslagen = volgnr;
    };
    const bestanden: Bestand[] = [];
    let gelezen = 0;
    let overgeslagen = 0;
    let waarschuwingen = 0;
    for (const unit of units) {
      const run = await unit.open();
      let firstDeelregister: string | null = null;
      let lastReport = 0;
      const before = progress.bytes;
      // Errors of the file itself (header, encoding, I/O) are prefixed with its name; others pass as they are.
      const rows = run.rows[Symbol.asyncIterator]();
      try {
        for (;;) {
          let next: IteratorResult<DnbRegistration>;
          try {
            next = await rows.next();
          } catch (e) {
            if (unit.errorPrefix === null) throw e;
            throw new Error(`${unit.errorPrefix}: ${(e as Error).message}`, { cause: e });
          }
          if (next.done) break;
          const row = next.value;
          firstDeelregister ??= row.deelregister;
          await store(merger.add(row));
          progress.gelezen = gelezen + run.stats.read;
          progress.bytes = before + run.bytes();
          if (run.stats.read - lastReport >= every) {
            lastReport = run.stats.read;
            report('registraties');
          }
        }
      } catch (e) {
        run.abort?.();
        throw e;
      }
      await store(merger.close()); // a registration never spans two files (or registers)
      gelezen += run.stats.read;
      overgeslagen += run.stats.skipped;
      waarschuwingen += run.stats.warnings;
      progress.gelezen = gelezen;
      progress.bytes = before + run.bytes();
      bestanden.push(run.bestand(firstDeelregister));
      report('registraties');
    }
    await writer.flush();
    if (volgnr === 0)
      throw new Error(
        viaApi
          ? `Geen registraties gevonden in ${sourceNames}.`
          : `Geen registraties gevonden in ${sourceNames}: is dit de CSV-download van het DNB-register?`,
      );

    // Institutions, written at the end with their complete names, sub-registers and counts.
    const iw = new BulkWriter(db, 'finreg_instelling', INSTITUTION_COLUMNS);
    progress.opgeslagen = 0;
    let conflicten = 0;
    for (const inst of merger.institutions.values()) {
      await iw.add(institutionRow(importId, inst));
      for (const d of inst.deelregisters) aantallen[`instellingen_${d}`] = (aantallen[`instellingen_${d}`] ?? 0) + 1;
      if (Object.keys(inst.conflicten).length) conflicten++;
      if (++progress.opgeslagen % every === 0) report('instellingen');
    }
    await iw.flush();
    report('instellingen');
    // A registration's search text and name become its institution's (all trade names, the first statutory name).
    await db.$executeRaw`
      UPDATE finreg_registratie r SET zoeknaam = i.zoeknaam, instelling_naam = i.naam
      FROM finreg_instelling i
      WHERE r.import_id = ${importId} AND i.import_id = ${importId} AND i.relatienummer = r.relatienummer
        AND (r.zoeknaam <> i.zoeknaam OR r.instelling_naam <> i.naam)`;

    Object.assign(aantallen, {
      instellingen: merger.institutions.size,
      registraties: volgnr,
      bestanden: units.length,
      gelezen,
      overgeslagen,
      waarschuwingen,
      herhaald: merger.herhaald,
      conflicten,
    });
    const sha256 = combinedSha256(bestanden);
    report('publiceren');
    await publishImport(db, FINREG_REGISTER, importId, { peildatum, bronUrl, sha256, aantallen, bestanden }, FINREG_TABLES, { forceer: opts.forceer });
    return { importId, peildatum, sha256, aantallen, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    await failImport(db, importId, err, FINREG_TABLES).catch(() => undefined);
    throw err;
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}
