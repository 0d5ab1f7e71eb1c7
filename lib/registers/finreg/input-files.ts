// The input forms of the finreg import, resolved to a list of CSV files to read in order: a directory
// of <CODE>.csv files (what the generator writes: the 15 sub-registers named by code), a zip of such
// files, a single CSV, any of those at an http(s) URL (spooled to a temp file first), or the download of
// all 15 sub-registers from the DNB site. A failed download of any sub-register fails the whole input,
// naming the sub-register, before anything is read.
import fs from 'node:fs';
import path from 'node:path';
import { isZipFile, listZip, openZipEntry } from '../common/zip';
import { downloadTo, isUrl } from '../common/export-file';
import { DEELREGISTERS, dnbCsvUrl } from './deelregisters';

/** One CSV to import. */
export interface DnbInputFile {
  /** Name in the manifest; a zip entry as archive!entry. */
  naam: string;
  /** Sub-register code from the file name when it is one of the 15 codes, else null. */
  code: string | null;
  /** Where the file was downloaded from, or null for a local file. */
  bron_url: string | null;
  /** Size in bytes of the CSV as read (uncompressed for a zip entry), when known. */
  size: number | null;
  /** When the file was obtained: download time, else the file's modification time. */
  opgehaald: Date;
  /** The CSV bytes. */
  open(): Promise<AsyncIterable<Buffer>>;
}

const CODES = new Set(DEELREGISTERS.map((d) => d.code));

/** The sub-register code a file name stands for (WFTAF.csv, wftaf.CSV, dir/WFTAF.csv), or null. */
export function codeFromName(name: string): string | null {
  const stem = path.basename(name).replace(/\.csv$/i, '').toUpperCase();
  return CODES.has(stem) ? stem : null;
}

const spool = (url: string, file: string, what: string) => downloadTo(url, file, { what, accept: 'text/csv, application/zip, */*' });

// A local file: a zip becomes its .csv entries (in archive order), anything else is one CSV.
async function expandFile(file: string, naam: string, bron_url: string | null, opgehaald: Date, code: string | null): Promise<DnbInputFile[]> {
  if (await isZipFile(file)) {
    const entries = (await listZip(file)).filter((e) => /\.csv$/i.test(e.name));
    if (!entries.length) throw new Error(`${naam}: het zip-bestand bevat geen .csv-bestanden.`);
    return entries.map((e) => ({
      naam: `${naam}!${e.name}`,
      code: codeFromName(e.name),
      bron_url,
      size: e.size,
      opgehaald,
      open: async () => (await openZipEntry(file, e.name)).stream as AsyncIterable<Buffer>,
    }));
  }
  return [
    {
      naam,
      code: code ?? codeFromName(naam),
      bron_url,
      size: fs.statSync(file).size,
      opgehaald,
      open: async () => fs.createReadStream(file, { highWaterMark: 1 << 20 }),
    },
  ];
}

/** The CSV files of a local path (directory, zip or CSV) or URL; URLs are spooled into `tmpDir`. */
export async function resolveInput(loc: string, tmpDir: string): Promise<DnbInputFile[]> {
  if (isUrl(loc)) {
    const naam = path.basename(new URL(loc).pathname) || 'download.csv';
    const file = path.join(tmpDir, `${fs.readdirSync(tmpDir).length}-${naam}`);
    await spool(loc, file, naam);
    return expandFile(file, naam, loc, new Date(), null);
  }
  const stat = fs.statSync(loc);
  if (stat.isDirectory()) {
    const names = fs
      .readdirSync(loc)
      .filter((n) => /\.csv$/i.test(n) && fs.statSync(path.join(loc, n)).isFile())
      .sort();
    if (!names.length) throw new Error(`${loc}: de map bevat geen .csv-bestanden (verwacht: <CODE>.csv per deelregister).`);
    return names.map((n) => {
      const file = path.join(loc, n);
      return {
        naam: n,
        code: codeFromName(n),
        bron_url: null,
        size: fs.statSync(file).size,
        opgehaald: fs.statSync(file).mtime,
        open: async () => fs.createReadStream(file, { highWaterMark: 1 << 20 }),
      };
    });
  }
  return expandFile(loc, path.basename(loc), null, stat.mtime, null);
}

/** Downloads all 15 sub-registers from `base` (dnbCsvUrl) into `tmpDir`; any failure throws, naming the sub-register. */
export async function downloadAll(base: string, tmpDir: string, onFile?: (code: string) => void): Promise<DnbInputFile[]> {
  const out: DnbInputFile[] = [];
  for (const { code } of DEELREGISTERS) {
    onFile?.(code);
    const url = dnbCsvUrl(code, base);
    const file = path.join(tmpDir, `${code}.csv`);
    await spool(url, file, `deelregister ${code}`);
    out.push(...(await expandFile(file, `${code}.csv`, url, new Date(), code)));
  }
  return out;
}
