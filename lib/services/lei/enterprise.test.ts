// The enterprise layer of GET /v1/lei/entiteiten through its route handler on a fresh PGlite directory
// with a small generated GLEIF export: waar on every field type, velden, sorteer, combined with q and
// paging, CSV output (formaat=csv and Accept: text/csv), and injection attempts (400 or data, never SQL).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { useTestDatabase } from '@/test/db/test-database';
import { importLei } from '@/lib/registers/lei/import';
import { leiEntiteitenVelden } from '@/lib/registers/lei/query';
import { leiEntiteiten } from './entiteiten';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const HEADER_CSV = path.join(root, 'test/fixtures/registers/gleif/ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv');
const SLOW = 120_000;

interface E {
  naam: string;
  plaats: string;
  postcode: string;
  kvk: string | null;
  actief: boolean;
  reg: string | null;
}

const ENTITEITEN: E[] = [
  { naam: 'Alfa Bank N.V.', plaats: 'Amsterdam', postcode: '1011AA', kvk: '10000001', actief: true, reg: '2015-03-01' },
  { naam: 'Bèta Beheer B.V.', plaats: 'Utrecht', postcode: '3511AB', kvk: '10000002', actief: true, reg: '2018-06-15' },
  { naam: 'Gamma, "Holding" B.V.', plaats: 'Rotterdam', postcode: '3011AC', kvk: null, actief: true, reg: '2020-01-31' },
  { naam: '=HYPERLINK("http://evil","x")', plaats: 'Utrecht', postcode: '3512AD', kvk: '10000004', actief: false, reg: '2010-07-01' },
  { naam: "O'Brien Finance B.V.", plaats: 'Den Haag', postcode: '2511AE', kvk: '10000005', actief: true, reg: '2021-11-11' },
  { naam: '+31 Telecom B.V.', plaats: 'Utrecht', postcode: '3513AF', kvk: '10000006', actief: true, reg: '2019-02-02' },
  { naam: '@Home Stichting', plaats: 'Amsterdam', postcode: '1012AG', kvk: '10000007', actief: false, reg: '2012-12-12' },
  { naam: 'Delta Bank; Amsterdam B.V.', plaats: 'Amsterdam', postcode: '1013AH', kvk: '10000008', actief: true, reg: '2023-05-05' },
  { naam: '-Min B.V.', plaats: 'Groningen', postcode: '9711AJ', kvk: null, actief: true, reg: null },
  { naam: 'Zeta Bank B.V.', plaats: 'Utrecht', postcode: '3514AK', kvk: '10000010', actief: true, reg: '2016-04-04' },
  { naam: "Robert'); DROP TABLE lei_entiteit;--", plaats: 'Utrecht', postcode: '3515AL', kvk: '10000011', actief: true, reg: '2017-08-08' },
];
const lei = (i: number) => `7245ENT${String(i).padStart(11, '0')}Z${i % 10}`.slice(0, 20);

function csvVeld(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function writeExport(dir: string): string {
  const header = fs.readFileSync(HEADER_CSV, 'utf8').split('\n')[0].trim().split(',');
  const idx = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`kolom ${name} ontbreekt`);
    return i;
  };
  const lines = [header.join(',')];
  ENTITEITEN.forEach((e, i) => {
    const row = new Array<string>(header.length).fill('');
    row[idx('LEI')] = lei(i);
    row[idx('Entity.LegalName')] = csvVeld(e.naam);
    row[idx('Entity.LegalAddress.City')] = e.plaats;
    row[idx('Entity.LegalAddress.PostalCode')] = e.postcode;
    row[idx('Entity.LegalAddress.Country')] = 'NL';
    if (e.kvk) {
      row[idx('Entity.RegistrationAuthority.RegistrationAuthorityID')] = 'RA000463';
      row[idx('Entity.RegistrationAuthority.RegistrationAuthorityEntityID')] = e.kvk;
    }
    row[idx('Entity.EntityStatus')] = e.actief ? 'ACTIVE' : 'INACTIVE';
    if (e.reg) row[idx('Registration.InitialRegistrationDate')] = `${e.reg}T10:00:00.000Z`;
    row[idx('Registration.LastUpdateDate')] = '2026-01-01T00:00:00.000Z ';
    row[idx('Registration.RegistrationStatus')] = 'ISSUED';
    lines.push(row.join(','));
  });
  const file = path.join(dir, '20261101-0800-gleif-goldencopy-lei2-golden-copy.csv');
  fs.writeFileSync(file, lines.join('\r\n') + '\r\n');
  return file;
}

async function get(url: string, headers: Record<string, string> = {}) {
  return route(leiEntiteiten).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({}) });
}

async function list(query: string) {
  const res = await get(`/v1/lei/entiteiten?${query}`);
  const body = (await res.json()) as Record<string, any>;
  return { status: res.status, body, data: body.data as { totaal: number; volgende: string | null; entiteiten: Record<string, any>[] } };
}

const namen = (r: { data: { entiteiten: Record<string, any>[] } }) => r.data.entiteiten.map((e) => e.naam as string);
const w = (s: string) => `waar=${encodeURIComponent(s)}`;
const sorteerNaam = (xs: string[]) => [...xs].sort();

describe('LEI entiteiten: waar, velden, sorteer and CSV', () => {
  const db = useTestDatabase('pglite', 'nlods-lei-ent-');

  beforeAll(async () => {
    const r = await importLei({ file: writeExport(db.dir()) });
    expect(r.aantallen).toMatchObject({ entiteiten: ENTITEITEN.length });
  }, SLOW);

  it('lists everything with the new fields, by default sorted on naam', async () => {
    const r = await list('rijen=500');
    expect(r.status).toBe(200);
    expect(r.data.totaal).toBe(ENTITEITEN.length);
    const alfa = r.data.entiteiten.find((e) => e.naam === 'Alfa Bank N.V.');
    expect(alfa).toEqual({
      lei: lei(0),
      naam: 'Alfa Bank N.V.',
      kvk_nummer: '10000001',
      plaats: 'Amsterdam',
      status: 'actief',
      registratie_status: 'ISSUED',
      rechtsvorm: null,
      land: 'NL',
      postcode: '1011AA',
      registratiedatum: '2015-03-01',
      laatste_update: '2026-01-01',
    });
    // Same order as the database's collation; the default is naam, lei.
    const byNaam = (await list(`rijen=500&sorteer=naam`)).data.entiteiten.map((e) => e.lei);
    expect(r.data.entiteiten.map((e) => e.lei)).toEqual(byNaam);
  });

  describe('waar on each type', () => {
    it.each([
      ["plaats eq 'Utrecht'", (e: E) => e.plaats === 'Utrecht'],
      ["plaats ne 'Utrecht'", (e: E) => e.plaats !== 'Utrecht'],
      ["plaats in ('Amsterdam','Groningen')", (e: E) => ['Amsterdam', 'Groningen'].includes(e.plaats)],
      ["contains(naam,'BANK')", (e: E) => /bank/i.test(e.naam)],
      ["startswith(naam,'o''brien')", (e: E) => e.naam.startsWith("O'Brien")],
      ["naam eq 'O''Brien Finance B.V.'", (e: E) => e.naam === "O'Brien Finance B.V."],
      ["postcode ge '3000' and postcode lt '4000'", (e: E) => e.postcode >= '3000' && e.postcode < '4000'],
      ["status eq 'inactief'", (e: E) => !e.actief],
      ["status in ('actief')", (e: E) => e.actief],
      ['registratiedatum ge 2019-01-01', (e: E) => e.reg !== null && e.reg >= '2019-01-01'],
      ["registratiedatum eq '2020-01-31'", (e: E) => e.reg === '2020-01-31'],
      ['registratiedatum lt 2015-03-01', (e: E) => e.reg !== null && e.reg < '2015-03-01'],
      ['registratiedatum eq null', (e: E) => e.reg === null],
      ['kvk_nummer eq null', (e: E) => e.kvk === null],
      ["kvk_nummer ne null and not (plaats eq 'Utrecht' or plaats eq 'Amsterdam')", (e: E) => e.kvk !== null && !['Utrecht', 'Amsterdam'].includes(e.plaats)],
      ["land eq 'NL'", () => true],
      ['laatste_update eq 2026-01-01', () => true],
      ["registratie_status eq 'LAPSED'", () => false],
    ] as const)('%s', async (expr, pred) => {
      const r = await list(`rijen=500&${w(expr)}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const verwacht = ENTITEITEN.filter(pred).map((e) => e.naam);
      expect(r.data.totaal).toBe(verwacht.length);
      expect(sorteerNaam(namen(r))).toEqual(sorteerNaam(verwacht));
    });

    it('is ANDed with the ordinary filters', async () => {
      const r = await list(`status=actief&plaats=utrecht&${w("contains(naam,'b.v.')")}`);
      const verwacht = ENTITEITEN.filter((e) => e.actief && e.plaats === 'Utrecht' && /b\.v\./i.test(e.naam));
      expect(r.data.totaal).toBe(verwacht.length);
      expect(sorteerNaam(namen(r))).toEqual(sorteerNaam(verwacht.map((e) => e.naam)));
    });

    it('answers an unknown field with a 400 naming the allowed fields', async () => {
      const r = await list(w("plaatss eq 'Utrecht'"));
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('invalid_parameter');
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'waar', in: 'query' });
      const reason = r.body.invalid_params[0].reason as string;
      expect(reason).toContain("'plaatss'");
      expect(reason).toContain('toegestaan');
      for (const veld of leiEntiteitenVelden.filterbaar) expect(reason).toContain(veld);
    });

    it.each([
      "status gt 'actief'",
      "status eq 'geldig'",
      'registratiedatum ge 2019-13-45',
      "registratiedatum eq 'gisteren'",
      "plaats eq Utrecht",
      "plaats lijkt 'Utrecht'",
      "(plaats eq 'Utrecht'",
      '',
    ])('400 for %j', async (expr) => {
      const r = await list(w(expr));
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('invalid_parameter');
      expect(r.body.invalid_params.map((p: { name: string }) => p.name)).toContain('waar');
    });
  });

  describe('velden', () => {
    it('picks fields in the given order, lei always first', async () => {
      const r = await list('velden=naam,kvk_nummer');
      expect(r.status).toBe(200);
      for (const e of r.data.entiteiten) expect(Object.keys(e)).toEqual(['lei', 'naam', 'kvk_nummer']);
      const r2 = await list('velden=registratiedatum,lei,plaats');
      expect(Object.keys(r2.data.entiteiten[0])).toEqual(['lei', 'registratiedatum', 'plaats']);
    });

    it.each(['naam,onbekend', 'naam,(select 1)', 'naam;status', 'zoeknaam', 'ruw'])('400 for velden=%j', async (v) => {
      const r = await list(`velden=${encodeURIComponent(v)}`);
      expect(r.status).toBe(400);
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'velden' });
    });
  });

  describe('sorteer', () => {
    it('-naam reverses the name order', async () => {
      const asc = namen(await list('rijen=500'));
      const desc = await list('rijen=500&sorteer=-naam');
      expect(desc.status).toBe(200);
      expect(namen(desc)).toEqual([...asc].reverse());
    });

    it('-registratiedatum puts the newest first and empty dates last', async () => {
      const r = await list('rijen=500&sorteer=-registratiedatum&velden=registratiedatum');
      const datums = r.data.entiteiten.map((e) => e.registratiedatum as string | null);
      const verwacht = ENTITEITEN.map((e) => e.reg).sort((a, b) => (a === null ? 1 : b === null ? -1 : b.localeCompare(a)));
      expect(datums).toEqual(verwacht);
    });

    it('status,-naam sorts on two fields', async () => {
      const r = await list('rijen=500&sorteer=status,-naam&velden=status,naam');
      const statussen = r.data.entiteiten.map((e) => e.status as string);
      const nActief = ENTITEITEN.filter((e) => e.actief).length;
      expect(statussen).toEqual([...Array(nActief).fill('actief'), ...Array(ENTITEITEN.length - nActief).fill('inactief')]);
      const byStatus = (s: string) => namen({ data: { entiteiten: r.data.entiteiten.filter((e) => e.status === s) } });
      for (const s of ['actief', 'inactief']) {
        expect(byStatus(s)).toEqual([...namen(await list(`rijen=500&status=${s}`))].reverse());
      }
    });

    it.each(['naam,-naam2', 'naam; DROP TABLE lei_entiteit', '-', 'a,b,c,d', 'naam desc'])('400 for sorteer=%j', async (s) => {
      const r = await list(`sorteer=${encodeURIComponent(s)}`);
      expect(r.status).toBe(400);
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'sorteer' });
    });
  });

  it('combines q, waar, velden, sorteer and paging; volgende keeps them all', async () => {
    const expr = "plaats eq 'Utrecht' or plaats eq 'Amsterdam'";
    const verwacht = ENTITEITEN.filter((e) => /bank/i.test(e.naam) && ['Utrecht', 'Amsterdam'].includes(e.plaats))
      .map((e) => e.naam)
      .sort()
      .reverse();
    expect(verwacht.length).toBe(3);
    const seen: string[] = [];
    let url: string | null = `/v1/lei/entiteiten?q=bank&${w(expr)}&velden=naam,plaats&sorteer=-naam&rijen=2`;
    let pages = 0;
    while (url) {
      const res = await get(url);
      const body = (await res.json()) as Record<string, any>;
      expect(res.status).toBe(200);
      expect(body.data.totaal).toBe(3);
      for (const e of body.data.entiteiten) expect(Object.keys(e)).toEqual(['lei', 'naam', 'plaats']);
      seen.push(...body.data.entiteiten.map((e: { naam: string }) => e.naam));
      url = body.data.volgende;
      if (url) {
        const p = new URL(url, 'http://localhost').searchParams;
        expect(p.get('waar')).toBe(expr);
        expect(p.get('velden')).toBe('naam,plaats');
        expect(p.get('sorteer')).toBe('-naam');
        expect(p.get('q')).toBe('bank');
        expect(p.get('start')).toBe('2');
      }
      pages++;
    }
    expect(pages).toBe(2);
    // The database collation decides the exact order; it must be the reverse of the ascending page.
    const asc = namen(await list(`q=bank&${w(expr)}`));
    expect(seen).toEqual([...asc].reverse());
    expect(sorteerNaam(seen)).toEqual(sorteerNaam(verwacht));
  });

  it('q matching few rows (collected through the trigram index first) filters, sorts and pages the same way', { timeout: SLOW }, async () => {
    // 1 of 11 rows matches: under the share above which the list walks the naam index instead.
    expect(namen(await list('q=delta'))).toEqual(['Delta Bank; Amsterdam B.V.']);
    const leeg = await list('q=delta&start=1');
    expect(leeg.data).toMatchObject({ totaal: 1, volgende: null, entiteiten: [] });
    const r = await list(`q=delta&sorteer=-registratiedatum,naam&velden=naam,registratiedatum&${w("plaats eq 'Amsterdam'")}`);
    expect(r.data.entiteiten).toEqual([{ lei: expect.any(String), naam: 'Delta Bank; Amsterdam B.V.', registratiedatum: '2023-05-05' }]);
    expect((await list(`q=delta&${w("plaats eq 'Utrecht'")}`)).data.totaal).toBe(0);
  });

  describe('CSV output', () => {
    async function csv(url: string, headers: Record<string, string> = {}) {
      const res = await get(url, headers);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      return { res, bytes, text, lines: text.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1) };
    }

    it('formaat=csv gives RFC 4180 UTF-8 with BOM, a header row, quoting and neutralised formulas', async () => {
      const { res, bytes, text, lines } = await csv('/v1/lei/entiteiten?formaat=csv&rijen=500');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain('.csv');
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.endsWith('\r\n')).toBe(true);
      expect(lines[0]).toBe(leiEntiteitenVelden.selecteerbaar.join(','));
      expect(lines).toHaveLength(ENTITEITEN.length + 1);
      const alfa = lines.find((l) => l.startsWith(`${lei(0)},`));
      expect(alfa).toBe(`${lei(0)},Alfa Bank N.V.,10000001,Amsterdam,NL,1011AA,actief,ISSUED,,2015-03-01,2026-01-01`);
      expect(lines.find((l) => l.startsWith(`${lei(2)},`))).toContain(',"Gamma, ""Holding"" B.V.",,Rotterdam,');
      expect(lines.find((l) => l.startsWith(`${lei(3)},`))).toContain(`,"'=HYPERLINK(""http://evil"",""x"")",`);
      expect(lines.find((l) => l.startsWith(`${lei(5)},`))).toContain(",'+31 Telecom B.V.,");
      expect(lines.find((l) => l.startsWith(`${lei(6)},`))).toContain(",'@Home Stichting,");
      expect(lines.find((l) => l.startsWith(`${lei(7)},`))).toContain(',"Delta Bank; Amsterdam B.V.",');
      expect(lines.find((l) => l.startsWith(`${lei(8)},`))).toContain(",'-Min B.V.,");
      expect(lines.find((l) => l.startsWith(`${lei(1)},`))).toContain(',Bèta Beheer B.V.,');
    });

    it('Accept: text/csv gives CSV with the velden as columns, filtered, sorted and paged', async () => {
      const { res, lines } = await csv(`/v1/lei/entiteiten?velden=naam,plaats&${w("plaats eq 'Utrecht'")}&sorteer=-naam&rijen=2&start=1`, {
        accept: 'text/csv',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(lines[0]).toBe('lei,naam,plaats');
      expect(lines).toHaveLength(3);
      const json = await list(`velden=naam,plaats&${w("plaats eq 'Utrecht'")}&sorteer=-naam&rijen=2&start=1`);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(json.data.entiteiten.map((e) => e.lei));
    });

    it('gives only the header row for an empty page', async () => {
      const { res, lines } = await csv(`/v1/lei/entiteiten?formaat=csv&velden=naam&${w("plaats eq 'Nergens'")}`);
      expect(res.status).toBe(200);
      expect(lines).toEqual(['lei,naam']);
    });

    it('formaat=json wins over Accept: text/csv; */* stays JSON', async () => {
      for (const [url, accept] of [
        ['/v1/lei/entiteiten?formaat=json', 'text/csv'],
        ['/v1/lei/entiteiten', '*/*'],
        ['/v1/lei/entiteiten', 'application/json, text/csv;q=0.5'],
      ]) {
        const res = await get(url, { accept });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('application/json');
      }
    });

    it.each([
      ['/v1/lei/entiteiten?formaat=xml', {}],
      ['/v1/lei/entiteiten?formaat=csv&rijen=501', {}],
      ['/v1/lei/entiteiten?formaat=csv&rijen=0', {}],
      [`/v1/lei/entiteiten?formaat=csv&${w('onbekend eq 1')}`, {}],
      ['/v1/lei/entiteiten?rijen=501', { accept: 'text/csv' }],
    ] as const)('errors stay problem+json: %s', async (url, headers) => {
      const res = await get(url, headers);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    });
  });

  describe('injection attempts end up as 400 or as data, never as SQL', () => {
    it.each([
      "naam eq 'x' or 1 eq 1",
      "naam eq 'x'; DROP TABLE lei_entiteit",
      "naam eq 'x' -- comment",
      'naam eq x',
      "naam eq 'x' /* c */",
      "contains(naam,'a') or zoeknaam ne null",
      "lei eq (select lei from lei_entiteit)",
      "naam eq 'x' union select 1",
    ])('400 for waar=%j', async (expr) => {
      const r = await list(w(expr));
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('invalid_parameter');
    });

    it.each([
      ["naam eq 'x'' OR ''1''=''1'", 0],
      ["naam eq 'Robert''); DROP TABLE lei_entiteit;--'", 1],
      ["contains(naam,'%')", 0],
      ["contains(naam,'_')", 1], // literally: only 'lei_entiteit' in Robert's name has an underscore
      ["contains(naam,'\\')", 0],
      ["contains(naam,'DROP TABLE')", 1],
      ["startswith(naam,'=HYPERLINK(')", 1],
    ] as const)('as data: waar=%j → %i', async (expr, n) => {
      const r = await list(w(expr));
      expect(r.status).toBe(200);
      expect(r.data.totaal).toBe(n);
    });

    it('q and plaats with SQL stay data, and the table survives', async () => {
      expect((await list(`q=${encodeURIComponent("'; DROP TABLE lei_entiteit; --")}`)).data.totaal).toBe(0);
      expect((await list(`q=${encodeURIComponent("'); DROP")}`)).data.totaal).toBe(1);
      expect((await list(`plaats=${encodeURIComponent("x' OR '1'='1")}`)).data.totaal).toBe(0);
      expect((await list('rijen=500')).data.totaal).toBe(ENTITEITEN.length);
    });
  });
});
