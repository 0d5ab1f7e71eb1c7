// The platform contract over real HTTP: envelope, headers, problems for bad input, unknown paths and
// wrong methods, CORS, and no user input in the server log.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { draaiProces } from '../draai-proces';
import { api } from './http';

describe('envelope and headers', () => {
  it('GET /v1/bronnen answers the standard envelope with API-Version', async () => {
    const r = await api('/v1/bronnen');
    expect(r.status).toBe(200);
    expect(r.headers.get('api-version')).toBe('1.0.0-beta');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(Object.keys(r.body).sort()).toEqual(['api', 'bronnen', 'data', 'duur_ms', 'gegenereerd_op', 'onderdeel', 'versie']);
    expect(r.body.versie).toBe('1.0.0-beta');
    expect(Number.isInteger(r.body.duur_ms)).toBe(true);
    expect(new Date(r.body.gegenereerd_op).toISOString()).toBe(r.body.gegenereerd_op);
    expect(r.body.bronnen[0]).toMatchObject({ bron: 'eigen-dienst', status: 'ok' });
  });

  it('HEAD answers like GET without a body', async () => {
    const r = await fetch(inject('appUrl') + '/v1/verduurzaming', { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.headers.get('api-version')).toBe('1.0.0-beta');
    expect(await r.text()).toBe('');
  });
});

describe('problems', () => {
  const table: [string, string, number, string][] = [
    ['suggest with a one-letter q', '/v1/addrreg/suggest?q=a', 400, 'invalid_parameter'],
    ['suggest without q', '/v1/addrreg/suggest', 400, 'invalid_parameter'],
    ['adressen with rows above 50', '/v1/addrreg/adressen?q=Damrak&rows=51', 400, 'invalid_parameter'],
    ['adressen with a decimal start', '/v1/addrreg/adressen?q=Damrak&start=1.5', 400, 'invalid_parameter'],
    ['an unknown query parameter', '/v1/bronnen?foo=1', 400, 'invalid_parameter'],
    ['an unknown path under /v1', '/v1/bestaat-niet', 404, 'not_found'],
    ['a nested unknown path', '/v1/addrreg/suggest/extra', 404, 'not_found'],
    ['the bare /v1 prefix', '/v1', 404, 'not_found'],
    ['a malformed percent-encoding in the path', '/v1/addrreg/%zz', 400, 'bad_request'],
  ];
  it.each(table)('%s -> %i %s', async (_name, path, status, code) => {
    const r = await api(path);
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.headers.get('api-version')).toBe('1.0.0-beta');
    expect(r.body).toMatchObject({ status, errorCode: code });
    expect(typeof r.body.title).toBe('string');
    expect(typeof r.body.detail).toBe('string');
    expect(r.body.instance).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.(js|ts):\d+|node_modules|Error:/);
  });

  it('one 400 problem lists every invalid parameter by name', async () => {
    const r = await api('/v1/addrreg/adressen?q=x&rows=0&start=-1');
    expect(r.status).toBe(400);
    const names = r.body.invalid_params.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['q', 'rows', 'start']);
    expect(r.body.detail).toContain('q');
    for (const p of r.body.invalid_params) expect(p.in).toBe('query');
  });

  it('the 400 for suggest?q=a names q', async () => {
    const r = await api('/v1/addrreg/suggest?q=a');
    expect(r.body.invalid_params).toEqual([expect.objectContaining({ name: 'q', in: 'query' })]);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s on a GET operation -> 405 problem with Allow', async (method) => {
    const r = await api('/v1/bronnen', { method });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toContain('GET');
    expect(r.body).toMatchObject({ status: 405, errorCode: 'method_not_allowed' });
  });

  it('POST on an unknown path is a 404 problem, not an HTML page', async () => {
    const r = await api('/v1/nergens', { method: 'POST' });
    expect(r.status).toBe(404);
    expect(r.body.errorCode).toBe('not_found');
  });
});

describe('CORS', () => {
  it('a preflight from another origin is allowed for GET', async () => {
    const r = await fetch(inject('appUrl') + '/v1/addrreg/suggest', {
      method: 'OPTIONS',
      headers: { Origin: 'https://voorbeeld.nl', 'Access-Control-Request-Method': 'GET' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-methods')).toContain('GET');
  });
});

describe('logging', () => {
  it('the server log holds no query values', async () => {
    const marker = 'Geheimestraat' + Date.now();
    await api(`/v1/addrreg/suggest?q=${marker}`);
    await api(`/v1/addrreg/adressen?q=${marker}&rows=999`);
    await new Promise((r) => setTimeout(r, 300));
    const log = fs.readFileSync(inject('serverLog'), 'utf8');
    expect(log).toContain('"event":"verzoek"');
    expect(log).not.toContain(marker);
  });
});

describe('the production server on a taken port', () => {
  it('exits with code 1 and one line naming PORT instead of running without serving', async () => {
    const poort = new URL(inject('appUrl')).port; // the suite's own server holds it
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-bezet-'));
    const r = await draaiProces(['scripts/serve.mjs', '-p', poort, '-H', '127.0.0.1'], { PGLITE_DIR: dir, DATABASE_URL: '', JOBS: 'uit', NEXT_TELEMETRY_DISABLED: '1' }, 50_000);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.code).toBe(1);
    expect(r.uit).toContain(`» Poort ${poort} is al in gebruik: stop wat daar draait, of kies een andere poort met PORT=<poort>`);
    expect(r.uit).not.toMatch(/EADDRINUSE|\n\s+at /);
    // The operator's promise is "within seconds"; generous here, the suite may be busy.
    expect(r.ms).toBeLessThan(45_000);
  }, 60_000);
});
