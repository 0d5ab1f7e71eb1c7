// The served OpenAPI document: valid OpenAPI 3.1 by Redocly, the Dutch API Design Rules by Spectral,
// and complete with respect to the declarations (every operation, parameter bound and status).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './http';

const root = path.resolve(__dirname, '../..');
let doc: any; // eslint-disable-line @typescript-eslint/no-explicit-any
let file: string;

beforeAll(async () => {
  const r = await api('/v1/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oas-')), 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with the API version, the /v1 server and the problem schema', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe('/v1');
    expect(doc.info.version).toBe('1.0.0-beta');
    expect(doc.components.schemas.Problem.required).toEqual(expect.arrayContaining(['title', 'status', 'detail', 'errorCode']));
  });

  it('states the bounds and defaults of addrreg/adressen exactly as the spec', () => {
    const params = doc.paths['/addrreg/adressen'].get.parameters;
    const byName = Object.fromEntries(params.map((p: { name: string }) => [p.name, p]));
    expect(byName.q.required).toBe(true);
    expect(byName.q.schema.minLength).toBe(2);
    expect(byName.rows.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 8 });
    expect(byName.start.schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
  });

  it('lists every status the operations declare', () => {
    const get = doc.paths['/addrreg/lookup'].get;
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
    expect(get.responses['404'].content['application/problem+json']).toBeDefined();
  });

  it('passes Redocly lint', () => {
    const r = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'], {
      encoding: 'utf8',
      cwd: root,
    });
    const report = JSON.parse(r.stdout);
    const errors = report.problems.filter((p: { severity: string }) => p.severity === 'error');
    expect(errors.map((e: { message: string }) => e.message)).toEqual([]);
    expect(r.status).toBe(0);
  }, 60_000);

  it('passes the Dutch API Design Rules (Spectral) without errors', () => {
    const r = spawnSync(
      path.join(root, 'node_modules/.bin/spectral'),
      ['lint', '-r', path.join(root, 'scripts/lint/ruleset.yaml'), '--format', 'json', '-o', `${file}.spectral.json`, '--fail-severity', 'error', file],
      { encoding: 'utf8', cwd: root },
    );
    expect(fs.existsSync(`${file}.spectral.json`), r.stderr).toBe(true);
    const results = JSON.parse(fs.readFileSync(`${file}.spectral.json`, 'utf8')) as { code: string; severity: number; message: string; path: string[] }[];
    const errors = results.filter((x) => x.severity === 0).map((x) => `${x.code} ${x.path.join('.')}: ${x.message}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
