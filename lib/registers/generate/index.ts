// Deterministic generator of realistic register exports (GLEIF LEI Level 1 + Level 2, ANBI, DNB, AFM) in
// exactly the formats the importers read, at full scale or a fraction, from one shared company universe
// (universe.ts). Same (schaal, seed, peildatum) → byte-identical files. Everything is written as a
// stream; memory stays flat (the universe's structure is a few MB at full scale).
//
//   generateRegisters({ schaal: 'klein', seed: 1, uit: 'data/generated' })
//     → <uit>/lei/YYYYMMDD-0800-gleif-goldencopy-lei2-golden-copy.xml.zip, …-rr-golden-copy.xml.zip
//       <uit>/charity/anbi.zip, <uit>/finreg/<CODE>.csv ×15, <uit>/fsp/financiele-dienstverleners.csv,
//       <uit>/MANIFEST.json (GENERATED SAMPLE DATA: version, seed, scale, counts, reference dates, sha-256)
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fspInstitutions, fspRows, AFM_HEADER } from './afm';
import { ANBI_FOOTER, anbiHeaderXml, anbiRecords } from './anbi';
import { parsePeildatum, toMs } from './dates';
import { DNB_CODES, DNB_HEADER, dnbRows } from './dnb';
import { encodeCp1252, encodeLatin1 } from './encoding';
import { contentDate, goldenCopyName, LEI_FOOTER, leiHeaderXml, leiRecordXml, planLeiRecords } from './lei';
import { RR_FOOTER, rrHeaderXml, rrRecords } from './rr';
import { countsFor, type Schaal } from './scale';
import { buildUniverse, type Universe } from './universe';
import { textFile, zipFile, type TextSink, type WrittenFile } from './writers';

export { parseSchaal, countsFor, type Schaal } from './scale';

/** Bumped whenever the output for the same input changes. */
export const GENERATOR_VERSION = '1.0.0';
/** Fixed default reference date, so a run without --peildatum is reproducible too. */
export const DEFAULT_PEILDATUM = '2026-11-01';
export const DEFAULT_SEED = 20261101;

export interface GenerateOptions {
  schaal?: Schaal;
  seed?: number;
  /** output directory (created) */
  uit: string;
  /** yyyy-mm-dd; default DEFAULT_PEILDATUM */
  peildatum?: string;
  /** progress messages (Dutch), e.g. console.error */
  onVoortgang?: (bericht: string) => void;
}

export interface GeneratedFiles {
  /** GLEIF Level 1 and Level 2 zips */
  lei: string;
  rr: string;
  /** anbi.zip */
  charity: string;
  /** the directory with the 15 sub-register CSVs, and the files themselves */
  finreg: string;
  finregBestanden: string[];
  fsp: string;
  manifest: string;
}

export interface GeneratedCounts {
  lei: { entiteiten: number; buitenlands: number; historisch: number; records: number; relaties: number };
  charity: { beschikkingen: number; groepsbeschikkingen: number };
  finreg: { instellingen: number; registraties: number; rijen: number; perDeelregister: Record<string, { registraties: number; rijen: number }> };
  fsp: { instellingen: number; vergunningen: number; rijen: number; zonderVergunning: number; paspoorten: number };
}

export interface GenerateResult {
  bestanden: GeneratedFiles;
  aantallen: GeneratedCounts;
}

/** The counts a scale gives, known from the universe's structure without writing any file. */
export function plannedCounts(schaal: Schaal = 'vol', seed = DEFAULT_SEED, peildatum = DEFAULT_PEILDATUM) {
  const u = buildUniverse(seed, countsFor(schaal), parsePeildatum(peildatum));
  return {
    lei: { entiteiten: u.leiDutch, buitenlands: u.leiForeign, historisch: u.historical, records: u.leiDutch + u.leiForeign, relaties: u.relationships },
    charity: { beschikkingen: u.counts.charity.beschikkingen },
    finreg: { instellingen: u.counts.finreg.instellingen, registraties: u.counts.finreg.registraties },
    fsp: { instellingen: u.counts.fsp.instellingen, vergunningen: u.counts.fsp.vergunningen },
  };
}

async function pump(sink: TextSink, parts: Iterable<string>): Promise<void> {
  for (const p of parts) {
    const w = sink.write(p);
    if (w) await w;
  }
}

async function writeLei(u: Universe, dir: string, onVoortgang: (s: string) => void) {
  const mtime = new Date(toMs(u.peildatum) + 8 * 3_600_000);
  const plan = planLeiRecords(u);
  const l1Name = goldenCopyName(u.peildatum, 'lei2');
  const l1 = zipFile(path.join(dir, `${l1Name}.zip`), l1Name, mtime);
  await l1.write(leiHeaderXml(u.peildatum, plan.serials.length));
  let n = 0;
  for (const serial of plan.serials) {
    const w = l1.write(leiRecordXml(u, serial));
    if (w) await w;
    if (++n % 50_000 === 0) onVoortgang(`lei: ${n.toLocaleString('nl-NL')} van ${plan.serials.length.toLocaleString('nl-NL')} records`);
  }
  await l1.write(LEI_FOOTER);
  const l1File = await l1.close();
  const rrName = goldenCopyName(u.peildatum, 'rr');
  const rr = zipFile(path.join(dir, `${rrName}.zip`), rrName, mtime);
  await rr.write(rrHeaderXml(u.peildatum, u.relationships));
  let relaties = 0;
  for (const rec of rrRecords(u)) {
    relaties++;
    const w = rr.write(rec);
    if (w) await w;
  }
  await rr.write(RR_FOOTER);
  const rrFile = await rr.close();
  if (relaties !== u.relationships) throw new Error(`interne fout: ${relaties} relaties geschreven, ${u.relationships} gepland`);
  return { l1File, rrFile, plan, relaties };
}

async function writeAnbi(u: Universe, dir: string) {
  const sink = zipFile(path.join(dir, 'anbi.zip'), 'anbi.xml', new Date(toMs(u.peildatum) + 6 * 3_600_000), encodeLatin1);
  await sink.write(anbiHeaderXml(u.peildatum));
  await pump(sink, anbiRecords(u.seed, u.peildatum, u.counts.charity.beschikkingen));
  await sink.write(ANBI_FOOTER);
  return sink.close();
}

async function writeDnb(u: Universe, dir: string) {
  const sinks = new Map<string, TextSink>();
  const perDeelregister: Record<string, { registraties: number; rijen: number }> = {};
  for (const code of DNB_CODES) {
    const s = textFile(path.join(dir, `${code}.csv`));
    await s.write(`\uFEFF${DNB_HEADER}\r\n`);
    sinks.set(code, s);
    perDeelregister[code] = { registraties: 0, rijen: 0 };
  }
  let rijen = 0;
  let registraties = 0;
  for (const [code, line, nieuw] of dnbRows(u)) {
    const c = perDeelregister[code];
    c.rijen++;
    rijen++;
    if (nieuw) {
      c.registraties++;
      registraties++;
    }
    const w = sinks.get(code)!.write(`${line}\r\n`);
    if (w) await w;
  }
  const files: WrittenFile[] = [];
  for (const s of sinks.values()) files.push(await s.close());
  if (registraties !== u.counts.finreg.registraties) throw new Error(`interne fout: ${registraties} registraties, ${u.counts.finreg.registraties} gepland`);
  return { files, rijen, registraties, perDeelregister };
}

async function writeAfm(u: Universe, file: string) {
  const sink = textFile(file, encodeCp1252);
  await sink.write(`${AFM_HEADER}\r\n`);
  let rijen = 0;
  let vergunningen = 0;
  let zonder = 0;
  let paspoorten = 0;
  let instellingen = 0;
  for (const inst of fspInstitutions(u)) {
    instellingen++;
    vergunningen += inst.licences.length;
    if (!inst.licences.length) zonder++;
    if (inst.paspoort) paspoorten++;
    for (const row of fspRows(inst)) {
      rijen++;
      const w = sink.write(`${row}\r\n`);
      if (w) await w;
    }
  }
  return { file: await sink.close(), rijen, vergunningen, zonder, paspoorten, instellingen };
}

/** Removes earlier generated files that a new run would not overwrite (a GLEIF name carries its date). */
async function clearOld(dir: string, pattern: RegExp): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => pattern.test(n)).map((n) => rm(path.join(dir, n), { force: true })));
}

export async function generateRegisters(opts: GenerateOptions): Promise<GenerateResult> {
  const schaal = opts.schaal ?? 'vol';
  const seed = opts.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`ongeldige seed ${seed}: gebruik een geheel getal 0–4294967295`);
  const peildatum = parsePeildatum(opts.peildatum ?? DEFAULT_PEILDATUM);
  const say = opts.onVoortgang ?? (() => undefined);
  const counts = countsFor(schaal);
  const u = buildUniverse(seed, counts, peildatum);
  const uit = path.resolve(opts.uit);
  const dirs = { lei: path.join(uit, 'lei'), charity: path.join(uit, 'charity'), finreg: path.join(uit, 'finreg'), fsp: path.join(uit, 'fsp') };
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true });
  await clearOld(dirs.lei, /^\d{8}-\d{4}-gleif-goldencopy-(lei2|rr)-golden-copy\.xml\.zip$/);

  say(`lei: ${(u.leiDutch + u.leiForeign).toLocaleString('nl-NL')} records en ${u.relationships.toLocaleString('nl-NL')} relaties schrijven…`);
  const lei = await writeLei(u, dirs.lei, say);
  say(`charity: ${counts.charity.beschikkingen.toLocaleString('nl-NL')} beschikkingen schrijven…`);
  const anbi = await writeAnbi(u, dirs.charity);
  say(`finreg: ${counts.finreg.registraties.toLocaleString('nl-NL')} registraties schrijven…`);
  const dnb = await writeDnb(u, dirs.finreg);
  say(`fsp: ${counts.fsp.instellingen.toLocaleString('nl-NL')} instellingen schrijven…`);
  const fspFile = path.join(dirs.fsp, 'financiele-dienstverleners.csv');
  const afm = await writeAfm(u, fspFile);

  const aantallen: GeneratedCounts = {
    lei: { entiteiten: lei.plan.dutch, buitenlands: lei.plan.foreign, historisch: lei.plan.historical, records: lei.plan.serials.length, relaties: lei.relaties },
    charity: { beschikkingen: counts.charity.beschikkingen, groepsbeschikkingen: Math.min(5, counts.charity.beschikkingen) },
    finreg: { instellingen: counts.finreg.instellingen, registraties: dnb.registraties, rijen: dnb.rijen, perDeelregister: dnb.perDeelregister },
    fsp: { instellingen: afm.instellingen, vergunningen: afm.vergunningen, rijen: afm.rijen, zonderVergunning: afm.zonder, paspoorten: afm.paspoorten },
  };
  const all = [lei.l1File, lei.rrFile, anbi, ...dnb.files, afm.file];
  const rel = (p: string) => path.relative(uit, p).split(path.sep).join('/');
  const manifest = {
    LET_OP: 'GEGENEREERDE VOORBEELDDATA / GENERATED SAMPLE DATA: geen echte registergegevens. Namen, nummers, adressen en relaties zijn verzonnen (plaatsnamen en postcodegebieden zijn echt).',
    gegenereerd: true,
    generator: { naam: 'lib/registers/generate', versie: GENERATOR_VERSION },
    seed,
    schaal: typeof schaal === 'number' ? String(schaal) : schaal,
    factor: counts.factor,
    peildatum,
    registers: {
      lei: {
        peildatum: contentDate(peildatum),
        bestanden: [rel(lei.l1File.path), rel(lei.rrFile.path)],
        aantallen: aantallen.lei,
        toelichting: 'entiteiten = Nederlandse Level 1-records (die de importer houdt), buitenlands = records die de importer wegfiltert; relaties = Level 2-records (IS_DIRECTLY/IS_ULTIMATELY_CONSOLIDATED_BY).',
      },
      charity: { peildatum, bestanden: [rel(anbi.path)], aantallen: aantallen.charity },
      finreg: {
        peildatum,
        bestanden: dnb.files.map((f) => rel(f.path)),
        aantallen: aantallen.finreg,
        toelichting: 'een rij per registratie of per activiteit van een registratie; registraties = groepen opeenvolgende rijen met dezelfde relatie, registratietype, wetsartikel, begin- en einddatum.',
      },
      fsp: {
        peildatum,
        bestanden: [rel(afm.file.path)],
        aantallen: aantallen.fsp,
        toelichting: 'veronderstelde indeling (lib/registers/fsp/columns.ts EXPORT_LAYOUT): een rij per instelling × vergunning × product.',
      },
    },
    bestanden: all.map((f) => ({ pad: rel(f.path), bytes: f.bytes, sha256: f.sha256 })),
  };
  const manifestPath = path.join(uit, 'MANIFEST.json');
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    bestanden: {
      lei: lei.l1File.path,
      rr: lei.rrFile.path,
      charity: anbi.path,
      finreg: dirs.finreg,
      finregBestanden: dnb.files.map((f) => f.path),
      fsp: afm.file.path,
      manifest: manifestPath,
    },
    aantallen,
  };
}
