// Deterministic generator of realistic register exports (GLEIF LEI Level 1 + Level 2, ANBI, DNB, AFM) in
// exactly the formats the importers read, at full scale or a fraction, from one shared company universe
// (universe.ts). Same (schaal, seed, peildatum) → byte-identical files. Everything is written as a
// stream; memory stays flat (the universe's structure is a few MB at full scale).
//
//   generateRegisters({ schaal: 'klein', seed: 1, uit: 'data/generated' })
//     → <uit>/lei/YYYYMMDD-0800-gleif-goldencopy-lei2-golden-copy.xml.zip, …-rr-golden-copy.xml.zip
//       <uit>/charity/anbi.zip, <uit>/finreg/<CODE>.csv ×15, <uit>/fsp/financiele-dienstverleners.zip,
//       <uit>/MANIFEST.json (GENERATED SAMPLE DATA: version, seed, scale, counts, reference dates, sha-256)
//
//   generateRegisters({ …, maanden: 6 })   (a sample MARKET, market.ts: monthly versions for the monitor)
//     → <uit>/maand-01 … maand-06/lei/<date>-…-lei2-….xml.zip, …-rr-….xml.zip, maand-NN/fsp/financiele-dienstverleners.zip
//       (maand-01 the oldest; maand-06 has the given peildatum, month k peildatum minus 6-k months), and ONCE,
//       shared by all months: <uit>/charity/anbi.zip, <uit>/finreg/*.csv with the OLDEST month's peildatum
//       (the start of the series: a loader imports them with the first month), <uit>/MANIFEST.json with
//       every month's files, counts and events.
//   Same (schaal, seed, peildatum, maanden) → byte-identical files; maanden 1 (the default) is the single
//   export above, unchanged. `markt: true` with maanden 1 gives one month of the market (flat layout).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AFM_XML_ENTRY, AFM_XML_HEAD, AFM_XML_TAIL, fspInstitutions, fspXml } from './afm';
import { ANBI_FOOTER, anbiHeaderXml, anbiRecords } from './anbi';
import { parsePeildatum, toMs } from './dates';
import { DNB_CODES, DNB_HEADER, dnbRows } from './dnb';
import { encodeLatin1 } from './encoding';
import { contentDate, goldenCopyName, LEI_FOOTER, leiHeaderXml, leiRecordXml, monthLeiSerials, planLeiRecords, type LeiPlan } from './lei';
import { buildMarket, maandDir, MarketMonth, monthlyPeildata, type MarketPlan, type MarktAantallen } from './market';
import { RR_FOOTER, rrHeaderXml, rrRecords } from './rr';
import { countsFor, type Schaal } from './scale';
import { buildUniverse, type Universe } from './universe';
import { textFile, zipFile, type TextSink, type WrittenFile } from './writers';

export { parseSchaal, countsFor, type Schaal } from './scale';
export { monthlyPeildata, type MarktAantallen } from './market';

/** Most monthly snapshots one run writes. */
export const MAX_MAANDEN = 120;

/** Bumped whenever the output for the same input changes. */
export const GENERATOR_VERSION = '1.1.0';
/** Fixed default reference date, so a run without --peildatum is reproducible too. */
export const DEFAULT_PEILDATUM = '2026-11-01';
export const DEFAULT_SEED = 20261101;

const LET_OP =
  'GEGENEREERDE VOORBEELDDATA / GENERATED SAMPLE DATA: geen echte registergegevens. Namen, nummers, adressen en relaties zijn verzonnen (plaatsnamen en postcodegebieden zijn echt).';

export interface GenerateOptions {
  schaal?: Schaal;
  seed?: number;
  /** output directory (created) */
  uit: string;
  /** yyyy-mm-dd; default DEFAULT_PEILDATUM */
  peildatum?: string;
  /**
   * Monthly snapshots of the sample market (market.ts), 1..MAX_MAANDEN; default 1 = the single export.
   * Above 1 the output is laid out in maand-NN directories (see the header).
   */
  maanden?: number;
  /** The market's names, formulas and volmacht-only offices also for maanden 1; default maanden > 1. */
  markt?: boolean;
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
  fsp: { instellingen: number; vergunningen: number; zonderVergunning: number; buitenlands: number };
}

/** One monthly snapshot of a market run. */
export interface GeneratedMonth {
  /** 1 = oldest */
  maand: number;
  peildatum: string;
  /** the month's directory (absolute) */
  map: string;
  lei: string;
  rr: string;
  fsp: string;
  aantallen: { lei: GeneratedCounts['lei']; fsp: GeneratedCounts['fsp']; markt: MarktAantallen };
}

export interface GenerateResult {
  /** With maanden > 1: lei, rr and fsp of the NEWEST month; charity and finreg the shared ones. */
  bestanden: GeneratedFiles;
  /** With maanden > 1: lei and fsp of the newest month. */
  aantallen: GeneratedCounts;
  /** The monthly snapshots, oldest first (a market run only; also for markt with maanden 1). */
  maanden?: GeneratedMonth[];
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

async function writeLei(u: Universe, dir: string, onVoortgang: (s: string) => void, basePlan?: LeiPlan, m?: MarketMonth) {
  const peildatum = m?.peildatum ?? u.peildatum;
  const mtime = new Date(toMs(peildatum) + 8 * 3_600_000);
  const plan = basePlan ?? planLeiRecords(u);
  const { serials, dutch } = m ? monthLeiSerials(u, plan, m) : plan;
  const l1Name = goldenCopyName(peildatum, 'lei2');
  const l1 = zipFile(path.join(dir, `${l1Name}.zip`), l1Name, mtime);
  await l1.write(leiHeaderXml(peildatum, serials.length));
  let n = 0;
  for (const serial of serials) {
    const w = l1.write(leiRecordXml(u, serial, m));
    if (w) await w;
    if (++n % 50_000 === 0) onVoortgang(`lei: ${n.toLocaleString('nl-NL')} van ${serials.length.toLocaleString('nl-NL')} records`);
  }
  await l1.write(LEI_FOOTER);
  const l1File = await l1.close();
  const rrName = goldenCopyName(peildatum, 'rr');
  const rr = zipFile(path.join(dir, `${rrName}.zip`), rrName, mtime);
  const planned = u.relationships + (m?.extraRelationships() ?? 0);
  await rr.write(rrHeaderXml(peildatum, planned));
  let relaties = 0;
  for (const rec of rrRecords(u, m)) {
    relaties++;
    const w = rr.write(rec);
    if (w) await w;
  }
  await rr.write(RR_FOOTER);
  const rrFile = await rr.close();
  if (relaties !== planned) throw new Error(`interne fout: ${relaties} relaties geschreven, ${planned} gepland`);
  const counts: GeneratedCounts['lei'] = {
    entiteiten: dutch, buitenlands: plan.foreign, historisch: plan.historical, records: serials.length, relaties,
  };
  return { l1File, rrFile, plan, relaties, counts };
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

/** The AFM full export as the AFM publishes it: a ZIP with one XML file (afm.ts). */
const AFM_FILE = 'financiele-dienstverleners.zip';

async function writeAfm(u: Universe, file: string, m?: MarketMonth) {
  const sink = zipFile(file, AFM_XML_ENTRY, new Date(toMs(u.peildatum) + 5 * 3_600_000));
  await sink.write(AFM_XML_HEAD);
  let vergunningen = 0;
  let zonder = 0;
  let buitenlands = 0;
  let instellingen = 0;
  for (const inst of fspInstitutions(u, m)) {
    instellingen++;
    vergunningen += inst.licences.length;
    if (!inst.licences.length) zonder++;
    if (inst.buitenlands) buitenlands++;
    const w = sink.write(fspXml(inst));
    if (w) await w;
  }
  await sink.write(AFM_XML_TAIL);
  return { file: await sink.close(), vergunningen, zonder, buitenlands, instellingen };
}

/** Removes earlier generated files (or month directories) that a new run would not overwrite (a GLEIF name carries its date). */
async function clearOld(dir: string, pattern: RegExp): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => pattern.test(n)).map((n) => rm(path.join(dir, n), { force: true, recursive: true })));
}

const GOLDEN_COPY = /^\d{8}-\d{4}-gleif-goldencopy-(lei2|rr)-golden-copy\.xml\.zip$/;

export async function generateRegisters(opts: GenerateOptions): Promise<GenerateResult> {
  const schaal = opts.schaal ?? 'vol';
  const seed = opts.seed ?? DEFAULT_SEED;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`ongeldige seed ${seed}: gebruik een geheel getal 0–4294967295`);
  const peildatum = parsePeildatum(opts.peildatum ?? DEFAULT_PEILDATUM);
  const maanden = opts.maanden ?? 1;
  if (!Number.isSafeInteger(maanden) || maanden < 1 || maanden > MAX_MAANDEN) throw new Error(`ongeldig aantal maanden ${maanden}: gebruik 1–${MAX_MAANDEN}`);
  const say = opts.onVoortgang ?? (() => undefined);
  const uit = path.resolve(opts.uit);
  // earlier monthly snapshots would otherwise be mistaken for this run's
  await clearOld(uit, /^maand-\d{2,3}$/);
  if (maanden > 1 || opts.markt) return generateMarket({ ...opts, schaal, seed, peildatum, maanden, uit, say });
  const counts = countsFor(schaal);
  const u = buildUniverse(seed, counts, peildatum);
  const dirs = { lei: path.join(uit, 'lei'), charity: path.join(uit, 'charity'), finreg: path.join(uit, 'finreg'), fsp: path.join(uit, 'fsp') };
  for (const d of Object.values(dirs)) await mkdir(d, { recursive: true });
  await clearOld(dirs.lei, GOLDEN_COPY);

  say(`lei: ${(u.leiDutch + u.leiForeign).toLocaleString('nl-NL')} records en ${u.relationships.toLocaleString('nl-NL')} relaties schrijven…`);
  const lei = await writeLei(u, dirs.lei, say);
  say(`charity: ${counts.charity.beschikkingen.toLocaleString('nl-NL')} beschikkingen schrijven…`);
  const anbi = await writeAnbi(u, dirs.charity);
  say(`finreg: ${counts.finreg.registraties.toLocaleString('nl-NL')} registraties schrijven…`);
  const dnb = await writeDnb(u, dirs.finreg);
  say(`fsp: ${counts.fsp.instellingen.toLocaleString('nl-NL')} instellingen schrijven…`);
  const fspFile = path.join(dirs.fsp, AFM_FILE);
  const afm = await writeAfm(u, fspFile);

  const aantallen: GeneratedCounts = {
    lei: { entiteiten: lei.plan.dutch, buitenlands: lei.plan.foreign, historisch: lei.plan.historical, records: lei.plan.serials.length, relaties: lei.relaties },
    charity: { beschikkingen: counts.charity.beschikkingen, groepsbeschikkingen: Math.min(5, counts.charity.beschikkingen) },
    finreg: { instellingen: counts.finreg.instellingen, registraties: dnb.registraties, rijen: dnb.rijen, perDeelregister: dnb.perDeelregister },
    fsp: afmCounts(afm),
  };
  const all = [lei.l1File, lei.rrFile, anbi, ...dnb.files, afm.file];
  const rel = (p: string) => path.relative(uit, p).split(path.sep).join('/');
  const manifest = {
    LET_OP,
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
        toelichting: 'indeling van de CSV-download van DNB: 34 kolommen (lib/registers/finreg/columns.ts), Deelregister = naam van het register, datums dd-mm-jjjj; de 15 echte deelregisters (deelregisters.ts), inhoud verzonnen. Een rij per registratie of per activiteit van een registratie; registraties = groepen opeenvolgende rijen met dezelfde relatie, registratietype, wetsartikel, begin- en einddatum.',
      },
      fsp: {
        peildatum,
        bestanden: [rel(afm.file.path)],
        aantallen: aantallen.fsp,
        toelichting: 'indeling van de volledige AFM-export (export.aspx?fdregister=1): een ZIP met één XML-bestand, namespace http://www.afm.nl/WfdExternRegister/Export/3.0, een Instelling per instelling met Bedrijfsgegevens en Vergunningen/PDCs/Product/Dienst (lib/registers/fsp/parse.ts); geen paspoort, klachteninstituut of beleidsbepalers (de export draagt ze niet); inhoud verzonnen.',
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

interface MarketRun {
  schaal: Schaal;
  seed: number;
  peildatum: string;
  maanden: number;
  uit: string;
  say: (s: string) => void;
}

/** A market run (market.ts): the universe at the oldest month, its events, one snapshot of lei and fsp per month. */
async function generateMarket(r: MarketRun): Promise<GenerateResult> {
  const { schaal, seed, maanden, uit, say } = r;
  const counts = countsFor(schaal);
  const peildata = monthlyPeildata(r.peildatum, maanden);
  const u = buildUniverse(seed, counts, peildata[0]);
  say(`markt: ${maanden} maanden, ${peildata[0]} t/m ${peildata[maanden - 1]}; gebeurtenissen plannen…`);
  const plan: MarketPlan = buildMarket(u, peildata);
  const flat = maanden === 1;
  const shared = { charity: path.join(uit, 'charity'), finreg: path.join(uit, 'finreg') };
  for (const d of Object.values(shared)) await mkdir(d, { recursive: true });
  // a single export written here before would look like part of this run
  await clearOld(path.join(uit, 'lei'), GOLDEN_COPY);
  await rm(path.join(uit, 'fsp', AFM_FILE), { force: true });

  say(`charity: ${counts.charity.beschikkingen.toLocaleString('nl-NL')} beschikkingen schrijven (eenmaal, peildatum ${peildata[0]})…`);
  const anbi = await writeAnbi(u, shared.charity);
  say(`finreg: ${counts.finreg.registraties.toLocaleString('nl-NL')} registraties schrijven (eenmaal, peildatum ${peildata[0]})…`);
  const dnb = await writeDnb(u, shared.finreg);

  const basePlan = planLeiRecords(u);
  const months: GeneratedMonth[] = [];
  const monthFiles: WrittenFile[][] = [];
  let last: { lei: Awaited<ReturnType<typeof writeLei>>; afm: Awaited<ReturnType<typeof writeAfm>> } | null = null;
  for (let k = 1; k <= maanden; k++) {
    const m = new MarketMonth(u, plan, k);
    const dir = flat ? uit : path.join(uit, maandDir(k, maanden));
    const dirs = { lei: path.join(dir, 'lei'), fsp: path.join(dir, 'fsp') };
    for (const d of Object.values(dirs)) await mkdir(d, { recursive: true });
    await clearOld(dirs.lei, GOLDEN_COPY);
    const markt = m.counts();
    say(
      `maand ${k} van ${maanden} (${m.peildatum}): ${markt.overnames} overnames, ${markt.beeindigd} beëindigd, ${markt.nieuw} nieuw, ` +
        `${markt.verhuisd} verhuisd; lei en fsp schrijven…`,
    );
    const lei = await writeLei(u, dirs.lei, say, basePlan, m);
    const afm = await writeAfm(u, path.join(dirs.fsp, AFM_FILE), m);
    months.push({
      maand: k,
      peildatum: m.peildatum,
      map: dir,
      lei: lei.l1File.path,
      rr: lei.rrFile.path,
      fsp: afm.file.path,
      aantallen: { lei: lei.counts, fsp: afmCounts(afm), markt },
    });
    monthFiles.push([lei.l1File, lei.rrFile, afm.file]);
    last = { lei, afm };
  }
  const { lei, afm } = last!;
  const aantallen: GeneratedCounts = {
    lei: lei.counts,
    charity: { beschikkingen: counts.charity.beschikkingen, groepsbeschikkingen: Math.min(5, counts.charity.beschikkingen) },
    finreg: { instellingen: counts.finreg.instellingen, registraties: dnb.registraties, rijen: dnb.rijen, perDeelregister: dnb.perDeelregister },
    fsp: afmCounts(afm),
  };
  const rel = (p: string) => path.relative(uit, p).split(path.sep).join('/') || '.';
  const newest = peildata[maanden - 1];
  const naamVan = (ref: number) => (ref >= 0 ? new MarketMonth(u, plan, 1).company(ref).naam : String(ref));
  const manifest = {
    LET_OP,
    gegenereerd: true,
    generator: { naam: 'lib/registers/generate', versie: GENERATOR_VERSION },
    seed,
    schaal: typeof schaal === 'number' ? String(schaal) : schaal,
    factor: counts.factor,
    peildatum: newest,
    aantal_maanden: maanden,
    markt: {
      toelichting:
        'Voorbeeldmarkt (lib/registers/generate/market.ts): maand 1 is de beginstand; in elke volgende maand overnames (een onafhankelijk kantoor krijgt een moeder: IS_DIRECTLY/IS_ULTIMATELY_CONSOLIDATED_BY met een relatieperiode die in die maand begint), beëindigingen (einddatum van de vergunningen in die maand), nieuwe kantoren (nieuw KvK-nummer, vergunning vanaf die maand) en verhuizingen (ander adres). charity en finreg staan er één keer in, met de peildatum van maand 1. Formules: een gedeelde handelsnaam van onafhankelijke kantoren; inkoopgroepen: een gedeeld Kifid-lidmaatschap (de AFM-export vermeldt geen klachteninstituut, dus in de gegenereerde registers onzichtbaar; het staat alleen hier).',
      consolidatoren: plan.consolidators.map(naamVan),
      formules: plan.formulas.map((f) => ({ naam: f.naam, soort: f.soort, leden: f.leden.length, ...(f.kifid ? { kifid: f.kifid } : {}) })),
    },
    registers: {
      lei: { peildatum: contentDate(newest), bestanden: [rel(lei.l1File.path), rel(lei.rrFile.path)], aantallen: aantallen.lei, toelichting: 'de nieuwste maand; zie maanden voor de andere.' },
      charity: { peildatum: peildata[0], bestanden: [rel(anbi.path)], aantallen: aantallen.charity, toelichting: 'eenmaal, gedeeld door alle maanden.' },
      finreg: { peildatum: peildata[0], bestanden: dnb.files.map((f) => rel(f.path)), aantallen: aantallen.finreg, toelichting: 'eenmaal, gedeeld door alle maanden.' },
      fsp: { peildatum: newest, bestanden: [rel(afm.file.path)], aantallen: aantallen.fsp, toelichting: 'de nieuwste maand; zie maanden voor de andere.' },
    },
    maanden: months.map((m) => ({
      maand: m.maand,
      map: rel(m.map),
      peildatum: m.peildatum,
      bestanden: [rel(m.lei), rel(m.rr), rel(m.fsp)],
      aantallen: m.aantallen,
    })),
    bestanden: [anbi, ...dnb.files, ...monthFiles.flat()].map((f) => ({ pad: rel(f.path), bytes: f.bytes, sha256: f.sha256 })),
  };
  const manifestPath = path.join(uit, 'MANIFEST.json');
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return {
    bestanden: {
      lei: lei.l1File.path,
      rr: lei.rrFile.path,
      charity: anbi.path,
      finreg: shared.finreg,
      finregBestanden: dnb.files.map((f) => f.path),
      fsp: afm.file.path,
      manifest: manifestPath,
    },
    aantallen,
    maanden: months,
  };
}

function afmCounts(afm: Awaited<ReturnType<typeof writeAfm>>): GeneratedCounts['fsp'] {
  return { instellingen: afm.instellingen, vergunningen: afm.vergunningen, zonderVergunning: afm.zonder, buitenlands: afm.buitenlands };
}
