// The project's Spectral ruleset narrows the ADR rule problem-invalid-input to the method keys: a GET with
// parameters or a POST without 400 is still an error, a key that merely contains "post" (postcode in a response
// example) is not.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function lint(doc: object): { code: string; path: string[] }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spectral-'));
  fs.writeFileSync(path.join(dir, 'oas.json'), JSON.stringify(doc));
  spawnSync(path.join(root, 'node_modules/.bin/spectral'), ['lint', '-r', path.join(root, 'scripts/lint/ruleset.yaml'), '-f', 'json', '-o', path.join(dir, 'out.json'), path.join(dir, 'oas.json')], { encoding: 'utf8' });
  return JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8'));
}

const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, example: { data: { postcode: '3012BR', meest_voorkomende_postcode: '3012BR' } } } } };
const fout = { description: 'fout', content: { 'application/problem+json': { schema: { type: 'object' } } } };
const info = { title: 't', version: '1.0.0', contact: { name: 'x', email: 'x@example.org', url: 'https://example.org' } };
const q = [{ name: 'q', in: 'query', schema: { type: 'string' } }];

describe('Spectral ruleset: problem-invalid-input', () => {
  it('asks a 400 of a GET with parameters and of a POST, not of an example key containing "post"', () => {
    const results = lint({
      openapi: '3.1.0',
      info,
      servers: [{ url: '/v1' }],
      paths: {
        '/met': { get: { operationId: 'met', parameters: q, responses: { '200': ok, '400': fout } } },
        '/zonder': { get: { operationId: 'zonder', parameters: q, responses: { '200': ok } } },
        '/post': { post: { operationId: 'post', responses: { '200': ok } } },
      },
    });
    const hits = results.filter((r) => r.code.startsWith('nlgov:problem-invalid-input')).map((r) => r.path.slice(0, 3).join('.'));
    expect(hits.sort()).toEqual(['paths./post.post', 'paths./zonder.get']);
  }, 60_000);
});
