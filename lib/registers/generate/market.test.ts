// The monthly sample market (market.ts) read back with the REAL parsers: layout and manifest, determinism,
// and between consecutive months the events the distribution monitor must see (takeovers with a
// relationship period starting in the month, exits with end dates, new KvK numbers, moves), plus the
// franchise formulas and purchasing groups without LEI ownership, and no accidental networks.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZipEntry } from '../common/zip';
import { openAfmFile } from '../fsp/afm-file';
import type { FspInstitution } from '../fsp/group';
import { parseAfmXml } from '../fsp/parse';
import { parseLeiXml } from '../lei/parse-xml';
import { parseRrXml } from '../lei/parse-rr';
import type { LeiEntity, LeiRelationship } from '../lei/record';
import { generateRegisters, type GenerateResult } from './index';
import { minMaanden } from '@/lib/kalender';
import { koppel } from '@/lib/monitor/derive/koppeling';
import { monthlyPeildata, nameKey } from './market';

const PEILDATUM = '2026-05-31';
const MAANDEN = 4;
let dir: string;
let res: GenerateResult;
let manifest: {
  peildatum: string;
  aantal_maanden: number;
  markt: { formules: { naam: string; soort: string; leden: number; kifid?: string }[]; consolidatoren: string[] };
  registers: Record<string, { peildatum: string; bestanden: string[] }>;
  maanden: { maand: number; map: string; peildatum: string; bestanden: string[]; aantallen: { fsp: { instellingen: number }; markt: Record<string, number> } }[];
  bestanden: { pad: string }[];
};

interface Month {
  peildatum: string;
  inst: FspInstitution[];
  byKvk: Map<string, FspInstitution>;
  entities: LeiEntity[];
  leiOfKvk: Map<string, string>;
  /** institutions linked on name + place (their LEI record has no KvK number) */
  naamPlaats: number;
  relations: LeiRelationship[];
  /** child LEI → active direct parent */
  direct: Map<string, LeiRelationship>;
  warnings: number;
}
const months: Month[] = [];

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const periodStart = (r: LeiRelationship) => r.perioden.find((p) => p.type === 'RELATIONSHIP_PERIOD')?.start?.slice(0, 10) ?? null;
const advies = (i: FspInstitution) => i.vergunningen.some((v) => v.producten.some((p) => p.diensten.some((d) => /^(adviseren|bemiddelen)$/i.test(d))));
const open = (i: FspInstitution) => i.vergunningen.some((v) => !v.einddatum);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'gen-markt-'));
  res = await generateRegisters({ schaal: 'klein', seed: 42, uit: dir, peildatum: PEILDATUM, maanden: MAANDEN });
  manifest = JSON.parse(await readFile(path.join(dir, 'MANIFEST.json'), 'utf8'));
  for (const m of res.maanden!) {
    const run = parseAfmXml((await openAfmFile(m.fsp)).stream);
    const inst = await collect(run);
    expect(run.stats.afgesloten).toBe(true);
    const entities = await collect(parseLeiXml((await openZipEntry(m.lei)).stream, { gelezen: 0, contentDate: null, recordCount: null }));
    const relations = await collect(parseRrXml((await openZipEntry(m.rr)).stream, { gelezen: 0, contentDate: null }));
    // KvK number → active LEI as the monitor links them: on the KvK number, else a unique name + place (a
    // share of the LEI records carries no KvK number, lei.ts ZONDER_KVK_AANDEEL)
    const actief = new Set(entities.filter((e) => e.status === 'actief').map((e) => e.lei));
    const links = koppel(
      inst.filter((i) => i.kvk_nummer).map((i) => ({ kvk_nummer: i.kvk_nummer!, naam: i.naam, handelsnamen: i.handelsnamen, plaatsen: [i.plaats] })),
      entities.map((e) => ({ id: e.lei, naam: e.naam, kvk_nummer: e.kvk_nummer, plaats: e.plaats, actief: e.status === 'actief' })),
    );
    const leiOfKvk = new Map([...links.perKvk].filter(([, k]) => actief.has(k.id)).map(([kvk, k]) => [kvk, k.id]));
    const direct = new Map(relations.filter((r) => r.status === 'ACTIVE' && r.type === 'IS_DIRECTLY_CONSOLIDATED_BY').map((r) => [r.start_lei, r]));
    months.push({
      peildatum: m.peildatum,
      inst,
      byKvk: new Map(inst.filter((i) => i.kvk_nummer).map((i) => [i.kvk_nummer!, i])),
      entities,
      leiOfKvk,
      naamPlaats: [...links.perKvk.values()].filter((k) => k.methode === 'naam_plaats').length,
      relations,
      direct,
      warnings: run.stats.warnings + run.stats.skipped,
    });
  }
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('calendar', () => {
  it('steps back whole months, clamping the day', () => {
    expect(minMaanden('2026-03-31', 1)).toBe('2026-02-28');
    expect(minMaanden('2024-03-31', 1)).toBe('2024-02-29');
    expect(minMaanden('2026-01-15', 2)).toBe('2025-11-15');
    expect(monthlyPeildata('2026-05-31', 4)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(monthlyPeildata('2026-05-31', 1)).toEqual(['2026-05-31']);
  });
});

describe('monthly market (klein, 4 months)', () => {
  it('lays the months out in maand-NN, charity and finreg once with the first month', async () => {
    expect(manifest.aantal_maanden).toBe(MAANDEN);
    expect(manifest.peildatum).toBe(PEILDATUM);
    expect(manifest.maanden.map((m) => [m.map, m.peildatum])).toEqual(monthlyPeildata(PEILDATUM, MAANDEN).map((p, k) => [`maand-0${k + 1}`, p]));
    for (const m of res.maanden!) {
      expect(path.dirname(path.dirname(m.fsp))).toBe(m.map);
      expect(path.basename(m.lei)).toBe(`${m.peildatum.replace(/-/g, '')}-0800-gleif-goldencopy-lei2-golden-copy.xml.zip`);
    }
    expect(res.bestanden.lei).toBe(res.maanden![MAANDEN - 1].lei);
    expect(path.dirname(res.bestanden.charity)).toBe(path.join(dir, 'charity'));
    expect(res.bestanden.finreg).toBe(path.join(dir, 'finreg'));
    expect(manifest.registers.finreg.peildatum).toBe(months[0].peildatum);
    expect(manifest.registers.charity.peildatum).toBe(months[0].peildatum);
    expect(manifest.bestanden).toHaveLength(1 + 15 + 3 * MAANDEN);
    for (const f of manifest.bestanden) expect((await stat(path.join(dir, f.pad))).size).toBeGreaterThan(0);
  });

  it('every month parses without warnings and matches its counts', () => {
    months.forEach((m, k) => {
      expect(m.warnings).toBe(0);
      expect(m.inst).toHaveLength(manifest.maanden[k].aantallen.fsp.instellingen);
      // every licensed institution's KvK has an active LEI entity (new offices: about half)
      const licensed = m.inst.filter((i) => i.vergunningen.length && i.kvk_nummer);
      expect(licensed.filter((i) => m.leiOfKvk.has(i.kvk_nummer!)).length / licensed.length).toBeGreaterThan(0.95);
      // the name + place path is exercised: part of them only through it
      expect(m.naamPlaats / licensed.length).toBeGreaterThan(0.02);
    });
  });

  it('takeovers: an office without parent gets one, its relationship period starting in that month', () => {
    for (let k = 1; k < months.length; k++) {
      const [prev, cur] = [months[k - 1], months[k]];
      const taken = [...cur.byKvk.keys()].filter((kvk) => {
        const lei = cur.leiOfKvk.get(kvk);
        return lei && !prev.direct.has(lei) && cur.direct.has(lei) && advies(cur.byKvk.get(kvk)!);
      });
      expect(taken.length, `maand ${k + 1}`).toBeGreaterThanOrEqual(3);
      expect(taken.length).toBe(manifest.maanden[k].aantallen.markt.overnames);
      for (const kvk of taken) {
        const lei = cur.leiOfKvk.get(kvk)!;
        const start = periodStart(cur.direct.get(lei)!);
        expect(start! > prev.peildatum && start! <= cur.peildatum, `${kvk} ${start}`).toBe(true);
        // the top is stated too, and the parent is a LEI entity of the file
        const ult = cur.relations.find((r) => r.start_lei === lei && r.type === 'IS_ULTIMATELY_CONSOLIDATED_BY');
        expect(ult && periodStart(ult)).toBe(start);
        // the same records stay in the later months
        for (const later of months.slice(k + 1)) expect(later.direct.get(lei)?.end_lei).toBe(cur.direct.get(lei)!.end_lei);
      }
    }
    // consolidators buy most: some parent takes more than one office over the series
    const last = months[months.length - 1];
    const parents = new Map<string, number>();
    for (const [lei, r] of last.direct) if (!months[0].direct.has(lei)) parents.set(r.end_lei, (parents.get(r.end_lei) ?? 0) + 1);
    expect(Math.max(...parents.values())).toBeGreaterThan(1);
  });

  it('exits: the institution stays, its open licences get an end date in that month', () => {
    for (let k = 1; k < months.length; k++) {
      const [prev, cur] = [months[k - 1], months[k]];
      const ended = [...cur.byKvk.values()].filter((i) => {
        const p = prev.byKvk.get(i.kvk_nummer!);
        return p && advies(p) && open(p) && !open(i);
      });
      expect(ended.length, `maand ${k + 1}`).toBeGreaterThanOrEqual(1);
      for (const i of ended) {
        const ends = i.vergunningen.map((v) => v.einddatum!.slice(0, 10));
        const prevOpen = prev.byKvk.get(i.kvk_nummer!)!.vergunningen.filter((v) => !v.einddatum).map((v) => v.vergunningnummer);
        for (const v of i.vergunningen.filter((x) => prevOpen.includes(x.vergunningnummer))) {
          const e = v.einddatum!.slice(0, 10);
          expect(e > prev.peildatum && e < cur.peildatum, e).toBe(true);
        }
        expect(ends.length).toBeGreaterThan(0);
      }
    }
  });

  it('entries: new KvK numbers with a licence starting in that month, some with a LEI', () => {
    const seen = new Set(months[0].byKvk.keys());
    let withLei = 0;
    for (let k = 1; k < months.length; k++) {
      const [prev, cur] = [months[k - 1], months[k]];
      const fresh = [...cur.byKvk.values()].filter((i) => !prev.byKvk.has(i.kvk_nummer!));
      expect(fresh.length, `maand ${k + 1}`).toBe(manifest.maanden[k].aantallen.markt.nieuw);
      expect(fresh.length).toBeGreaterThanOrEqual(1);
      for (const i of fresh) {
        expect(seen.has(i.kvk_nummer!)).toBe(false);
        expect(advies(i)).toBe(true);
        const start = i.vergunningen[0].ingangsdatum!.slice(0, 10);
        expect(start > prev.peildatum && start <= cur.peildatum).toBe(true);
        if (cur.leiOfKvk.has(i.kvk_nummer!)) withLei++;
      }
      for (const kvk of cur.byKvk.keys()) seen.add(kvk);
      // nobody disappears from the export
      for (const kvk of prev.byKvk.keys()) expect(cur.byKvk.has(kvk)).toBe(true);
    }
    expect(withLei).toBeGreaterThan(0);
  });

  it('moves: the same institution at another postcode and address', () => {
    for (let k = 1; k < months.length; k++) {
      const [prev, cur] = [months[k - 1], months[k]];
      const moved = [...cur.byKvk.values()].filter((i) => {
        const p = prev.byKvk.get(i.kvk_nummer!);
        return p && p.postcode !== i.postcode;
      });
      expect(moved.length, `maand ${k + 1}`).toBe(manifest.maanden[k].aantallen.markt.verhuisd);
      expect(moved.length).toBeGreaterThanOrEqual(1);
      for (const i of moved) {
        const p = prev.byKvk.get(i.kvk_nummer!)!;
        expect(i.adres).not.toBe(p.adres);
        expect([i.naam, i.id, i.plaats]).toEqual([p.naam, p.id, p.plaats]);
      }
    }
  });

  it('formulas: ≥ 3 KvK numbers, no LEI ownership; purchasing groups leave no trace in the AFM file; no accidental networks', () => {
    const last = months[months.length - 1];
    const parented = (kvk: string) => {
      const lei = last.leiOfKvk.get(kvk);
      return !!lei && last.relations.some((r) => r.start_lei === lei && r.status === 'ACTIVE');
    };
    const formules = manifest.markt.formules.filter((f) => f.soort === 'formule');
    const groepen = manifest.markt.formules.filter((f) => f.soort === 'inkoopgroep');
    expect(formules.length).toBeGreaterThanOrEqual(3);
    expect(groepen.length).toBeGreaterThanOrEqual(1);
    const byName = new Map<string, Set<string>>();
    for (const i of last.inst.filter((x) => x.kvk_nummer && x.vergunningen.length)) {
      for (const h of new Set([i.naam, ...i.handelsnamen].map(nameKey))) (byName.get(h) ?? byName.set(h, new Set()).get(h)!).add(i.kvk_nummer!);
    }
    // the real export carries no complaints-institute membership: a purchasing group's shared Kifid number is not in the file
    expect(last.inst.every((i) => i.klachteninstituut === null && i.beleidsbepalers === null && i.ep === null)).toBe(true);
    for (const f of formules) {
      const kvks = byName.get(nameKey(f.naam))!;
      expect(kvks.size, f.naam).toBeGreaterThanOrEqual(3);
      for (const kvk of kvks) expect(parented(kvk), `${f.naam} ${kvk}`).toBe(false);
    }
    // apart from them, a shared name means the same group (a chain's offices), never unrelated offices
    const formuleKeys = new Set(formules.map((f) => nameKey(f.naam)));
    const topOf = (kvk: string) => {
      let lei = last.leiOfKvk.get(kvk);
      for (let n = 0; lei && last.direct.has(lei) && n < 10; n++) lei = last.direct.get(lei)!.end_lei;
      return lei ?? kvk;
    };
    const accidental = [
      ...[...byName].filter(([k, s]) => !formuleKeys.has(k) && new Set([...s].map(topOf)).size > 1),
    ];
    expect(accidental).toEqual([]);
  });
});

describe('determinism of the market', () => {
  it('same options → identical files; another number of months → another series', async () => {
    const dirs = await Promise.all([1, 2, 3].map(() => mkdtemp(path.join(os.tmpdir(), 'gen-markt-det-'))));
    try {
      const opts = { schaal: 0.002, seed: 7, peildatum: '2026-03-31' } as const;
      await generateRegisters({ ...opts, maanden: 3, uit: dirs[0] });
      await generateRegisters({ ...opts, maanden: 3, uit: dirs[1] });
      await generateRegisters({ ...opts, maanden: 2, uit: dirs[2] });
      const m = await Promise.all(dirs.map(async (d) => (await readFile(path.join(d, 'MANIFEST.json'))).toString()));
      expect(m[1]).toBe(m[0]);
      expect(m[2]).not.toBe(m[0]);
      // a run of one month with the single layout after a market run leaves no month directories behind
      await generateRegisters({ ...opts, uit: dirs[0] });
      await expect(stat(path.join(dirs[0], 'maand-01'))).rejects.toThrow();
    } finally {
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  }, 60_000);
});
