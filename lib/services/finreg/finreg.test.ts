// The four finreg operations through their route handlers on a fresh PGlite directory: 503 before the
// first import naming the register, then 200 envelopes with peildatum/bron_url/attribution and the
// licence statement, every filter, waar/velden/sorteer, CSV, 404 and 400 problems.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { useTestDatabase } from '@/test/db/test-database';
import { importFinreg } from '@/lib/registers/finreg/import';
import { finregRegister } from './register';
import { finregInstellingen } from './instellingen';
import { finregInstelling } from './instelling';
import { finregRegistraties } from './registraties';
import { DEELREGISTER_CODES } from '@/lib/registers/finreg/deelregisters';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const EXPORT = path.join(root, 'test/fixtures/registers/dnb/export');
const SLOW = 120_000;
const PEIL = '2026-11-20T06:00:00.000Z';
/** The peildatum answers give: the day (Europe/Amsterdam) of the peilmoment PEIL. */
const DAG = '2026-11-20';
const ATTRIBUTIE = 'Bron: De Nederlandsche Bank, Openbaar Register; bewerkt (genormaliseerd) door deze dienst';

async function call(op: Operation, url: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await route(op).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve(params) });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, headers: res.headers, text, body: (isJson ? JSON.parse(text) : {}) as Record<string, any> };
}

const inst = (query: string) => call(finregInstellingen, `/v1/finreg/instellingen?${query}`);
const regs = (query: string) => call(finregRegistraties, `/v1/finreg/registraties?${query}`);
const ids = (r: { body: Record<string, any> }, key: string, id: string) => (r.body.data[key] as Record<string, unknown>[]).map((x) => x[id]);
const w = (s: string) => `waar=${encodeURIComponent(s)}`;

describe('finreg operations', () => {
  useTestDatabase('pglite', 'nlods-finreg-ops-');

  describe('before any import', () => {
    it.each([
      [finregRegister, '/v1/finreg/register', {}],
      [finregInstellingen, '/v1/finreg/instellingen', {}],
      [finregInstelling, '/v1/finreg/instellingen/F0001', { relatienummer: 'F0001' }],
      [finregRegistraties, '/v1/finreg/registraties', {}],
    ] as const)('%#: 503 import_unavailable naming the register', { timeout: SLOW }, async (op, url, params) => {
      const r = await call(op, url, params);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ errorCode: 'import_unavailable' });
      expect(r.body.detail).toContain('DNB-register');
    });
  });

  describe('after an import', () => {
    beforeAll(async () => {
      await importFinreg({ file: EXPORT, peildatum: new Date(PEIL) });
    }, SLOW);

    it('serves the manifest with counts per sub-register and the licence statement', { timeout: SLOW }, async () => {
      const r = await call(finregRegister, '/v1/finreg/register');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ api: 'finreg', onderdeel: 'register' });
      expect(r.body.data).toMatchObject({
        register: 'finreg',
        peildatum: DAG,
        peilmoment: PEIL,
        bron_url: 'https://www.dnb.nl/nl-NL/registerdownload/csv',
        aantallen: { instellingen: 7, registraties: 8, registraties_WFTDG: 3, registraties_WFTBI: 3, registraties_WTTTK: 2 },
        verversing: { status: 'ok' },
        licentie: 'Hergebruik toegestaan met bronvermelding (DNB)',
        attributie: ATTRIBUTIE,
        licentieverklaring: {
          bron: expect.stringContaining('De Nederlandsche Bank'),
          licentie: 'Hergebruik toegestaan met bronvermelding (DNB)',
          bewerking: expect.stringContaining('Bewerkt door deze dienst'),
        },
      });
      expect(r.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(r.body.data.bestanden.map((b: { rol: string }) => b.rol)).toEqual(['WFTBI', 'WFTDG', 'WTTTK']);
      expect(r.body.bronnen[0]).toMatchObject({ bron: 'dnb-register', attributie: ATTRIBUTIE, peildatum: DAG, status: 'ok' });
    });

    it('lists institutions with identifiers and counts, manifest reference included', { timeout: SLOW }, async () => {
      const r = await inst('q=ADYEN');
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ totaal: 1, start: 0, rijen: 50, volgende: null, manifest: { peildatum: DAG, peilmoment: PEIL, attributie: ATTRIBUTIE, bron_url: 'https://www.dnb.nl/nl-NL/registerdownload/csv' } });
      expect(r.body.data.instellingen[0]).toEqual({
        relatienummer: 'F0001',
        naam: 'Adyen N.V.',
        kvk_nummer: '34259528',
        rsin: null,
        lei: '724500973ODKK3IFQ447',
        plaats: 'Amsterdam',
        land: null,
        deelregisters: ['WFTDG'],
        aantal_registraties: 1,
      });
      expect(r.body.bronnen[0]).toMatchObject({ bron: 'dnb-register', peildatum: DAG });
      const all = await inst('rijen=2');
      expect(all.body.data).toMatchObject({ totaal: 7, volgende: '/v1/finreg/instellingen?rijen=2&start=2' });
    });

    it.each([
      ['q=voorbeeld%20sparen', ['F9001']],
      ['q=gemak%20pay', ['R9203']],
      ['kvk_nummer=34123456', ['R9202', 'F9001']], // by naam: Voorbeeldbank Betalingen < Voorbeeldbank N.V.
      ['kvk_nummer=34259528', ['F0001']],
      ['rsin=023456789', ['F9002']],
      ['lei=724500973ODKK3IFQ447', ['F0001']],
      ['deelregister=WFTBI', ['R9203', 'R9202', 'F9001']],
      ['deelregister=wtttk', ['T9301', 'T9302']],
      ['deelregister=WFTKF', []],
      ['land=CURA%C3%87AO', ['T9301']],
      ['plaats=amsterdam', ['F0001', 'T9301', 'F9001']],
      ['plaats=Groningen', ['T9302']],
      ['plaats=Willemstad', []],
      ['deelregister=WFTDG&plaats=amsterdam', ['F0001', 'F9001']],
    ])('instellingen?%s', { timeout: SLOW }, async (query, expected) => {
      const r = await inst(query);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(ids(r, 'instellingen', 'relatienummer')).toEqual(expected);
      expect(r.body.data.totaal).toBe(expected.length);
    });

    it('instellingen: waar, velden, sorteer and CSV', { timeout: SLOW }, async () => {
      const r = await inst(`${w("contains(deelregisters,'WFTDG') and aantal_registraties ge 2")}&velden=naam,lei`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.instellingen).toEqual([{ relatienummer: 'F9001', naam: 'Voorbeeldbank N.V.', lei: '7245009VOORBEELD0001' }]);
      const s = await inst('sorteer=-aantal_registraties,relatienummer&velden=aantal_registraties&rijen=3');
      expect(s.body.data.instellingen).toEqual([
        { relatienummer: 'F9001', aantal_registraties: 2 },
        { relatienummer: 'F0001', aantal_registraties: 1 },
        { relatienummer: 'F9002', aantal_registraties: 1 },
      ]);
      expect((await inst(w("plaats eq 'Groningen'"))).body.data.instellingen.map((i: { naam: string }) => i.naam)).toEqual(['Trustkantoor Noord B.V.']);
      const csv = await inst('formaat=csv&q=adyen');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'relatienummer,naam,kvk_nummer,rsin,lei,plaats,land,deelregisters,aantal_registraties',
        'F0001,Adyen N.V.,34259528,,724500973ODKK3IFQ447,Amsterdam,,"[""WFTDG""]",1',
        '',
      ]);
      const accept = await call(finregInstellingen, '/v1/finreg/instellingen?velden=naam&q=adyen', {}, { Accept: 'text/csv' });
      expect(accept.text.replace(/^\uFEFF/, '')).toBe('relatienummer,naam\r\nF0001,Adyen N.V.\r\n');
    });

    it('shows the dossier with addresses, registrations, activities and related relations', { timeout: SLOW }, async () => {
      const a = await call(finregInstelling, '/v1/finreg/instellingen/F0001', { relatienummer: 'F0001' });
      expect(a.status).toBe(200);
      expect(a.body.data.instelling).toMatchObject({
        relatienummer: 'F0001',
        naam: 'Adyen N.V.',
        kvk_nummer: '34259528',
        lei: '724500973ODKK3IFQ447',
        handelsnamen: ['Adyen'],
        plaatsgegevens: { statutaire_plaats: 'Amsterdam', plaats_vestiging: 'Amsterdam', land: null },
        registraties: [{ deelregister: 'WFTDG', type: 'Vergunning', wetsartikel: '2:11 Wft', status: 'geldig', activiteiten: [{ activiteit: 'Bank - CI', status: 'geldig' }] }],
      });
      expect(a.body.data.manifest).toMatchObject({ peildatum: DAG, peilmoment: PEIL, attributie: ATTRIBUTIE });
      const t = await call(finregInstelling, '/v1/finreg/instellingen/T9301', { relatienummer: 'T9301' });
      expect(t.body.data.instelling).toMatchObject({
        naam: 'Trust & Beheer B.V.',
        plaatsgegevens: { statutaire_plaats: 'Willemstad', plaats_vestiging: 'Amsterdam', land: 'Curaçao' },
        deelregisters: [{ code: 'WTTTK', omschrijving: 'Trustkantoren' }],
        registraties: [{ type: 'Ontheffing', begindatum: '2019-01-01', einddatum: '2023-06-30', status: 'beëindigd' }],
      });
      const r = await call(finregInstelling, '/v1/finreg/instellingen/R9202', { relatienummer: 'R9202' });
      expect(r.body.data.instelling.gerelateerde_relaties).toEqual([{ relatienummer: 'F9001', naam: 'Voorbeeldbank N.V.', via: ['kvk_nummer'] }]);
    });

    it('lists registrations flat', { timeout: SLOW }, async () => {
      const r = await regs('deelregister=WFTDG&q=voorbeeldbank');
      expect(r.status).toBe(200);
      expect(r.body.data.registraties).toEqual([
        {
          volgnr: 5,
          relatienummer: 'F9001',
          naam: 'Voorbeeldbank N.V.',
          deelregister: 'WFTDG',
          type: 'Vergunning',
          wetsartikel: '2:11 Wft',
          begindatum: '2012-01-01',
          einddatum: null,
          status: 'geldig',
          activiteiten: [
            { activiteit: 'Bank - CI', begindatum: '2012-01-01', einddatum: null, status: 'geldig' },
            { activiteit: 'Beleggingsdiensten', begindatum: '2015-06-01', einddatum: '2020-01-01', status: 'beëindigd' },
          ],
        },
      ]);
      expect(r.body.data.manifest).toMatchObject({ peildatum: DAG, peilmoment: PEIL });
      expect((await regs('rijen=3')).body.data).toMatchObject({ totaal: 8, volgende: '/v1/finreg/registraties?rijen=3&start=3' });
    });

    it.each([
      [`status=${encodeURIComponent('beëindigd')}`, ['F9002', 'T9301']],
      ['status=geldig&deelregister=wftbi', ['F9001', 'R9202', 'R9203']],
      ['type=ontheffing', ['T9301']],
      ['type=REGISTRATIE', ['R9202']],
      ['type=Vergun', []],
      ['q=trust', ['T9301', 'T9302']],
      ['q=adyen&status=geldig', ['F0001']],
      [w("wetsartikel eq '3 Wtt 2018' and begindatum ge 2019-01-01"), ['T9301', 'T9302']],
      [w('einddatum ne null'), ['R9203', 'F9002', 'T9301']],
      [`${w('einddatum ne null')}&sorteer=-einddatum`, ['R9203', 'F9002', 'T9301']],
      [`${w('einddatum ne null')}&sorteer=einddatum`, ['T9301', 'F9002', 'R9203']],
      // status in waar and sorteer: the same derivation as the status parameter (end date against the peildatum)
      [w("status eq 'beëindigd'"), ['F9002', 'T9301']],
      [`${w("deelregister eq 'WTTTK'")}&sorteer=status`, ['T9301', 'T9302']],
      [`${w("deelregister eq 'WTTTK'")}&sorteer=-status`, ['T9302', 'T9301']],
    ])('registraties?%s', { timeout: SLOW }, async (query, expected) => {
      const r = await regs(query);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(ids(r, 'registraties', 'relatienummer')).toEqual(expected);
      expect(r.body.data.totaal).toBe(expected.length);
    });

    it('registraties: velden with the derived status, and CSV', { timeout: SLOW }, async () => {
      const r = await regs('deelregister=WTTTK&velden=relatienummer,status');
      expect(r.body.data.registraties).toEqual([
        { volgnr: 7, relatienummer: 'T9301', status: 'beëindigd' },
        { volgnr: 8, relatienummer: 'T9302', status: 'geldig' },
      ]);
      const csv = await regs('formaat=csv&deelregister=WTTTK&velden=naam,type,einddatum,status');
      expect(csv.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'volgnr,naam,type,einddatum,status',
        '7,Trust & Beheer B.V.,Ontheffing,2023-06-30,beëindigd',
        '8,Trustkantoor Noord B.V.,Vergunning,,geldig',
        '',
      ]);
    });

    it.each([
      ['/v1/finreg/instellingen/F0009', { relatienummer: 'F0009' }, 404, 'not_found'],
      ['/v1/finreg/instellingen/F-0001', { relatienummer: 'F-0001' }, 400, 'invalid_parameter'],
      [`/v1/finreg/instellingen/${'A'.repeat(33)}`, { relatienummer: 'A'.repeat(33) }, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?kvk_nummer=3425952', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?rsin=12345678', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?lei=724500973odkk3ifq447', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?lei=724500973ODKK3IFQ44', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?q=a', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?rijen=501', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?start=-1', {}, 400, 'invalid_parameter'],
      [`/v1/finreg/instellingen?${w("aantal_registraties eq 'veel'")}`, {}, 400, 'invalid_parameter'],
      ['/v1/finreg/instellingen?sorteer=deelregisters', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/registraties?status=actief', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/registraties?deelregister=XYZ', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/registraties?deelregister=WFTVB', {}, 400, 'invalid_parameter'],
      [`/v1/finreg/registraties?${w("status eq 'actief'")}`, {}, 400, 'invalid_parameter'],
      ['/v1/finreg/registraties?sorteer=activiteiten', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/registraties?velden=zoeknaam', {}, 400, 'invalid_parameter'],
      ['/v1/finreg/registraties?formaat=xml', {}, 400, 'invalid_parameter'],
    ] as const)('%s → %i %s', { timeout: SLOW }, async (url, params, status, code) => {
      const op = url.startsWith('/v1/finreg/registraties') ? finregRegistraties : url.startsWith('/v1/finreg/instellingen/') ? finregInstelling : finregInstellingen;
      const r = await call(op, url, params);
      expect(r.status).toBe(status);
      expect(r.body.errorCode).toBe(code);
    });

    it.each(['WFTVB', 'WFTBH', 'WWFTC', 'WFMBESKI'])('deelregister=%s (not one of the 15 Dutch registers) → 400 naming the allowed codes', { timeout: SLOW }, async (code) => {
      const r = await inst(`deelregister=${code}`);
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('invalid_parameter');
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'deelregister', in: 'query' });
      // the allowed codes are the one list in deelregisters.ts, in its order
      expect(r.body.invalid_params[0].reason).toContain(`toegestaan: ${DEELREGISTER_CODES.join(', ')}`);
      expect(DEELREGISTER_CODES).toHaveLength(15);
    });

    it('names the allowed codes for an unknown deelregister', { timeout: SLOW }, async () => {
      const r = await inst('deelregister=WFTXX');
      expect(r.status).toBe(400);
      expect(r.body.invalid_params[0]).toMatchObject({ name: 'deelregister', in: 'query' });
      expect(r.body.invalid_params[0].reason).toContain('toegestaan: WFTAF, PWACB, WFTKF');
      expect(r.body.invalid_params[0].reason).toContain('WFTRI');
    });
  });
});
