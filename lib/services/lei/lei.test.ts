// The four LEI operations through their route handlers on a fresh PGlite directory: 503 before the
// first import, then 200 envelopes with peildatum/bron_url/attribution, 404 and 400 problems.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { useTestDatabase } from '@/test/db/test-database';
import { importLei } from '@/lib/registers/lei/import';
import { leiRegister } from './register';
import { leiEntiteiten } from './entiteiten';
import { leiEntiteit } from './entiteit';
import { leiKvk } from './kvk';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const F = path.join(root, 'test/fixtures/registers/gleif');
const SLOW = 120_000;

async function call(op: Operation, url: string, params: Record<string, string> = {}) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('LEI operations', () => {
  useTestDatabase('pglite', 'nlods-lei-ops-');

  it.each([
    [leiRegister, '/v1/lei/register', {}],
    [leiEntiteiten, '/v1/lei/entiteiten', {}],
    [leiEntiteit, '/v1/lei/entiteiten/04VK4ASM6OJ180YRBJ15', { lei: '04VK4ASM6OJ180YRBJ15' }],
    [leiKvk, '/v1/lei/kvk/34153487', { kvk_nummer: '34153487' }],
  ] as const)('%#: 503 import_unavailable naming the register before any import', { timeout: SLOW }, async (op, url, params) => {
    const r = await call(op, url, params);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ errorCode: 'import_unavailable' });
    expect(r.body.detail).toContain('LEI-register');
  });

  it('serves the register after an import', { timeout: SLOW }, async () => {
    await importLei({
      file: path.join(F, 'ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv'),
      rr: path.join(F, 'ft-gleifr_test-gleif-relationships_rr-cdf-1.1.csv'),
      peildatum: new Date('2019-06-20T08:00:00Z'),
    });
    const r = await call(leiRegister, '/v1/lei/register');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ api: 'lei', onderdeel: 'register' });
    expect(r.body.data).toMatchObject({
      peildatum: '2019-06-20',
      peilmoment: '2019-06-20T08:00:00.000Z',
      bron_url: 'https://goldencopy.gleif.org/api/v2/golden-copies/publishes',
      aantallen: { entiteiten: 1 },
      verversing: { status: 'ok' },
      attributie: 'Bron: GLEIF, Global LEI Index',
    });
    expect(r.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.bronnen[0]).toMatchObject({ bron: 'gleif-golden-copy', attributie: 'Bron: GLEIF, Global LEI Index', peildatum: '2019-06-20', status: 'ok' });
  });

  it('lists, finds by KvK number and shows the dossier', { timeout: SLOW }, async () => {
    const list = await call(leiEntiteiten, '/v1/lei/entiteiten?q=SNAP-ON&status=actief&plaats=helmond');
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ totaal: 1, start: 0, rijen: 50, volgende: null, manifest: { peildatum: '2019-06-20', peilmoment: '2019-06-20T08:00:00.000Z' } });
    expect(list.body.data.entiteiten[0]).toEqual({
      lei: '04VK4ASM6OJ180YRBJ15',
      naam: 'Snap-on Finance B.V.',
      kvk_nummer: '34153487',
      plaats: 'Helmond',
      status: 'actief',
      registratie_status: 'ISSUED',
      rechtsvorm: 'BESLOTEN VENNOOTSCHAP',
      land: 'NL',
      postcode: '5705CL',
      registratiedatum: '2012-10-05',
      laatste_update: '2019-05-23',
    });
    expect((await call(leiEntiteiten, '/v1/lei/entiteiten?status=inactief')).body.data.totaal).toBe(0);

    const kvk = await call(leiKvk, '/v1/lei/kvk/34153487', { kvk_nummer: '34153487' });
    expect(kvk.body.data).toMatchObject({ kvk_nummer: '34153487', aantal: 1 });
    const none = await call(leiKvk, '/v1/lei/kvk/99999999', { kvk_nummer: '99999999' });
    expect(none.status).toBe(200);
    expect(none.body.data.entiteiten).toEqual([]);

    const d = await call(leiEntiteit, '/v1/lei/entiteiten/04VK4ASM6OJ180YRBJ15', { lei: '04VK4ASM6OJ180YRBJ15' });
    expect(d.status).toBe(200);
    expect(d.body.data.entiteit).toMatchObject({
      lei: '04VK4ASM6OJ180YRBJ15',
      postcode: '5705CL',
      adresregel: 'Vossenbeemd 113',
      rechtsvorm_code: '54M6',
      eerste_registratie: '2012-10-05T20:41:00.000Z',
      beheerder_lou: 'EVK05KS7XY1DEII3R011',
    });
    expect(d.body.data.entiteit.bronrecord['Entity.RegistrationAuthority.RegistrationAuthorityID']).toBe('RA000463');
  });

  it('pages with a volgende link', { timeout: SLOW }, async () => {
    const r = await call(leiEntiteiten, '/v1/lei/entiteiten?rijen=1');
    expect(r.body.data).toMatchObject({ totaal: 1, volgende: null });
  });

  it.each([
    { op: leiEntiteit, url: '/v1/lei/entiteiten/04VK4ASM6OJ180YRBJ16', params: { lei: '04VK4ASM6OJ180YRBJ16' }, status: 404, code: 'not_found' },
    { op: leiEntiteit, url: '/v1/lei/entiteiten/04vk4asm6oj180yrbj15', params: { lei: '04vk4asm6oj180yrbj15' }, status: 400, code: 'invalid_parameter' },
    { op: leiKvk, url: '/v1/lei/kvk/3415348', params: { kvk_nummer: '3415348' }, status: 400, code: 'invalid_parameter' },
    { op: leiEntiteiten, url: '/v1/lei/entiteiten?status=geldig', params: {}, status: 400, code: 'invalid_parameter' },
    { op: leiEntiteiten, url: '/v1/lei/entiteiten?rijen=501', params: {}, status: 400, code: 'invalid_parameter' },
    { op: leiEntiteiten, url: '/v1/lei/entiteiten?start=-1', params: {}, status: 400, code: 'invalid_parameter' },
    { op: leiEntiteiten, url: '/v1/lei/entiteiten?kvk_nummer=12', params: {}, status: 400, code: 'invalid_parameter' },
    { op: leiEntiteiten, url: '/v1/lei/entiteiten?q=a', params: {}, status: 400, code: 'invalid_parameter' },
    { op: leiEntiteiten, url: '/v1/lei/entiteiten?waar=x', params: {}, status: 400, code: 'invalid_parameter' },
  ] as const)('%#: $url → $status $code', { timeout: SLOW }, async ({ op, url, params, status, code }) => {
    const r = await call(op, url, params as Record<string, string>);
    expect(r.status).toBe(status);
    expect(r.body.errorCode).toBe(code);
  });
});
