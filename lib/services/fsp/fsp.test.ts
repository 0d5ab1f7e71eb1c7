// The four fsp operations through their route handlers on a fresh PGlite directory: 503 before the
// first import naming the register, then (the acceptance) the AFM full-export structure example
// (a ZIP of the hand-built XML, labelled opgebouwd) served with KvK, licence, products and services with
// their periods; every filter, waar/velden/sorteer, CSV output, 400/404 problems; and a names-only
// version saying in every answer what it lacks.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { useTestDatabase } from '@/test/db/test-database';
import { importFsp, NAMENLIJST_OPMERKING } from '@/lib/registers/fsp/import';
import { fspRegister } from './register';
import { fspInstellingen } from './instellingen';
import { fspInstelling } from './instelling';
import { fspVergunningen } from './vergunningen';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ZIP = path.join(root, 'test/fixtures/registers/afm/wfd-extern-register-3.0_structure_opgebouwd.zip');
const NAMES = path.join(root, 'test/fixtures/registers/afm/fd-namen_opgebouwd.csv');
const SLOW = 120_000;
const PEIL = '2026-11-20T09:00:00.000Z';
/** The peildatum answers give: the day (Europe/Amsterdam) of the peilmoment PEIL. */
const DAG = '2026-11-20';
const G = (n: number) => `a3f1c2d4-000${n}-4b5e-9c1d-00000000000${n}`;

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

  it('serves the manifest after importing the full export (ZIP)', { timeout: SLOW }, async () => {
    const imp = await importFsp({ file: ZIP, peildatum: new Date(PEIL) });
    expect(imp.soort).toBe('volledige-export');
    const r = await call(fspRegister, '/v1/fsp/register');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ api: 'fsp', onderdeel: 'register' });
    expect(r.body.data).toMatchObject({
      register: 'fsp',
      peildatum: DAG,
      peilmoment: PEIL,
      bron_url: 'https://www.afm.nl/nl-nl/sector/registers/vergunningenregisters/financiele-dienstverleners',
      aantallen: { instellingen: 3, met_kvk: 2, vergunningen: 2, vergunningen_geldig: 1, vergunningen_beeindigd: 1, gelezen: 3, overgeslagen: 0, dubbel: 0 },
      soort: 'volledige-export',
      opmerking: null,
      verversing: { status: 'ok' },
      licentie: 'Hergebruik toegestaan met expliciete bronvermelding',
      attributie: 'Bron: AFM',
      voorbeelddata: false,
    });
    expect(r.body.data.sha256).toBe(imp.sha256);
    expect(r.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.bronnen[0]).toMatchObject({ bron: 'afm-register', titel: 'AFM-register financiële dienstverleners (Wft)', peildatum: DAG, status: 'ok' });
  });

  it('lists institutions with company data and licence counts, sorted by name', { timeout: SLOW }, async () => {
    const r = await call(fspInstellingen, '/v1/fsp/instellingen');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ totaal: 3, start: 0, rijen: 50, volgende: null, manifest: { peildatum: DAG, peilmoment: PEIL, attributie: 'Bron: AFM', soort: 'volledige-export', opmerking: null } });
    expect(r.body.data.instellingen).toEqual([
      { id: G(3), naam: 'Fictief Insurance Brokers Ltd', handelsnamen: [], kvk_nummer: null, plaats: 'Dublin', land: 'Ierland', ep: null, aantal_vergunningen: 0 },
      {
        id: G(1), naam: 'Hypotheekhuis Fictief B.V.', handelsnamen: ['Hypotheekhuis Fictief', 'De Fictieve Hypotheekadviseur'], kvk_nummer: '99000001',
        plaats: 'Amersfoort', land: 'Nederland', ep: null, aantal_vergunningen: 1,
      },
      { id: G(2), naam: 'J. de Fictiefsma', handelsnamen: ['Fictiefsma Financieel Advies'], kvk_nummer: '99000002', plaats: 'Zwolle', land: null, ep: null, aantal_vergunningen: 1 },
    ]);
  });

  it.each([
    ['q over the statutory name, case-insensitive', '?q=HYPOTHEEK', ['Hypotheekhuis Fictief B.V.']],
    ['q over trade names', '?q=fictieve%20hypo', ['Hypotheekhuis Fictief B.V.']],
    ['q with a LIKE wildcard is literal', '?q=%25%25', []],
    ['kvk_nummer', '?kvk_nummer=99000002', ['J. de Fictiefsma']],
    ['land, case-insensitive exact', '?land=IERLAND', ['Fictief Insurance Brokers Ltd']],
    ['plaats, case-insensitive exact', '?plaats=zwolle', ['J. de Fictiefsma']],
    ['ep=ja: the export does not say, so none', '?ep=ja', []],
    ['ep=nee: ep is null (unknown), not false, so none either', '?ep=nee', []],
    ['waar on a number and text', "?waar=aantal_vergunningen%20ge%201%20and%20startswith(plaats,'Am')", ['Hypotheekhuis Fictief B.V.']],
    ['waar on handelsnamen', "?waar=contains(handelsnamen,'financieel')", ['J. de Fictiefsma']],
    ['sorteer', '?sorteer=-aantal_vergunningen,-naam&rijen=2', ['J. de Fictiefsma', 'Hypotheekhuis Fictief B.V.']],
  ])('instellingen: %s', { timeout: SLOW }, async (_what, query, expected) => {
    expect(await names(`/v1/fsp/instellingen${query}`)).toEqual(expected);
  });

  it('pages with a volgende link and selects fields with velden', { timeout: SLOW }, async () => {
    const r = await call(fspInstellingen, '/v1/fsp/instellingen?rijen=2&velden=plaats,naam');
    expect(r.body.data).toMatchObject({ totaal: 3, volgende: '/v1/fsp/instellingen?rijen=2&velden=plaats%2Cnaam&start=2' });
    expect(r.body.data.instellingen[0]).toEqual({ id: G(3), plaats: 'Dublin', naam: 'Fictief Insurance Brokers Ltd' });
  });

  it('answers CSV with formaat=csv and Accept: text/csv', { timeout: SLOW }, async () => {
    const res = await raw(fspInstellingen, '/v1/fsp/instellingen?formaat=csv&velden=naam,kvk_nummer&plaats=amersfoort');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(text(await res.arrayBuffer())).toBe(`\uFEFFid,naam,kvk_nummer\r\n${G(1)},Hypotheekhuis Fictief B.V.,99000001\r\n`);
    const v = await raw(fspVergunningen, '/v1/fsp/vergunningen?status=beëindigd&velden=instelling_naam,einddatum,status', {}, { accept: 'text/csv' });
    expect(text(await v.arrayBuffer())).toBe('\uFEFFvergunningnummer,instelling_naam,einddatum,status\r\n12030001,J. de Fictiefsma,2025-09-30,beëindigd\r\n');
  });

  it('shows the full dossier: KvK 99000001, licence 12049999, its products and services with their periods', { timeout: SLOW }, async () => {
    const d = await call(fspInstelling, `/v1/fsp/instellingen/${G(1)}`, { id: G(1) });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ api: 'fsp', onderdeel: 'instelling' });
    expect(d.body.data.manifest).toMatchObject({ peildatum: DAG, peilmoment: PEIL, attributie: 'Bron: AFM', licentie: 'Hergebruik toegestaan met expliciete bronvermelding', soort: 'volledige-export' });
    expect(d.body.data.instelling).toEqual({
      id: G(1),
      id_afgeleid: false,
      naam: 'Hypotheekhuis Fictief B.V.',
      handelsnamen: ['Hypotheekhuis Fictief', 'De Fictieve Hypotheekadviseur'],
      handelsnamen_perioden: [
        { naam: 'Hypotheekhuis Fictief', ingangsdatum: '2015-03-01' },
        { naam: 'De Fictieve Hypotheekadviseur', ingangsdatum: '2019-06-15' },
      ],
      statutaire_zetel: 'Amersfoort',
      rechtsvorm: 'Besloten Vennootschap',
      kvk_nummer: '99000001',
      adresregel: 'Stationsplein 12',
      postcode: '3818LE',
      plaats: 'Amersfoort',
      land: 'Nederland',
      adressen: [{ adresregel: 'Stationsplein 12', postcode: '3818LE', plaats: 'Amersfoort', land: 'Nederland' }],
      ep: null,
      lidstaat_herkomst: null,
      klachteninstituut: null,
      beleidsbepalers: null,
      aantal_vergunningen: 1,
      vergunningen: [
        {
          vergunningnummer: '12049999',
          ingangsdatum: '2015-03-01',
          einddatum: null,
          status: 'geldig',
          producten: [
            {
              product: 'Hypothecair krediet',
              diensten: ['Adviseren', 'Bemiddelen'],
              perioden: [
                { dienst: 'Adviseren', ingangsdatum: '2015-03-01', einddatum: null, status: 'geldig' },
                { dienst: 'Bemiddelen', ingangsdatum: '2015-03-01', einddatum: null, status: 'geldig' },
              ],
            },
            {
              product: 'Schadeverzekeringen',
              diensten: ['Adviseren'],
              perioden: [{ dienst: 'Adviseren', ingangsdatum: '2016-01-01', einddatum: '2022-12-31', status: 'beëindigd' }],
            },
          ],
        },
      ],
      extra: {},
    });
  });

  it('shows the foreign institution without KvK number with nulls', { timeout: SLOW }, async () => {
    const d = await call(fspInstelling, `/v1/fsp/instellingen/${G(3)}`, { id: G(3) });
    expect(d.status).toBe(200);
    expect(d.body.data.instelling).toMatchObject({
      naam: 'Fictief Insurance Brokers Ltd', statutaire_zetel: 'Dublin', kvk_nummer: null, rechtsvorm: null, adresregel: null, postcode: null,
      plaats: 'Dublin', land: 'Ierland', ep: null, lidstaat_herkomst: null, klachteninstituut: null, beleidsbepalers: null, vergunningen: [],
    });
  });

  it('lists licences with status against the peildatum', { timeout: SLOW }, async () => {
    const r = await call(fspVergunningen, '/v1/fsp/vergunningen');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ totaal: 2, volgende: null, manifest: { peildatum: DAG, peilmoment: PEIL } });
    expect(r.body.data.vergunningen[1]).toMatchObject({
      vergunningnummer: '12049999',
      instelling_id: G(1),
      instelling_naam: 'Hypotheekhuis Fictief B.V.',
      ingangsdatum: '2015-03-01',
      einddatum: null,
      status: 'geldig',
      aantal_producten: 2,
    });
    expect(r.body.data.vergunningen[1].producten[1]).toEqual({
      product: 'Schadeverzekeringen',
      diensten: ['Adviseren'],
      perioden: [{ dienst: 'Adviseren', ingangsdatum: '2016-01-01', einddatum: '2022-12-31', status: 'beëindigd' }],
    });
  });

  it.each([
    ['vergunningnummer', '?vergunningnummer=12049999', ['12049999']],
    ['instelling_id', `?instelling_id=${G(2)}`, ['12030001']],
    ['status=geldig', '?status=geldig', ['12049999']],
    ['status=beëindigd', '?status=be%C3%ABindigd', ['12030001']],
    ['waar on the derived status', "?waar=status%20eq%20'be%C3%ABindigd'%20and%20einddatum%20ge%202020-01-01", ['12030001']],
    ['waar on a date and a count', '?waar=ingangsdatum%20lt%202012-01-01%20or%20aantal_producten%20eq%202', ['12030001', '12049999']],
    ['sorteer on status then date', '?sorteer=status,-ingangsdatum', ['12030001', '12049999']],
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

describe('fsp operations on a names-only version', () => {
  useTestDatabase('pglite', 'nlods-fsp-names-');

  it('every answer says that KvK numbers, licences and products are missing', { timeout: SLOW }, async () => {
    const imp = await importFsp({ file: NAMES, peildatum: new Date(PEIL) });
    expect(imp.soort).toBe('namenlijst');
    const reg = await call(fspRegister, '/v1/fsp/register');
    expect(reg.body.data).toMatchObject({ soort: 'namenlijst', opmerking: NAMENLIJST_OPMERKING, aantallen: { instellingen: 4, met_kvk: 0, vergunningen: 0, dubbel: 1, overgeslagen: 1 } });
    expect(NAMENLIJST_OPMERKING).toMatch(/KvK-nummers.*vergunningen, producten/);
    const list = await call(fspInstellingen, '/v1/fsp/instellingen?q=fictiefsma');
    expect(list.body.data.instellingen).toEqual([
      expect.objectContaining({ naam: 'J. de Fictiefsma', kvk_nummer: null, plaats: 'Zwolle', aantal_vergunningen: 0, ep: null }),
    ]);
    const id = list.body.data.instellingen[0].id as string;
    const dossier = await call(fspInstelling, `/v1/fsp/instellingen/${id}`, { id });
    const lic = await call(fspVergunningen, '/v1/fsp/vergunningen');
    expect(lic.body.data.totaal).toBe(0);
    for (const r of [reg, list, dossier, lic]) {
      expect(r.status).toBe(200);
      expect(r.body.bronnen[0].titel).toContain(`NAMENLIJST: ${NAMENLIJST_OPMERKING}`);
    }
    for (const r of [list, dossier, lic]) expect(r.body.data.manifest).toMatchObject({ soort: 'namenlijst', opmerking: NAMENLIJST_OPMERKING });
    expect(dossier.body.data.instelling).toMatchObject({ id_afgeleid: true, handelsnamen: ['Fictiefsma Financieel Advies'], vergunningen: [] });
  });
});
