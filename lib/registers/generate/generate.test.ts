// The generator's output read back with the REAL importers' parsers: counts equal MANIFEST.json, no
// warnings or skipped records, reference dates from the names/headers, byte-identical reruns, and the
// cross-register coherence the distribution monitor relies on (KvK ↔ LEI, ownership chains).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnbiFile } from '../charity/anbi-file';
import { parseAnbiXml, type AnbiRecord } from '../charity/parse';
import { openZipEntry } from '../common/zip';
import { DNB_HEADERS } from '../finreg/columns';
import { deelregisterNaam } from '../finreg/deelregisters';
import { parseDnbCsv, type DnbRegistration } from '../finreg/parse';
import { openAfmFile } from '../fsp/afm-file';
import type { FspInstitution } from '../fsp/group';
import { parseAfmXml } from '../fsp/parse';
import { parseLeiXml, type XmlParseStats } from '../lei/parse-xml';
import { parseRrXml, type RrParseStats } from '../lei/parse-rr';
import { peildatumFromName, type LeiEntity, type LeiRelationship } from '../lei/record';
import { generateRegisters, plannedCounts, type GenerateResult } from './index';
import { isValidLei, leiCheckDigits, makeLei } from './lei-check';
import { countsFor, FULL, parseSchaal } from './scale';
import { isElfproef, rsinFrom } from './universe';
import { ZONDER_KVK_AANDEEL } from './lei';
import { koppel } from '@/lib/monitor/derive/koppeling';

const PEILDATUM = '2026-10-15';
let dir: string;
let res: GenerateResult;
let manifest: {
  gegenereerd: boolean;
  LET_OP: string;
  seed: number;
  bestanden: { pad: string; bytes: number; sha256: string }[];
  registers: Record<string, { aantallen: Record<string, unknown>; peildatum: string }>;
};

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
const sha = async (p: string) => createHash('sha256').update(await readFile(p)).digest('hex');
const zipText = async (p: string) => {
  const { stream } = await openZipEntry(p);
  return Buffer.concat(await collect(stream as AsyncIterable<Buffer>)).toString('utf8');
};

let entities: LeiEntity[] = [];
let l1Stats: XmlParseStats;
let allL1Leis: Set<string>;
let relations: LeiRelationship[] = [];
let rrStats: RrParseStats;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gen-registers-'));
  res = await generateRegisters({ schaal: 'klein', seed: 42, uit: dir, peildatum: PEILDATUM });
  manifest = JSON.parse(await readFile(path.join(dir, 'MANIFEST.json'), 'utf8'));
  l1Stats = { gelezen: 0, contentDate: null, recordCount: null };
  entities = await collect(parseLeiXml((await openZipEntry(res.bestanden.lei)).stream, l1Stats));
  allL1Leis = new Set([...(await zipText(res.bestanden.lei)).matchAll(/<lei:LEI>([^<]+)<\/lei:LEI>/g)].map((m) => m[1]));
  rrStats = { gelezen: 0, contentDate: null };
  relations = await collect(parseRrXml((await openZipEntry(res.bestanden.rr)).stream, rrStats));
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('helpers', () => {
  it('LEI check digits (ISO 17442) agree with real LEIs', () => {
    for (const real of ['04VK4ASM6OJ180YRBJ15', '00TR8NKAEL48RGTZEW89', '097900BHF50000076475', '5493001KJTIIGC8Y1R12']) {
      expect(isValidLei(real)).toBe(true);
      expect(leiCheckDigits(real.slice(0, 18))).toBe(real.slice(18));
    }
    expect(isValidLei('04VK4ASM6OJ180YRBJ16')).toBe(false);
    expect(isValidLei(makeLei('724500ABCDEFGHIJ12'))).toBe(true);
  });

  it('RSINs pass the elfproef, also with leading zeros', () => {
    for (const p of [0, 10_000, 8_000_000, 8_499_999, 1_234_567]) expect(isElfproef(rsinFrom(p))).toBe(true);
    expect(rsinFrom(10_000).startsWith('0010000')).toBe(true);
  });

  it('parses the scale option', () => {
    expect(parseSchaal('vol')).toBe('vol');
    expect(parseSchaal('0,25')).toBe(0.25);
    expect(() => parseSchaal('2')).toThrow(/schaal/);
    expect(countsFor('klein').lei.entiteiten).toBeGreaterThanOrEqual(2_500);
  });
});

describe('full-scale counts (planned, no files written)', () => {
  it('match the real registers', () => {
    const c = plannedCounts('vol');
    expect(c.fsp).toEqual(FULL.fsp);
    expect(c.finreg).toEqual(FULL.finreg);
    expect(c.charity).toEqual(FULL.charity);
    expect(c.lei.entiteiten).toBe(FULL.lei.entiteiten);
    expect(c.lei.relaties).toBeGreaterThanOrEqual(15_000);
    expect(c.lei.relaties).toBeLessThanOrEqual(25_000);
    expect(c.lei.buitenlands).toBeGreaterThan(0);
  });

  it('a fraction scales every register', () => {
    const c = plannedCounts(0.1);
    expect(c.fsp).toEqual({ instellingen: 2_300, vergunningen: 1_400 });
    expect(c.finreg).toEqual({ instellingen: 330, registraties: 4_600 });
    expect(c.charity.beschikkingen).toBe(5_400);
    expect(c.lei.entiteiten).toBe(19_500);
  });
});

describe('generated sample (klein) read with the real parsers', () => {
  it('MANIFEST says it is generated sample data, with the right hashes', async () => {
    expect(manifest.gegenereerd).toBe(true);
    expect(manifest.LET_OP).toMatch(/GENERATED SAMPLE DATA/);
    expect(manifest.seed).toBe(42);
    expect(manifest.bestanden).toHaveLength(19);
    for (const f of manifest.bestanden) expect(await sha(path.join(dir, f.pad))).toBe(f.sha256);
  });

  it('one month (the default) is byte-identical to the generator before the monthly market', () => {
    // sha-256 over the 19 files' hashes as written by generator 1.0.0 before maanden/markt existed
    // (klein, seed 42, peildatum 2026-10-15): the single export must not change with the market mode.
    // Recomputed on purpose when the DNB files changed (2026-11-27): the 15 real sub-registers, then DNB's
    // 34-column CSV layout; and when the AFM file became the real full export (a ZIP with one XML; checked
    // then that the other 18 files stayed byte-identical); and when a share of the LEI records lost their KvK
    // number (ZONDER_KVK_AANDEEL); and when anbi.xml's culture end date took the name intrekkingsDatumCultuur.
    const all = createHash('sha256').update(manifest.bestanden.map((f) => f.sha256).join('')).digest('hex');
    expect(all).toBe('5049b21a6e092dcca588a000d1a74790d47eb53fd2f79fb8e4a5afae50352af5');
    expect(res.maanden).toBeUndefined();
  });

  it('lei Level 1: Dutch count, all records read, reference date from the name', () => {
    const a = res.aantallen.lei;
    expect(manifest.registers.lei.aantallen).toEqual(a);
    expect(entities).toHaveLength(a.entiteiten);
    expect(l1Stats.gelezen).toBe(a.records);
    expect(l1Stats.recordCount).toBe(a.records);
    expect(a.buitenlands).toBeGreaterThan(0);
    expect(peildatumFromName(path.basename(res.bestanden.lei))?.toISOString()).toBe(`${PEILDATUM}T08:00:00.000Z`);
    expect(l1Stats.contentDate).toBe(`${PEILDATUM}T08:00:00Z`);
    expect(allL1Leis.size).toBe(a.records);
    for (const lei of allL1Leis) expect(isValidLei(lei), lei).toBe(true);
    // every Dutch entity carries its KvK number but a share (ZONDER_KVK_AANDEEL of the offices and other
    // companies: RA999999 or the number with a branch suffix, which the importer does not take); some
    // inactive and lapsed/retired ones; a KvK reused
    const zonder = entities.filter((e) => !e.kvk_nummer);
    expect(entities.filter((e) => e.kvk_nummer).every((e) => /^\d{8}$/.test(e.kvk_nummer!))).toBe(true);
    expect(zonder.length / entities.length).toBeGreaterThan(ZONDER_KVK_AANDEEL / 4);
    expect(zonder.length / entities.length).toBeLessThan(ZONDER_KVK_AANDEEL * 1.5);
    expect(zonder.some((e) => e.registratie_autoriteit === 'RA999999' && e.registratie_nummer === null)).toBe(true);
    expect(zonder.some((e) => e.registratie_autoriteit === 'RA000463' && /^\d{12}$/.test(e.registratie_nummer ?? ''))).toBe(true);
    const statuses = new Set(entities.map((e) => e.registratie_status));
    for (const s of ['ISSUED', 'LAPSED', 'RETIRED']) expect(statuses.has(s), s).toBe(true);
    expect(entities.some((e) => e.status === 'inactief')).toBe(true);
    const perKvk = new Map<string, LeiEntity[]>();
    for (const e of entities) if (e.kvk_nummer) perKvk.set(e.kvk_nummer, [...(perKvk.get(e.kvk_nummer) ?? []), e]);
    const reused = [...perKvk.values()].filter((l) => l.length > 1);
    // the historical LEIs of a company without KvK number in GLEIF lack it too
    expect(reused.length).toBeLessThanOrEqual(a.historisch);
    expect(reused.length).toBeGreaterThan(0);
    expect(reused.every((l) => l.filter((e) => e.registratie_status === 'RETIRED' || e.registratie_status === 'DUPLICATE').length >= 1)).toBe(true);
  });

  it('lei Level 2: all records kept, every chain ends in an L1 entity and agrees with the ultimate parent', () => {
    expect(relations).toHaveLength(res.aantallen.lei.relaties);
    expect(rrStats.gelezen).toBe(res.aantallen.lei.relaties);
    expect(rrStats.contentDate).toBe(`${PEILDATUM}T08:00:00Z`);
    expect(peildatumFromName(path.basename(res.bestanden.rr))?.toISOString()).toBe(`${PEILDATUM}T08:00:00.000Z`);
    const direct = new Map<string, string>();
    const ultimate = new Map<string, string>();
    for (const r of relations) {
      expect(isValidLei(r.start_lei) && isValidLei(r.end_lei)).toBe(true);
      expect(allL1Leis.has(r.start_lei) && allL1Leis.has(r.end_lei)).toBe(true);
      if (r.status !== 'ACTIVE') continue;
      (r.type === 'IS_DIRECTLY_CONSOLIDATED_BY' ? direct : ultimate).set(r.start_lei, r.end_lei);
    }
    expect(relations.some((r) => r.status === 'INACTIVE')).toBe(true);
    const dutch = new Set(entities.map((e) => e.lei));
    expect([...ultimate.values()].some((p) => !dutch.has(p))).toBe(true); // foreign parents
    expect([...direct.values()].some((p) => direct.has(p))).toBe(true); // office → holding → top
    for (const [child, top] of ultimate) {
      let at = child;
      for (let hops = 0; direct.has(at); hops++) {
        expect(hops).toBeLessThan(5);
        at = direct.get(at)!;
      }
      expect(at).toBe(top);
      expect(ultimate.has(top)).toBe(false);
    }
  });

  it('charity: counts, no warnings, peildatum from the header, the quirks present', async () => {
    const run = parseAnbiXml(await openAnbiFile(res.bestanden.charity));
    const recs: AnbiRecord[] = await collect(run);
    expect(run.header?.peildatum).toBe(PEILDATUM);
    expect(run.stats.encoding).toMatch(/ISO-8859-1/);
    expect(recs).toHaveLength(res.aantallen.charity.beschikkingen);
    expect(manifest.registers.charity.aantallen).toEqual(res.aantallen.charity);
    expect(run.stats.warnings).toBe(0);
    expect(run.stats.skipped).toBe(0);
    expect(run.stats.notices).toEqual([]);
    expect(recs.filter((r) => r.groepsbeschikking)).toHaveLength(5);
    expect(recs.some((r) => r.rsin?.startsWith('00'))).toBe(true); // written without leading zeros
    expect(recs.some((r) => r.intrekkingsdatum !== null && r.intrekkingsdatum < PEILDATUM)).toBe(true);
    expect(recs.some((r) => r.cultuur)).toBe(true);
    expect(recs.some((r) => /[éëö]/.test(r.naam ?? ''))).toBe(true);
    expect(new Set(recs.map((r) => r.id)).size).toBe(recs.length);
    expect(recs.filter((r) => r.rsin).every((r) => isElfproef(r.rsin!))).toBe(true);
    // Exactly the documented element names (notes, "Update 2026-11-27"): nothing lands in `extra`, the
    // group decisions come first, the culture end date is written as intrekkingsDatumCultuur.
    expect(recs.every((r) => Object.keys(r.extra).length === 0)).toBe(true);
    expect(recs.slice(0, 5).every((r) => r.groepsbeschikking)).toBe(true);
    expect(run.end).toEqual({ root: 'publicatieAnbiInstellingen', rootClosed: true, unfinished: 0 });
    const parts: Buffer[] = [];
    for await (const c of await openAnbiFile(res.bestanden.charity)) parts.push(c as Buffer);
    const text = Buffer.concat(parts).toString('latin1');
    const names = new Set([...text.matchAll(/<([A-Za-z]+)>/g)].map((m) => m[1]));
    expect([...names].sort()).toEqual(
      ['aanmaakDatum', 'aliasNaam', 'beschikking', 'dossierNummer', 'fiscaalNummer', 'header', 'ingangsDatum', 'ingangsDatumCultuur', 'intrekkingsDatum', 'intrekkingsDatumCultuur', 'naam', 'publicatieAnbiInstellingen', 'versie', 'vestigingsPlaats', 'webSite'].sort(),
    );
  });

  it('finreg: 15 files, counts, no warnings, activity rows consecutive', async () => {
    expect(res.bestanden.finregBestanden).toHaveLength(15);
    const a = res.aantallen.finreg;
    expect(manifest.registers.finreg.aantallen).toEqual(a);
    const all: DnbRegistration[] = [];
    let registraties = 0;
    for (const file of res.bestanden.finregBestanden) {
      const code = path.basename(file, '.csv');
      // DNB's download layout: the 34 headers in order, the Deelregister cell holding the register's NAME
      const [header, first] = (await readFile(file, 'utf8')).split('\r\n');
      expect(header).toBe(`\uFEFF${DNB_HEADERS.join(';')}`);
      if (first) expect(first.split(';')[0], code).toBe(deelregisterNaam(code));
      if (first) expect(first.split(';')[5], code).toBe('Nee');
      const run = parseDnbCsv(file);
      const rows = await collect(run);
      expect(run.stats.warnings, code).toBe(0);
      expect(run.stats.skipped, code).toBe(0);
      expect(run.stats.notices, code).toEqual([]);
      expect(rows.every((r) => r.deelregister === code)).toBe(true);
      expect(rows.length).toBe(a.perDeelregister[code].rijen);
      const key = (r: DnbRegistration) => [r.relatienummer, r.registratietype, r.wetsartikel, r.begindatum, r.einddatum].join('|');
      const groups = rows.filter((r, i) => i === 0 || key(rows[i - 1]) !== key(r)).length;
      expect(groups, code).toBe(a.perDeelregister[code].registraties);
      // a registration's rows are consecutive: no key comes back after another one
      expect(new Set(rows.map(key)).size, code).toBe(groups);
      registraties += groups;
      all.push(...rows);
    }
    expect(all).toHaveLength(a.rijen);
    expect(registraties).toBe(a.registraties);
    expect(new Set(all.map((r) => r.relatienummer)).size).toBe(a.instellingen);
    expect(new Set(all.map((r) => r.registratietype))).toEqual(new Set(['Vergunning', 'Ontheffing', 'Goedkeuring', 'Registratie', 'Verklaring van geen bezwaar', 'Europees paspoort']));
    expect(all.some((r) => r.einddatum !== null && r.einddatum < PEILDATUM)).toBe(true);
    // institutions with a LEI: in L1, and a Dutch one under the same KvK number
    const byLei = new Map(entities.map((e) => [e.lei, e]));
    for (const r of all.filter((x) => x.lei)) {
      expect(allL1Leis.has(r.lei!)).toBe(true);
      if (r.kvk_nummer) expect(byLei.get(r.lei!)?.kvk_nummer).toBe(r.kvk_nummer);
    }
  });

  it('fsp: the full export as published (ZIP with one XML), counts, no warnings, licensed KvK numbers are active LEI entities', async () => {
    const opened = await openAfmFile(res.bestanden.fsp);
    expect(opened.soort).toBe('volledige-export');
    expect(opened.entry).toBe('WfdExternRegister.xml');
    const head = (await readFile(res.bestanden.fsp)).subarray(0, 2);
    expect(head.toString('latin1')).toBe('PK');
    const run = parseAfmXml(opened.stream);
    const inst: FspInstitution[] = await collect(run);
    const a = res.aantallen.fsp;
    expect(manifest.registers.fsp.aantallen).toEqual(a);
    expect(run.stats.afgesloten).toBe(true);
    expect(run.stats.encoding).toBe('utf-8 (declared utf-8)');
    expect(run.stats.warnings).toBe(0);
    expect(run.stats.skipped).toBe(0);
    expect(run.stats.notices).toEqual([]);
    expect(inst).toHaveLength(a.instellingen);
    expect(new Set(inst.map((i) => i.id)).size).toBe(a.instellingen);
    expect(inst.every((i) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(i.id) && !i.id_afgeleid)).toBe(true);
    expect(inst.every((i) => Object.keys(i.extra).length === 0)).toBe(true);
    expect(inst.reduce((n, i) => n + i.vergunningen.length, 0)).toBe(a.vergunningen);
    expect(inst.filter((i) => i.vergunningen.length === 0)).toHaveLength(a.zonderVergunning);
    expect(Math.max(...inst.map((i) => i.vergunningen.length))).toBeLessThanOrEqual(3);
    // foreign institutions: no KvK number, no licence; nothing the real export does not carry
    const foreign = inst.filter((i) => i.land !== 'Nederland');
    expect(foreign).toHaveLength(a.buitenlands);
    expect(foreign.every((i) => !i.kvk_nummer && i.vergunningen.length === 0)).toBe(true);
    expect(inst.every((i) => i.ep === null && i.klachteninstituut === null && i.beleidsbepalers === null && i.lidstaat_herkomst === null)).toBe(true);
    // Dutch institutions carry legal form, statutory seat, address with postcode 1234AB and dated trade names
    const dutch = inst.filter((i) => i.land === 'Nederland');
    expect(dutch.every((i) => i.rechtsvorm && i.statutaire_zetel && /^\d{4}[A-Z]{2}$/.test(i.postcode ?? '') && /\d/.test(i.adres ?? ''))).toBe(true);
    expect(dutch.filter((i) => i.handelsnamen.length).every((i) => i.handelsnamen_perioden.every((h) => /^\d{4}-\d{2}-\d{2}$/.test(h.ingangsdatum ?? '')))).toBe(true);
    const licences = inst.flatMap((i) => i.vergunningen);
    expect(licences.some((v) => v.einddatum !== null && v.einddatum < PEILDATUM)).toBe(true);
    expect(licences.some((v) => v.producten.some((p) => p.diensten.includes('Optreden als gevolmachtigd agent')))).toBe(true);
    // every service starts with its licence and ends with it, or (some) earlier while the licence goes on
    const perioden = licences.flatMap((v) => v.producten.flatMap((p) => p.perioden!.map((d) => ({ v, d }))));
    expect(perioden.every(({ v, d }) => d.ingangsdatum === v.ingangsdatum && (d.einddatum === v.einddatum || (v.einddatum === null && d.einddatum! < PEILDATUM)))).toBe(true);
    expect(perioden.some(({ v, d }) => v.einddatum === null && d.einddatum !== null)).toBe(true);
    // every licensed institution has an active LEI entity: on its KvK number, or (the share without KvK
    // number in GLEIF) found by the monitor's name + place link
    const licensed = inst.filter((i) => i.kvk_nummer && i.vergunningen.length);
    expect(licensed.length).toBeGreaterThan(0);
    const links = koppel(
      licensed.map((i) => ({ kvk_nummer: i.kvk_nummer!, naam: i.naam, handelsnamen: i.handelsnamen, plaatsen: [i.plaats] })),
      entities.map((e) => ({ id: e.lei, naam: e.naam, kvk_nummer: e.kvk_nummer, plaats: e.plaats, actief: e.status === 'actief' })),
    );
    const actief = new Set(entities.filter((e) => e.status === 'actief').map((e) => e.lei));
    for (const i of licensed) {
      const k = links.perKvk.get(i.kvk_nummer!);
      expect(k && actief.has(k.id), `${i.naam} ${i.kvk_nummer}`).toBe(true);
    }
    expect([...links.perKvk.values()].filter((k) => k.methode === 'naam_plaats').length).toBeGreaterThan(0);
    // some DNB institutions hold an AFM licence under the same KvK number
    const dnbKvk = new Set<string>();
    for (const file of res.bestanden.finregBestanden) for await (const r of parseDnbCsv(file)) if (r.kvk_nummer) dnbKvk.add(r.kvk_nummer);
    expect(licensed.some((i) => dnbKvk.has(i.kvk_nummer!))).toBe(true);
  });
});

describe('determinism', () => {
  it('same seed → identical files, another seed → different files', async () => {
    const dirs = await Promise.all([1, 2, 3].map(() => mkdtemp(path.join(os.tmpdir(), 'gen-det-'))));
    try {
      const opts = { schaal: 0.002, peildatum: '2026-03-31' } as const;
      await generateRegisters({ ...opts, seed: 7, uit: dirs[0] });
      await generateRegisters({ ...opts, seed: 7, uit: dirs[1] });
      await generateRegisters({ ...opts, seed: 8, uit: dirs[2] });
      const m = await Promise.all(dirs.map(async (d) => (await readFile(path.join(d, 'MANIFEST.json'))).toString()));
      expect(m[1]).toBe(m[0]);
      const hashes = (s: string) => (JSON.parse(s) as typeof manifest).bestanden.map((f) => f.sha256);
      const [h0, h2] = [hashes(m[0]), hashes(m[2])];
      for (let i = 0; i < h0.length; i++) expect(h2[i]).not.toBe(h0[i]);
    } finally {
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  }, 30_000);
});
