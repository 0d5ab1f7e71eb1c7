// The project's Spectral ruleset lets through only the snake_case query keys the specification fixes:
// kvk_nummer passes, any other snake_case key is still an error.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function lint(queryKeys: string[]): { code: string; message: string }[] {
  const doc = {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0', contact: { name: 'x', email: 'x@example.org', url: 'https://example.org' } },
    servers: [{ url: '/v1' }],
    paths: {
      '/lijst': {
        get: {
          operationId: 'lijst',
          parameters: queryKeys.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
          responses: {
            '200': { description: 'ok', headers: { 'API-Version': { schema: { type: 'string' } } } },
            '400': { description: 'fout', content: { 'application/problem+json': { schema: { type: 'object', properties: { status: {}, title: {}, detail: {} } } } } },
          },
        },
      },
    },
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spectral-'));
  fs.writeFileSync(path.join(dir, 'oas.json'), JSON.stringify(doc));
  spawnSync(path.join(root, 'node_modules/.bin/spectral'), ['lint', '-r', path.join(root, 'scripts/lint/ruleset.yaml'), '-f', 'json', '-o', path.join(dir, 'out.json'), path.join(dir, 'oas.json')], { encoding: 'utf8' });
  return JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8'));
}

describe('Spectral ruleset with the specification’s query keys', () => {
  it('accepts kvk_nummer and camelCase keys, refuses other snake_case keys', () => {
    const results = lint(['kvk_nummer', 'rijen', 'eenSleutel', 'foo_bar']);
    const keyErrors = results.filter((r) => r.code.startsWith('nlgov:query-keys'));
    expect(keyErrors).toHaveLength(1);
    expect(keyErrors[0].message).toContain('foo_bar');
  }, 60_000);
});
