// One registry of register importers, used by the scheduled jobs (jobs/) and the import CLI
// (scripts/import.ts). Per register: a title, where its official export is when no file is given, and
// run(options), which calls the register's own importer (lib/registers/<register>/import.ts) with a
// common progress shape and returns a common result. Adding a register is one entry in IMPORTERS.
//
// Official exports (base URLs overridable per environment variable, lib/sources/*):
// - lei: the GLEIF golden-copy publishes API, GET `${BRON_GLEIF_GOLDEN_COPY_URL}/latest`, gives the URLs
//   of the latest LEI2 (entities) and RR (relationships) full files; the XML zips are imported.
// - charity: `${BRON_BELASTINGDIENST_ANBI_URL}/anbi.zip`.
// - fsp: the AFM full export `${BRON_AFM_REGISTER_URL}?fdregister=1` (a ZIP with one XML file).
// - finreg: one CSV per sub-register, `${BRON_DNB_REGISTER_URL}/<CODE>`, or with DNB_API_KEY the DNB JSON API
//   (`${BRON_DNB_API_URL}`), downloaded by the importer.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { isUrl } from './common/export-file';
import { getDb } from '@/lib/db/client';
import { belastingdienstAnbi } from '@/lib/sources/anbi';
import { gleifGoldenCopy } from '@/lib/sources/gleif';
import { baseUrl, timeoutMs } from '@/lib/sources/source';
import { CHARITY_TABLES, importCharity } from './charity/import';
import { failImport, startImport } from './common/publish';
import { importLei, LEI_TABLES } from './lei/import';
import { AFM_FD_REGISTER_PAGE, FSP_TABLES, fspExportUrl, importFsp } from './fsp/import';
import { FINREG_TABLES, finregDefaultSource, importFinreg } from './finreg/import';

/** The registers that are imported from an official export. */
export type RegisterId = 'lei' | 'charity' | 'fsp' | 'finreg';

/** Progress of any register import (the importers' own progress objects have this shape). */
export interface ImportProgress {
  /** Phase, register-specific (e.g. entiteiten, relaties, beschikkingen, publiceren). */
  fase: string;
  /** Records read in this phase. */
  gelezen: number;
  /** Rows kept in this phase. */
  opgeslagen: number;
  /** Bytes read so far, and the total when known. */
  bytes: number;
  totaalBytes: number | null;
}

/** Result of any register import. */
export interface ImportResult {
  importId: number;
  peildatum: Date;
  sha256: string;
  aantallen: Record<string, number>;
  ms: number;
  /** Version stated by the export itself, where it has one (charity: the header's <versie>). */
  bronversie?: string | null;
}

export interface ImportRunOptions {
  /** Local path or http(s) URL of the export; absent: the official export is downloaded. */
  file?: string;
  /** Further files by option name, for registers that have them (lei: `rr`, the relationships). */
  extra?: Record<string, string | undefined>;
  /** bron_url of the manifest (default: the URL imported, else the official address). */
  bronUrl?: string;
  /** Reference date (default: from the export itself). */
  peildatum?: Date;
  db?: PrismaClient;
  /** The export is generated sample data: every answer says so. */
  voorbeeld?: boolean;
  /**
   * Publish even when the plausibility guard refuses (fewer records, not newer, the same file; see
   * common/guard.ts): the CLI's --forceer. Never overrides an incomplete file or one of the wrong kind.
   */
  forceer?: boolean;
  onProgress?: (p: ImportProgress) => void;
  progressEvery?: number;
  /** Aborts the import at its next progress report (the import is then recorded as mislukt). */
  signal?: AbortSignal;
  /** Called with the official export once found (only when no file was given). */
  onExport?: (e: OfficialExport) => void;
}

/** Where the official export of a register is now. */
export interface OfficialExport {
  /** The main file's URL; absent when the importer downloads its parts itself (finreg). */
  file?: string;
  /** Further files by option name (lei: `rr`). */
  extra?: Record<string, string>;
  /** What was asked to find the files (lei: the publishes API), for messages. */
  via?: string;
}

export interface RegisterImporter {
  id: RegisterId;
  /** Dutch title, for messages and the job descriptions. */
  titel: string;
  /** Extra file options of the CLI besides --file (name without dashes, Dutch description). */
  extraBestanden?: { naam: string; beschrijving: string }[];
  /** Dutch description of --file for the CLI usage. */
  bestand: string;
  /** The peildatum is a calendar day (shown as YYYY-MM-DD), not a publication time. */
  peildatumIsDag?: boolean;
  /** The register's data tables (rows carry import_id): cleaned of abandoned imports' rows by the clean-up job. */
  tabellen: readonly string[];
  /** Finds the official export (may ask the publisher's API). */
  officialExport: () => Promise<OfficialExport>;
  /** Imports `file` (or, without one, the official export) and publishes it atomically. */
  run: (options: ImportRunOptions) => Promise<ImportResult>;
  /** Dutch summary lines of a finished import, for the CLI (without the general first and last lines). */
  samenvatting?: (r: ImportResult) => string[];
  /** Records read in total (for records/s in the CLI summary). */
  gelezen?: (r: ImportResult) => number;
}

const fmt = (n: number | undefined) => (n ?? 0).toLocaleString('nl-NL');

/** Wraps onProgress so an aborted signal stops the import at its next progress report. */
function progressWithAbort(o: ImportRunOptions): ((p: ImportProgress) => void) | undefined {
  if (!o.signal) return o.onProgress;
  const { signal, onProgress } = o;
  return (p) => {
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'Import afgebroken.'));
    onProgress?.(p);
  };
}

/** The options every register importer takes, taken from the run options. */
function importerOptions(o: ImportRunOptions) {
  return { bronUrl: o.bronUrl, peildatum: o.peildatum, db: o.db, voorbeeld: o.voorbeeld, forceer: o.forceer, onProgress: progressWithAbort(o), progressEvery: o.progressEvery };
}

/**
 * Records a refresh attempt that failed before the register's importer could start (e.g. the publisher's
 * API to find the export did not answer): the manifest's verversing then says mislukt, like any failure.
 */
async function recordFailedAttempt(db: PrismaClient, register: RegisterId, bronUrl: string | null, err: unknown): Promise<void> {
  const id = await startImport(db, register, bronUrl);
  await failImport(db, id, err, []);
}

// ---- lei: GLEIF golden copy -------------------------------------------------------------------------

/** URL of the GLEIF golden-copy publishes API that names the latest publication. */
export function gleifLatestUrl(): string {
  return `${baseUrl(gleifGoldenCopy)}/latest`;
}

export interface GoldenCopyFiles {
  /** publish_date as GLEIF gives it ("2026-09-01 08:00:00", UTC). */
  publishDate: string | null;
  /** Full-file XML zip of the LEI-CDF (Level 1) entities, and of the RR-CDF (Level 2) relationships. */
  lei2: string | null;
  rr: string | null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);

/**
 * The full-file XML URLs of one golden-copy publication, from an answer of the publishes API: `/latest`
 * answers {data: {publish_date, lei2, rr, repex}}, the list `/publishes` answers {data: [...]} (newest
 * first; then the first entry is taken).
 */
export function goldenCopyFiles(body: unknown): GoldenCopyFiles {
  const data = obj(body)?.data;
  const pub = obj(Array.isArray(data) ? data[0] : data);
  if (!pub) throw new Error('Antwoord van de GLEIF golden-copy-API heeft geen publicatie (data ontbreekt).');
  const fullXml = (type: string): string | null => {
    const url = obj(obj(obj(pub[type])?.full_file)?.xml)?.url;
    return typeof url === 'string' && isUrl(url) ? url : null;
  };
  return { publishDate: typeof pub.publish_date === 'string' ? pub.publish_date : null, lei2: fullXml('lei2'), rr: fullXml('rr') };
}

/** Asks the GLEIF publishes API for the latest golden copy and returns its LEI2 and RR full-file URLs. */
export async function latestGoldenCopy(signal?: AbortSignal): Promise<{ lei2: string; rr: string; publishDate: string | null; via: string }> {
  const via = gleifLatestUrl();
  const timeout = AbortSignal.timeout(timeoutMs(gleifGoldenCopy));
  let res: Response;
  try {
    res = await fetch(via, { headers: { accept: 'application/json' }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (e) {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Import afgebroken.');
    throw new Error(`GLEIF golden-copy-API (${via}) niet bereikbaar: ${(e as Error).message}`);
  }
  if (!res.ok) throw new Error(`GLEIF golden-copy-API (${via}) gaf HTTP-status ${res.status}.`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new Error(`GLEIF golden-copy-API (${via}) gaf geen geldige JSON.`);
  }
  const f = goldenCopyFiles(body);
  if (!f.lei2 || !f.rr) {
    const missing = [!f.lei2 && 'LEI2', !f.rr && 'RR'].filter(Boolean).join(' en ');
    throw new Error(`GLEIF golden-copy-API (${via}) noemt geen ${missing} full file (XML).`);
  }
  return { lei2: f.lei2, rr: f.rr, publishDate: f.publishDate, via };
}

const lei: RegisterImporter = {
  id: 'lei',
  tabellen: LEI_TABLES,
  titel: 'LEI-register (GLEIF golden copy, Nederlandse entiteiten)',
  bestand: 'GLEIF Level 1 golden copy (LEI-CDF 3.x/2.1, XML of CSV, gezipt of niet)',
  extraBestanden: [{ naam: 'rr', beschrijving: 'GLEIF Level 2 relaties (RR-CDF, XML of CSV)' }],
  officialExport: async () => {
    const g = await latestGoldenCopy();
    return { file: g.lei2, extra: { rr: g.rr }, via: g.via };
  },
  run: async (o) => {
    const db = o.db ?? getDb();
    let file = o.file;
    let rr = o.extra?.rr;
    if (!file) {
      try {
        const g = await latestGoldenCopy(o.signal);
        file = g.lei2;
        rr = g.rr;
        o.onExport?.({ file, extra: { rr }, via: g.via });
      } catch (e) {
        await recordFailedAttempt(db, 'lei', o.bronUrl ?? gleifLatestUrl(), e).catch(() => undefined);
        throw e;
      }
    }
    return importLei({ file, rr, ...importerOptions(o), db });
  },
  samenvatting: (r) => [
    `entiteiten ${fmt(r.aantallen.entiteiten)} (van ${fmt(r.aantallen.gelezen_lei2)} gelezen)` +
      (r.aantallen.relaties !== undefined ? `, relaties ${fmt(r.aantallen.relaties)} (van ${fmt(r.aantallen.gelezen_rr)} gelezen)` : ''),
  ],
  gelezen: (r) => (r.aantallen.gelezen_lei2 ?? 0) + (r.aantallen.gelezen_rr ?? 0),
};

// ---- charity: Belastingdienst ANBI register ---------------------------------------------------------

/** URL of the published anbi.zip. */
export function anbiZipUrl(): string {
  return `${baseUrl(belastingdienstAnbi)}/anbi.zip`;
}

const charity: RegisterImporter = {
  id: 'charity',
  tabellen: CHARITY_TABLES,
  titel: 'ANBI-register (Belastingdienst)',
  bestand: `ANBI-register van de Belastingdienst: anbi.zip zoals gepubliceerd (${belastingdienstAnbi.defaultBaseUrl}/anbi.zip) of anbi.xml`,
  peildatumIsDag: true,
  officialExport: async () => ({ file: anbiZipUrl() }),
  run: async (o) => {
    const file = o.file ?? anbiZipUrl();
    if (!o.file) o.onExport?.({ file });
    const r = await importCharity({ file, ...importerOptions(o) });
    return { importId: r.importId, peildatum: r.peildatum, sha256: r.sha256, aantallen: r.aantallen, ms: r.ms, bronversie: r.versie };
  },
  samenvatting: (r) => {
    const a = r.aantallen;
    return [
      `beschikkingen ${fmt(a.totaal)} (van ${fmt(a.gelezen)} gelezen; ${fmt(a.overgeslagen)} overgeslagen, ${fmt(a.dubbel)} dubbel, ${fmt(a.waarschuwingen)} waarschuwingen)`,
      `geldig ${fmt(a.geldig)}, beëindigd ${fmt(a.beeindigd)}, cultureel ${fmt(a.cultuur)}, groepsbeschikkingen ${fmt(a.groepsbeschikkingen)}`,
    ];
  },
  gelezen: (r) => r.aantallen.gelezen ?? 0,
};

// ---- fsp: AFM register financiële dienstverleners ---------------------------------------------------

const fsp: RegisterImporter = {
  id: 'fsp',
  tabellen: FSP_TABLES,
  titel: 'Register financiële dienstverleners (AFM)',
  bestand:
    'volledige AFM-export van het register financiële dienstverleners (ZIP met één XML-bestand, export.aspx?fdregister=1, of die XML), ' +
    'of de namenlijst (zoekresultaat-CSV; alleen namen en plaats)',
  officialExport: async () => ({ file: fspExportUrl() }),
  run: async (o) => {
    let file = o.file;
    if (!file) {
      file = fspExportUrl();
      o.onExport?.({ file });
    }
    return importFsp({ file, ...importerOptions(o) });
  },
  samenvatting: (r) => {
    const a = r.aantallen;
    return [
      `instellingen ${fmt(a.instellingen)} (${fmt(a.met_kvk)} met KvK-nummer), vergunningen ${fmt(a.vergunningen)} ` +
        `(geldig ${fmt(a.vergunningen_geldig)}, beëindigd ${fmt(a.vergunningen_beeindigd)})`,
      `${fmt(a.gelezen)} gelezen, ${fmt(a.overgeslagen)} overgeslagen, ${fmt(a.dubbel)} dubbel, ${fmt(a.waarschuwingen)} waarschuwingen`,
    ];
  },
  gelezen: (r) => r.aantallen.gelezen ?? 0,
};

// ---- finreg: DNB Openbaar Register ------------------------------------------------------------------

const finreg: RegisterImporter = {
  id: 'finreg',
  tabellen: FINREG_TABLES,
  titel: 'Register financiële instellingen (DNB)',
  bestand: 'DNB Openbaar Register: map met <CODE>.csv-bestanden, een zip daarvan of één CSV',
  officialExport: async () => ({ via: finregDefaultSource() }),
  run: async (o) => {
    if (!o.file) o.onExport?.({ via: finregDefaultSource() });
    return importFinreg({ file: o.file, ...importerOptions(o) });
  },
  samenvatting: (r) => {
    const a = r.aantallen;
    return [
      `instellingen ${fmt(a.instellingen)}, registraties ${fmt(a.registraties)} (geldig ${fmt(a.registraties_geldig)}, beëindigd ${fmt(a.registraties_beeindigd)}) in ${fmt(a.bestanden)} bestanden`,
      `rijen ${fmt(a.gelezen)} gelezen, ${fmt(a.overgeslagen)} overgeslagen, ${fmt(a.waarschuwingen)} waarschuwingen`,
    ];
  },
  gelezen: (r) => r.aantallen.gelezen ?? 0,
};

// ---- the registry -----------------------------------------------------------------------------------

/** Every register importer by register id. */
export const IMPORTERS: Partial<Record<RegisterId, RegisterImporter>> = { lei, charity, fsp, finreg };

/** The importer of a register, or undefined when that register has none (yet). */
export function importerFor(register: string): RegisterImporter | undefined {
  return Object.prototype.hasOwnProperty.call(IMPORTERS, register) ? IMPORTERS[register as RegisterId] : undefined;
}

/** The registers that can be imported, in registry order. */
export function importableRegisters(): RegisterId[] {
  return Object.keys(IMPORTERS) as RegisterId[];
}

/** Summary lines for any result: the importer's own, else the counts as they are. */
export function summaryLines(imp: RegisterImporter, r: ImportResult): string[] {
  if (imp.samenvatting) return imp.samenvatting(r);
  return [Object.entries(r.aantallen).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')];
}

/** Records read by an import (the importer's own count, else the sum of the gelezen* counts). */
export function recordsRead(imp: RegisterImporter, r: ImportResult): number {
  if (imp.gelezen) return imp.gelezen(r);
  return Object.entries(r.aantallen).reduce((n, [k, v]) => (k.startsWith('gelezen') ? n + v : n), 0);
}
