// The four fsp operations through their route handlers on a fresh PGlite directory: 503 before the
// first import naming the register, then 200 envelopes with peildatum/bron_url/attribution, every
// filter, waar/velden/sorteer, CSV output, and 400/404 problems.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { useTestDatabase } from '@/test/db/test-database';
import { importFsp } from '@/lib/registers/fsp/import';
import { fspRegister } from './register';
import { fspInstellingen } from './instellingen';
import { fspInstelling } from './instelling';
import { fspVergunningen } from './vergunningen';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FULL = path.join(root, 'test/fixtures/registers/afm/fd-export-sample.csv');
const SLOW = 120_000;
const PEIL = '2026-11-20T09:00:00.000Z';
const G = (n: number) => `a1b2c3d4-000${n}-4000-8000-00000000000${n}`;

async function raw(op: Operation, url: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return route(op).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve(params) });
}

async function call(op: Operation, url: string, params: Record<string, string> = {}) {
  const res = await raw(op, url, params);
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The body as text with its byte-order mark kept (Response.text() drops it). */
const text = (b: ArrayBuffer) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

const names = async (url: string) => ((await call(fspInstellingen, url)).body.data.instellingen as { naam: string }[]).map((i) => i.naam);
const licences = async (url: string) => ((await call(fspVergunningen, url)).body.data.vergunningen as { vergunningnummer: string }[]).map((v) => v.vergunningnummer);

describe('fsp operations', () => {
  useTestDatabase('pglite', 'nlods-fsp-ops-');

  it.each([
    [fspRegister, '/v1/fsp/register', {}],
    [fspInstellingen, '/v1/fsp/instellingen', {}],
    [fspInstelling, `/v1/fsp/instellingen/${G(1)}`, { id: G(1) }],
    [fspVergunningen, '/v1/fsp/vergunningen', {}],
  ] as const)('%#: 503 import_unavailable naming the register before any import', { timeout: SLOW }, async (op, url, params) => {
    const r = await call(op, url, params);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ errorCode: 'import_unavailable' });
    expect(r.body.detail).toContain('AFM-register financiële dienstverleners');
  });

  it('serves the manifest after an import', { timeout: SLOW }, async () => {
    await importFsp({ file: FULL, peildatum: new Date(PEIL) });
    const r = await call(fspRegister, '/v1/fsp/register');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ api: 'fsp', onderdeel: 'register' });
    expect(r.body.data).toMatchObject({
      register: 'fsp',
      peildatum: PEIL,
      bron_url: 'https://www.afm.nl/nl-nl/sector/registers/vergunningenregisters/financiele-dienstverleners',
      aantallen: { instellingen: 5, vergunningen: 6, vergunningen_geldig: 4, vergunningen_beeindigd: 2, ep: 2, gelezen: 9, overgeslagen: 1 },
      verversing: { status: 'ok' },
      licentie: 'Hergebruik toegestaan met expliciete bronvermelding',
      attributie: 'Bron: AFM',
      voorbeelddata: false,
    });
    expect(r.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.bronnen[0]).toMatchObject({ bron: 'afm-register', attributie: 'Bron: AFM', peildatum: PEIL, status: 'ok' });
  });

  it('lists institutions with company data and licence counts, sorted by name', { timeout: SLOW }, async () => {
    const r = await call(fspInstellingen, '/v1/fsp/instellingen');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ totaal: 5, start: 0, rijen: 50, volgende: null, manifest: { peildatum: PEIL, attributie: 'Bron: AFM' } });
    expect(r.body.data.instellingen.map((i: { naam: string }) => i.naam)).toEqual([
      'A.B. Voorbeeldpersoon',
      'Exempel Försäkring AB',
      'Geld & Zorg "Plus" B.V.',
      'Hypotheekhuis Voorbeeld B.V.',
      'Voorbeeld Verzekeringen NV',
    ]);
    expect(r.body.data.instellingen[3]).toEqual({
      id: G(1),
      naam: 'Hypotheekhuis Voorbeeld B.V.',
      handelsnamen: ['Hypotheekhuis Voorbeeld', 'HV Advies'],
      kvk_nummer: '12345678',
      plaats: 'Amersfoort',
      land: 'Nederland',
      ep: false,
      aantal_vergunningen: 2,
    });
    expect(r.body.bronnen[0]).toMatchObject({ bron: 'afm-register', bron_url: expect.stringContaining('afm.nl') });
  });

  it.each([
    ['q over the statutory name, case-insensitive', '?q=HYPOTHEEK', ['Hypotheekhuis Voorbeeld B.V.']],
    ['q over trade names', '?q=hv%20adv', ['Hypotheekhuis Voorbeeld B.V.']],
    ['q with a LIKE wildcard is literal', '?q=%25%25', []],
    ['kvk_nummer', '?kvk_nummer=07654321', ['Geld & Zorg "Plus" B.V.']],
    ['land, case-insensitive exact', '?land=BELGI%C3%8B', ['Voorbeeld Verzekeringen NV']],
    ['plaats, case-insensitive exact', '?plaats=nijmegen', ['A.B. Voorbeeldpersoon']],
    ['ep=ja', '?ep=ja', ['Exempel Försäkring AB', 'Voorbeeld Verzekeringen NV']],
    ['ep=nee and land', '?ep=nee&land=nederland', ['A.B. Voorbeeldpersoon', 'Geld & Zorg "Plus" B.V.', 'Hypotheekhuis Voorbeeld B.V.']],
    ['waar on a number and text', "?waar=aantal_vergunningen%20ge%202%20or%20startswith(plaats,'G%C3%B6')", ['Exempel Försäkring AB', 'Hypotheekhuis Voorbeeld B.V.']],
    ['waar on handelsnamen', "?waar=contains(handelsnamen,'assurances')", ['Voorbeeld Verzekeringen NV']],
    ['waar on ep', "?waar=ep%20eq%20'ja'%20and%20land%20ne%20'Zweden'", ['Voorbeeld Verzekeringen NV']],
    ['sorteer', '?sorteer=-aantal_vergunningen,-naam&rijen=2', ['Hypotheekhuis Voorbeeld B.V.', 'Voorbeeld Verzekeringen NV']],
  ])('instellingen: %s', { timeout: SLOW }, async (_what, query, expected) => {
    expect(await names(`/v1/fsp/instellingen${query}`)).toEqual(expected);
  });

  it('pages with a volgende link and selects fields with velden', { timeout: SLOW }, async () => {
    const r = await call(fspInstellingen, '/v1/fsp/instellingen?rijen=2&velden=plaats,naam');
    expect(r.body.data).toMatchObject({ totaal: 5, volgende: '/v1/fsp/instellingen?rijen=2&velden=plaats%2Cnaam&start=2' });
    expect(r.body.data.instellingen[0]).toEqual({ id: G(4), plaats: 'Nijmegen', naam: 'A.B. Voorbeeldpersoon' });
  });

  it('answers CSV with formaat=csv and Accept: text/csv', { timeout: SLOW }, async () => {
    const res = await raw(fspInstellingen, '/v1/fsp/instellingen?formaat=csv&velden=naam,ep&ep=ja');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(text(await res.arrayBuffer())).toBe('\uFEFFid,naam,ep\r\na1b2c3d4-0002-4000-8000-000000000002,Exempel Försäkring AB,true\r\na1b2c3d4-0005-4000-8000-000000000005,Voorbeeld Verzekeringen NV,true\r\n');
    const v = await raw(fspVergunningen, '/v1/fsp/vergunningen?status=beëindigd&velden=instelling_naam,einddatum,status', {}, { accept: 'text/csv' });
    expect(text(await v.arrayBuffer())).toBe(
      '\uFEFFvergunningnummer,instelling_naam,einddatum,status\r\n12000002,Hypotheekhuis Voorbeeld B.V.,2015-06-30,beëindigd\r\n12000004,A.B. Voorbeeldpersoon,2024-03-31,beëindigd\r\n',
    );
  });

  it('shows the full dossier of an institution', { timeout: SLOW }, async () => {
    const d = await call(fspInstelling, `/v1/fsp/instellingen/${G(2)}`, { id: G(2) });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ api: 'fsp', onderdeel: 'instelling' });
    expect(d.body.data.manifest).toMatchObject({ peildatum: PEIL, attributie: 'Bron: AFM', licentie: 'Hergebruik toegestaan met expliciete bronvermelding' });
    expect(d.body.data.instelling).toEqual({
      id: G(2),
      id_afgeleid: false,
      naam: 'Exempel Försäkring AB',
      handelsnamen: [],
      kvk_nummer: null,
      adres: 'Storgatan 5',
      postcode: '411 38',
      plaats: 'Göteborg',
      land: 'Zweden',
      adressen: [{ adres: 'Storgatan 5', postcode: '411 38', plaats: 'Göteborg', land: 'Zweden' }],
      ep: true,
      lidstaat_herkomst: 'Zweden',
      klachteninstituut: null,
      beleidsbepalers: ['Åsa Lindqvist'],
      aantal_vergunningen: 1,
      vergunningen: [
        {
          vergunningnummer: 'EP-SE-0042',
          ingangsdatum: '2016-02-02',
          einddatum: null,
          status: 'geldig',
          producten: [
            { product: 'Schadeverzekeringen', diensten: ['Bemiddelen'] },
            { product: 'Levensverzekeringen', diensten: ['Bemiddelen'] },
          ],
        },
      ],
      extra: {},
    });
    const h = await call(fspInstelling, `/v1/fsp/instellingen/${G(1)}`, { id: G(1) });
    expect(h.body.data.instelling.vergunningen.map((v: { vergunningnummer: string; status: string }) => [v.vergunningnummer, v.status])).toEqual([
      ['12000001', 'geldig'],
      ['12000002', 'beëindigd'],
    ]);
  });

  it('lists licences with status against the peildatum', { timeout: SLOW }, async () => {
    const r = await call(fspVergunningen, '/v1/fsp/vergunningen');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ totaal: 6, volgende: null, manifest: { peildatum: PEIL } });
    expect(r.body.data.vergunningen.map((v: { vergunningnummer: string }) => v.vergunningnummer)).toEqual([
      '12000001', '12000002', '12000003', '12000004', 'EP-BE-0007', 'EP-SE-0042',
    ]);
    expect(r.body.data.vergunningen[0]).toEqual({
      vergunningnummer: '12000001',
      instelling_id: G(1),
      instelling_naam: 'Hypotheekhuis Voorbeeld B.V.',
      ingangsdatum: '2007-04-01',
      einddatum: null,
      status: 'geldig',
      aantal_producten: 2,
      producten: [
        { product: 'Hypothecair krediet', diensten: ['Adviseren', 'Bemiddelen'] },
        { product: 'Consumptief krediet', diensten: ['Bemiddelen'] },
      ],
    });
  });

  it.each([
    ['vergunningnummer', '?vergunningnummer=12000003', ['12000003']],
    ['instelling_id', `?instelling_id=${G(1)}`, ['12000001', '12000002']],
    ['status=geldig', '?status=geldig', ['12000001', '12000003', 'EP-BE-0007', 'EP-SE-0042']],
    ['status=beëindigd', '?status=be%C3%ABindigd', ['12000002', '12000004']],
    ['waar on the derived status', "?waar=status%20eq%20'be%C3%ABindigd'%20and%20einddatum%20ge%202020-01-01", ['12000004']],
    ['waar status ne geldig', "?waar=status%20ne%20'geldig'", ['12000002', '12000004']],
    ['waar on a date and a count', '?waar=ingangsdatum%20lt%202010-01-01%20or%20aantal_producten%20eq%202', ['12000001', 'EP-SE-0042']],
    ['sorteer on status then date', '?sorteer=status,-ingangsdatum&rijen=3', ['12000004', '12000002', '12000003']],
  ])('vergunningen: %s', { timeout: SLOW }, async (_what, query, expected) => {
    expect(await licences(`/v1/fsp/vergunningen${query}`)).toEqual(expected);
  });

  it.each([
    ['/v1/fsp/instellingen/afm-0000000000000000', 404, 'not_found', fspInstelling, { id: 'afm-0000000000000000' }],
    ['/v1/fsp/instellingen/a%20b', 400, 'invalid_parameter', fspInstelling, { id: 'a b' }],
    [`/v1/fsp/instellingen/${'x'.repeat(65)}`, 400, 'invalid_parameter', fspInstelling, { id: 'x'.repeat(65) }],
    ['/v1/fsp/instellingen?q=a', 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/instellingen?kvk_nummer=1234', 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/instellingen?ep=misschien', 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/instellingen?rijen=501', 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/instellingen?start=-1', 400, 'invalid_parameter', fspInstellingen, {}],
    ["/v1/fsp/instellingen?waar=plaatss%20eq%20'x'", 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/instellingen?sorteer=handelsnamen', 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/instellingen?formaat=xml', 400, 'invalid_parameter', fspInstellingen, {}],
    ['/v1/fsp/vergunningen?status=actief', 400, 'invalid_parameter', fspVergunningen, {}],
    ['/v1/fsp/vergunningen?rijen=0', 400, 'invalid_parameter', fspVergunningen, {}],
    ["/v1/fsp/vergunningen?waar=status%20eq%20'actief'", 400, 'invalid_parameter', fspVergunningen, {}],
    ["/v1/fsp/vergunningen?waar=contains(producten,'x')", 400, 'invalid_parameter', fspVergunningen, {}],
    ['/v1/fsp/vergunningen?velden=onbekend', 400, 'invalid_parameter', fspVergunningen, {}],
  ] as const)('%s → %i %s', { timeout: SLOW }, async (url, status, code, op, params) => {
    const r = await call(op, url, params);
    expect(r.status).toBe(status);
    expect(r.body.errorCode).toBe(code);
  });
});
