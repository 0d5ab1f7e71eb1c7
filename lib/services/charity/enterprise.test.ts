// The enterprise layer of GET /v1/charity/instellingen through its route handler on a fresh PGlite
// directory with the ANBI sample imported: waar on every field (including status and cultuur, derived
// against the peildatum 2026-11-17 in SQL), velden, sorteer, paging, CSV output, the OpenAPI text, and
// the invalid-value conformance table for this operation.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { buildOpenApi } from '@/lib/api/openapi';
import { useTestDatabase } from '@/test/db/test-database';
import { invalidCases } from '@/test/conformance/invalid-values';
import { importCharity } from '@/lib/registers/charity/import';
import { charityInstellingenVelden } from '@/lib/registers/charity/query';
import { parseSorteer, parseVelden, parseWaar } from '@/lib/registers/query-language';
import { charityInstellingen } from './instellingen';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ZIP = path.join(root, 'test/fixtures/registers/anbi/anbi-sample.zip');
const SLOW = 120_000;

interface I {
  id: string;
  rsin: string | null;
  naam: string;
  alias: string | null;
  plaats: string | null;
  status: 'geldig' | 'beëindigd';
  cultuur: boolean;
  ingangsdatum: string | null;
  intrekkingsdatum: string | null;
}

const groep = (id: string, naam: string): I => ({
  id, rsin: null, naam, alias: null, plaats: null, status: 'geldig', cultuur: false, ingangsdatum: '2008-01-01', intrekkingsdatum: null,
});

// The sample (peildatum 2026-11-17) as the list must show it. Boundaries: 816543210 is withdrawn ON the
// peildatum (still geldig), 810000123 the day before (beëindigd); 007654321's culture status ended in
// 2020, 816543210's runs to 2030; 100238 has an unreadable start date (2019-02-31 → empty).
const INSTELLINGEN: I[] = [
  groep('900001', 'Staat der Nederlanden'),
  groep('900002', 'Gemeenten'),
  groep('900003', 'Provincies'),
  groep('900004', 'Waterschappen'),
  groep('900005', 'Kerkgenootschappen en hun onderdelen'),
  {
    id: '012345678', rsin: '012345678', naam: 'Stichting Vrienden van Café De Zwaluw', alias: 'De Zwaluw', plaats: 'Utrecht',
    status: 'geldig', cultuur: true, ingangsdatum: '2012-01-01', intrekkingsdatum: null,
  },
  {
    id: '823456789', rsin: '823456789', naam: 'Stichting Oud Speelgoed Noord', alias: null, plaats: 'Groningen',
    status: 'beëindigd', cultuur: false, ingangsdatum: '2009-05-01', intrekkingsdatum: '2021-12-31',
  },
  {
    id: '007654321', rsin: '007654321', naam: 'Vereniging Vrienden van het Sociëteitshuis', alias: null, plaats: "'s-Hertogenbosch",
    status: 'geldig', cultuur: false, ingangsdatum: '2014-03-01', intrekkingsdatum: null,
  },
  {
    id: '816543210', rsin: '816543210', naam: 'Fonds Kunst & Ambacht één', alias: 'K&A', plaats: 'Den Haag',
    status: 'geldig', cultuur: true, ingangsdatum: '2015-03-01', intrekkingsdatum: '2026-11-17',
  },
  {
    id: '100238', rsin: null, naam: 'Stichting Onleesbaar Fiscaal Nummer', alias: null, plaats: null,
    status: 'geldig', cultuur: false, ingangsdatum: null, intrekkingsdatum: null,
  },
  {
    id: '810000123', rsin: '810000123', naam: 'Stichting Toekomstmuziek', alias: null, plaats: 'Zwolle',
    status: 'beëindigd', cultuur: false, ingangsdatum: '2020-01-01', intrekkingsdatum: '2026-11-16',
  },
];

async function get(url: string, headers: Record<string, string> = {}) {
  return route(charityInstellingen).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({}) });
}

type Data = { totaal: number; volgende: string | null; instellingen: Record<string, any>[] };

async function list(query: string) {
  const res = await get(`/v1/charity/instellingen?${query}`);
  const body = (await res.json()) as Record<string, any>;
  return { status: res.status, body, data: body.data as Data };
}

const ids = (r: { data: Data }) => r.data.instellingen.map((i) => i.id as string);
const w = (s: string) => `waar=${encodeURIComponent(s)}`;
const gesorteerd = (xs: string[]) => [...xs].sort();
/** Expected order of a sort on (key asc, nulls last) with the id tiebreaker ascending. */
function volgorde(key: (i: I) => string | null, desc = false): string[] {
  return [...INSTELLINGEN]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) {
        if (ka === null) return 1;
        if (kb === null) return -1;
        return (ka < kb ? -1 : 1) * (desc ? -1 : 1);
      }
      return a.id < b.id ? -1 : 1;
    })
    .map((i) => i.id);
}

describe('charity instellingen: waar, velden, sorteer and CSV', () => {
  useTestDatabase('pglite', 'nlods-charity-ent-');

  beforeAll(async () => {
    const r = await importCharity({ file: ZIP });
    expect(r.aantallen).toMatchObject({ totaal: INSTELLINGEN.length, geldig: 9, cultuur: 2 });
  }, SLOW);

  it('lists every decision with the dates, by default sorted on naam, id', async () => {
    const r = await list('rijen=500');
    expect(r.status).toBe(200);
    expect(r.data.totaal).toBe(INSTELLINGEN.length);
    expect([...r.data.instellingen].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([...INSTELLINGEN].sort((a, b) => (a.id < b.id ? -1 : 1)));
    for (const i of r.data.instellingen) expect(Object.keys(i)).toEqual(charityInstellingenVelden.selecteerbaar);
    // The default order is the historical naam, id; sorteer=naam gives the same (database collation).
    const byNaam = ids(await list('rijen=500&sorteer=naam'));
    expect(ids(r)).toEqual(byNaam);
    expect(ids(r).slice(0, 2)).toEqual(['816543210', '900002']); // Fonds …, Gemeenten
  });

  describe('waar on each field', () => {
    it.each([
      ["plaats eq 'Utrecht' and cultuur eq 'ja'", (i: I) => i.plaats === 'Utrecht' && i.cultuur],
      ["plaats ne 'Utrecht'", (i: I) => i.plaats !== 'Utrecht'],
      ["plaats in ('Zwolle','Den Haag')", (i: I) => i.plaats === 'Zwolle' || i.plaats === 'Den Haag'],
      ["status eq 'beëindigd'", (i: I) => i.status === 'beëindigd'],
      ["status eq 'geldig'", (i: I) => i.status === 'geldig'],
      ["status in ('geldig','beëindigd')", () => true],
      ["not (status eq 'geldig')", (i: I) => i.status !== 'geldig'],
      ["status eq 'geldig' and intrekkingsdatum ne null", (i: I) => i.status === 'geldig' && i.intrekkingsdatum !== null],
      ["cultuur eq 'ja'", (i: I) => i.cultuur],
      ["cultuur eq 'nee'", (i: I) => !i.cultuur],
      ['cultuur ne true', (i: I) => !i.cultuur],
      ["cultuur eq 'ja' and status eq 'geldig' and intrekkingsdatum eq 2026-11-17", (i: I) => i.id === '816543210'],
      ["rsin eq '012345678'", (i: I) => i.rsin === '012345678'],
      ["rsin in ('012345678','007654321','999999999')", (i: I) => ['012345678', '007654321'].includes(i.rsin ?? '')],
      ["startswith(rsin,'8')", (i: I) => (i.rsin ?? '').startsWith('8')],
      ['rsin eq null', (i: I) => i.rsin === null],
      ["id eq '900003'", (i: I) => i.id === '900003'],
      ["contains(naam,'STICHTING') and status ne 'beëindigd'", (i: I) => /stichting/i.test(i.naam) && i.status !== 'beëindigd'],
      ["contains(alias,'&')", (i: I) => (i.alias ?? '').includes('&')],
      ['alias ne null', (i: I) => i.alias !== null],
      ['ingangsdatum ge 2015-01-01', (i: I) => i.ingangsdatum !== null && i.ingangsdatum >= '2015-01-01'],
      ["ingangsdatum lt '2009-01-01'", (i: I) => i.ingangsdatum !== null && i.ingangsdatum < '2009-01-01'],
      ['ingangsdatum eq null', (i: I) => i.ingangsdatum === null],
      ['intrekkingsdatum le 2026-11-16', (i: I) => i.intrekkingsdatum !== null && i.intrekkingsdatum <= '2026-11-16'],
      ['intrekkingsdatum in (2021-12-31, 2026-11-17)', (i: I) => ['2021-12-31', '2026-11-17'].includes(i.intrekkingsdatum ?? '')],
      ['intrekkingsdatum gt 2026-11-17', () => false],
    ] as const)('%s', async (expr, pred) => {
      const r = await list(`rijen=500&${w(expr)}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const verwacht = INSTELLINGEN.filter(pred).map((i) => i.id);
      expect(r.data.totaal).toBe(verwacht.length);
      expect(gesorteerd(ids(r))).toEqual(gesorteerd(verwacht));
    });

    it('derives status and cultuur in SQL exactly as the items show them', async () => {
      for (const [expr, veld, waarde] of [
        ["status eq 'geldig'", 'status', 'geldig'],
        ["status eq 'beëindigd'", 'status', 'beëindigd'],
        ["cultuur eq 'ja'", 'cultuur', true],
        ["cultuur eq 'nee'", 'cultuur', false],
      ] as const) {
        const r = await list(`rijen=500&${w(expr)}`);
        expect(r.data.instellingen.length).toBeGreaterThan(0);
        for (const i of r.data.instellingen) expect(i[veld]).toBe(waarde);
      }
    });

    it('is ANDed with the ordinary filters, which use the same derivation', async () => {
      const r = await list(`status=geldig&cultuur=nee&${w("contains(naam,'stichting')")}`);
      expect(gesorteerd(ids(r))).toEqual(['100238']);
      const b = await list(`status=${encodeURIComponent('beëindigd')}&${w("plaats eq 'Zwolle'")}`);
      expect(ids(b)).toEqual(['810000123']);
      expect((await list(`cultuur=ja&${w("cultuur eq 'nee'")}`)).data.totaal).toBe(0);
      expect((await list(`q=zwaluw&${w("cultuur eq 'ja'")}`)).data.totaal).toBe(1);
    });

    it('answers an unknown field with a 400 naming the allowed fields', async () => {
      const r = await list(w("plaatss eq 'Utrecht'"));
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('invalid_parameter');
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'waar', in: 'query' });
      const reason = r.body.invalid_params[0].reason as string;
      expect(reason).toContain("'plaatss'");
      expect(reason).toContain('toegestaan');
      for (const veld of ['id', 'rsin', 'naam', 'alias', 'plaats', 'status', 'cultuur', 'ingangsdatum', 'intrekkingsdatum']) {
        expect(reason).toContain(veld);
      }
      // Internal columns are no fields.
      for (const intern of ['zoeknaam', 'plaats_key', 'ruw', 'peildatum', 'import_id']) {
        const x = await list(w(`${intern} ne null`));
        expect(x.status).toBe(400);
        expect(x.body.invalid_params[0].reason).toContain(`'${intern}'`);
      }
    });

    it.each([
      ["cultuur gt 'ja'", ['eq', 'ne']],
      ["status gt 'geldig'", ['eq', 'ne', 'in']],
      ["contains(status,'geld')", ['eq', 'ne', 'in']],
      ["contains(ingangsdatum,'2015')", ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in']],
      ["cultuur in ('ja')", ['eq', 'ne']],
      ["plaats lijkt 'Utrecht'", ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in']],
    ] as const)('400 naming the allowed operators for %j', async (expr, ops) => {
      const r = await list(w(expr));
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('invalid_parameter');
      const reason = r.body.invalid_params[0].reason as string;
      for (const op of ops) expect(reason).toMatch(new RegExp(`\\b${op}\\b`));
    });

    it.each([
      ["status eq 'actief'", ["'geldig'", "'beëindigd'"]],
      ['cultuur eq ja', ["'ja'", "'nee'"]],
      ["cultuur eq 'misschien'", ["'ja'", "'nee'"]],
      ['ingangsdatum ge 2015-13-01', []],
      ["ingangsdatum eq 'gisteren'", []],
      ["(plaats eq 'Utrecht'", []],
      ['', []],
    ] as const)('400 for the value or syntax of %j', async (expr, genoemd) => {
      const r = await list(w(expr));
      expect(r.status).toBe(400);
      expect(r.body.invalid_params.map((p: { name: string }) => p.name)).toContain('waar');
      for (const g of genoemd) expect(r.body.invalid_params[0].reason).toContain(g);
    });

    it('keeps SQL in values as data', async () => {
      expect((await list(w("naam eq 'x'' OR ''1''=''1'"))).data.totaal).toBe(0);
      expect((await list(w("contains(naam,'%')"))).data.totaal).toBe(0);
      expect((await list(w("naam eq 'x'; DROP TABLE anbi_beschikking"))).status).toBe(400);
      expect((await list('rijen=500')).data.totaal).toBe(INSTELLINGEN.length);
    });
  });

  describe('velden', () => {
    it('picks fields in the given order, id always first', async () => {
      const r = await list('velden=naam,rsin');
      expect(r.status).toBe(200);
      for (const i of r.data.instellingen) expect(Object.keys(i)).toEqual(['id', 'naam', 'rsin']);
      const zwaluw = (await list('velden=intrekkingsdatum,id,status,cultuur&rsin=012345678')).data.instellingen;
      expect(zwaluw).toEqual([{ id: '012345678', intrekkingsdatum: null, status: 'geldig', cultuur: true }]);
    });

    it.each(['naam,onbekend', 'naam;rsin', 'zoeknaam', 'ruw', 'plaats_key', 'naam,(select 1)'])('400 for velden=%j', async (v) => {
      const r = await list(`velden=${encodeURIComponent(v)}`);
      expect(r.status).toBe(400);
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'velden' });
      expect(r.body.invalid_params[0].reason).toContain('intrekkingsdatum');
    });
  });

  describe('sorteer', () => {
    it('-naam reverses the default order', async () => {
      const asc = ids(await list('rijen=500'));
      const desc = await list('rijen=500&sorteer=-naam');
      expect(desc.status).toBe(200);
      expect(ids(desc)).toEqual([...asc].reverse());
    });

    it('-ingangsdatum,naam: newest first, equal dates by naam, empty dates last', async () => {
      const r = await list('rijen=500&sorteer=-ingangsdatum,naam&velden=ingangsdatum,naam');
      expect(r.data.instellingen.map((i) => i.ingangsdatum)).toEqual([
        '2020-01-01', '2015-03-01', '2014-03-01', '2012-01-01', '2009-05-01', ...Array(5).fill('2008-01-01'), null,
      ]);
      // The five group decisions share 2008-01-01 and are ordered by naam; the same as their naam order alone.
      const groepen = r.data.instellingen.filter((i) => i.ingangsdatum === '2008-01-01').map((i) => i.id);
      expect(groepen).toEqual(ids(await list(`rijen=500&sorteer=naam&${w('ingangsdatum eq 2008-01-01')}`)));
      expect(gesorteerd(groepen)).toEqual(['900001', '900002', '900003', '900004', '900005']);
    });

    it('ties fall back to the id, ascending, in both directions', async () => {
      expect(ids(await list('rijen=500&sorteer=ingangsdatum'))).toEqual(volgorde((i) => i.ingangsdatum));
      expect(ids(await list('rijen=500&sorteer=-intrekkingsdatum'))).toEqual(volgorde((i) => i.intrekkingsdatum, true));
      expect(ids(await list('rijen=500&sorteer=rsin'))).toEqual(volgorde((i) => i.rsin));
      expect(ids(await list('rijen=500&sorteer=-id'))).toEqual(INSTELLINGEN.map((i) => i.id).sort().reverse());
    });

    it('sorts on the derived status and cultuur', async () => {
      // 'beëindigd' < 'geldig' in every collation; false < true.
      expect(ids(await list('rijen=500&sorteer=status'))).toEqual(volgorde((i) => i.status));
      expect(ids(await list('rijen=500&sorteer=-cultuur,status'))).toEqual(
        [...INSTELLINGEN]
          .sort((a, b) => Number(b.cultuur) - Number(a.cultuur) || a.status.localeCompare(b.status) || (a.id < b.id ? -1 : 1))
          .map((i) => i.id),
      );
    });

    it.each(['naam,-naam2', 'naam; DROP TABLE anbi_beschikking', '-', 'a,b,c,d', 'naam desc', 'zoeknaam'])('400 for sorteer=%j', async (s) => {
      const r = await list(`sorteer=${encodeURIComponent(s)}`);
      expect(r.status).toBe(400);
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'sorteer' });
    });
  });

  it('pages with waar, velden and sorteer; volgende keeps them all', async () => {
    const expr = "status eq 'geldig' and ingangsdatum ne null";
    const verwacht = INSTELLINGEN.filter((i) => i.status === 'geldig' && i.ingangsdatum !== null);
    expect(verwacht).toHaveLength(8);
    const seen: string[] = [];
    let url: string | null = `/v1/charity/instellingen?${w(expr)}&velden=naam,ingangsdatum&sorteer=-ingangsdatum,naam&rijen=3`;
    let pages = 0;
    while (url) {
      const res = await get(url);
      const body = (await res.json()) as Record<string, any>;
      expect(res.status).toBe(200);
      expect(body.data.totaal).toBe(8);
      for (const i of body.data.instellingen) expect(Object.keys(i)).toEqual(['id', 'naam', 'ingangsdatum']);
      seen.push(...body.data.instellingen.map((i: { id: string }) => i.id));
      url = body.data.volgende;
      if (url) {
        const p = new URL(url, 'http://localhost').searchParams;
        expect(p.get('waar')).toBe(expr);
        expect(p.get('velden')).toBe('naam,ingangsdatum');
        expect(p.get('sorteer')).toBe('-ingangsdatum,naam');
        expect(p.get('start')).toBe(String(3 * (pages + 1)));
      }
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.slice(0, 4)).toEqual(['816543210', '007654321', '012345678', '900002']); // 2015, 2014, 2012, then Gemeenten (2008)
    expect(gesorteerd(seen)).toEqual(gesorteerd(verwacht.map((i) => i.id)));
    expect(ids(await list(`rijen=500&${w(expr)}&sorteer=-ingangsdatum,naam`))).toEqual(seen);
  });

  describe('CSV output', () => {
    async function csv(url: string, headers: Record<string, string> = {}) {
      const res = await get(url, headers);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      return { res, bytes, text, lines: text.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1) };
    }

    it('formaat=csv gives UTF-8 with BOM, a header with every field, one row per decision', async () => {
      const { res, bytes, text, lines } = await csv('/v1/charity/instellingen?formaat=csv&rijen=500');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      // The peildatum of the register is in the file name and a header (the CSV has no envelope: lib/api/csv.ts csvHerkomst).
      expect(res.headers.get('content-disposition')).toMatch(/charity-instellingen-0_peildatum-\d{4}-\d{2}-\d{2}\.csv/);
      expect(res.headers.get('x-peildatum')).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(res.headers.get('x-bronnen')).toMatch(/; attributie\*?=/);
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(lines[0]).toBe('id,rsin,naam,alias,plaats,status,cultuur,ingangsdatum,intrekkingsdatum');
      expect(lines).toHaveLength(INSTELLINGEN.length + 1);
      expect(lines).toContain('816543210,816543210,Fonds Kunst & Ambacht één,K&A,Den Haag,geldig,true,2015-03-01,2026-11-17');
      expect(lines).toContain("007654321,007654321,Vereniging Vrienden van het Sociëteitshuis,,'s-Hertogenbosch,geldig,false,2014-03-01,");
      expect(lines).toContain('810000123,810000123,Stichting Toekomstmuziek,,Zwolle,beëindigd,false,2020-01-01,2026-11-16');
      expect(lines).toContain('100238,,Stichting Onleesbaar Fiscaal Nummer,,,geldig,false,,');
    });

    it('Accept: text/csv follows velden order, waar, sorteer and paging', async () => {
      const q = `velden=plaats,naam&${w("status eq 'geldig' and plaats ne null")}&sorteer=-plaats&rijen=2&start=1`;
      const { res, lines } = await csv(`/v1/charity/instellingen?${q}`, { accept: 'text/csv' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(lines[0]).toBe('id,plaats,naam');
      const json = await list(q);
      expect(json.data.totaal).toBe(3); // Utrecht, Den Haag, 's-Hertogenbosch
      // The order of 's-Hertogenbosch among the others depends on the collation: compare with the JSON page.
      expect(json.data.instellingen.map((i) => `${i.id},${i.plaats},${i.naam}`)).toEqual(lines.slice(1));
      expect(lines).toHaveLength(3);
    });

    it('gives only the header row for an empty page', async () => {
      const { res, lines } = await csv(`/v1/charity/instellingen?formaat=csv&velden=rsin,naam&${w("plaats eq 'Nergens'")}`);
      expect(res.status).toBe(200);
      expect(lines).toEqual(['id,rsin,naam']);
    });

    it('formaat=json wins over Accept: text/csv; errors stay problem+json', async () => {
      const res = await get('/v1/charity/instellingen?formaat=json', { accept: 'text/csv' });
      expect(res.headers.get('content-type')).toContain('application/json');
      for (const url of ['/v1/charity/instellingen?formaat=xml', `/v1/charity/instellingen?formaat=csv&${w('onbekend eq 1')}`]) {
        const bad = await get(url, { accept: 'text/csv' });
        expect(bad.status).toBe(400);
        expect(bad.headers.get('content-type')).toContain('application/problem+json');
      }
    });
  });

  describe('OpenAPI and conformance', () => {
    const doc = buildOpenApi([charityInstellingen]) as any;
    const op = doc.paths['/charity/instellingen'].get;
    const param = (naam: string) => op.parameters.find((p: { name: string }) => p.name === naam);

    it('declares waar, velden, sorteer and formaat with this operation’s fields and examples', () => {
      expect(param('waar').description).toContain('intrekkingsdatum (datum (JJJJ-MM-DD)');
      expect(param('waar').description).toContain("cultuur (ja/nee ('ja' of 'nee'): eq, ne)");
      expect(param('velden').description).toContain('id, rsin, naam, alias, plaats, status, cultuur, ingangsdatum, intrekkingsdatum');
      expect(param('sorteer').description).toContain('ingangsdatum, intrekkingsdatum');
      expect(param('formaat').schema.enum).toEqual(['json', 'csv']);
      for (const n of ['waar', 'velden', 'sorteer']) expect(param(n).schema.examples.length).toBeGreaterThan(0);
      expect(() => parseWaar(param('waar').schema.examples[0], charityInstellingenVelden)).not.toThrow();
      expect(() => parseVelden(param('velden').schema.examples[0], charityInstellingenVelden)).not.toThrow();
      expect(() => parseSorteer(param('sorteer').schema.examples[0], charityInstellingenVelden)).not.toThrow();
      // The description's own examples parse too.
      expect(op.description).toContain("waar=plaats eq 'Utrecht' and cultuur eq 'ja' and ingangsdatum ge 2015-01-01");
      expect(() => parseWaar("plaats eq 'Utrecht' and cultuur eq 'ja' and ingangsdatum ge 2015-01-01", charityInstellingenVelden)).not.toThrow();
      expect(() => parseSorteer('-ingangsdatum,naam', charityInstellingenVelden)).not.toThrow();
      expect(() => parseVelden('naam,rsin', charityInstellingenVelden)).not.toThrow();
    });

    it('the examples give a 200', async () => {
      const q = ['waar', 'velden', 'sorteer'].map((n) => `${n}=${encodeURIComponent(param(n).schema.examples[0])}`).join('&');
      expect((await list(q)).status).toBe(200);
    });

    it('every invalid-value case of the conformance table answers 400 naming its parameter', async () => {
      const cases = invalidCases(doc);
      for (const n of ['waar', 'velden', 'sorteer', 'formaat', 'rijen', 'status']) expect(cases.some((c) => c.param === n)).toBe(true);
      const failures: string[] = [];
      for (const c of cases) {
        const res = await get(c.url);
        const body = (await res.json()) as Record<string, any>;
        const named = (body.invalid_params ?? []).some((p: { name: string }) => p.name === c.param);
        if (res.status !== 400 || body.errorCode !== 'invalid_parameter' || !named) failures.push(`${c.url} (${c.param}: ${c.why}) -> ${res.status}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
