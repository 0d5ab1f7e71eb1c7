// Every route file under app/v1 binds a declared operation and every declared operation has its
// route file; ids are unique; paths follow the spec's /v1 prefix.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from './registry';

const appDir = path.resolve(__dirname, '../../app/v1');
/** Route files that are not operations: the catch-all 404, the bare /v1 prefix and the OpenAPI document. */
const NON_OPERATION_ROUTES = new Set(['/v1/{...pad}', '/v1', '/v1/openapi.json', '/v1/changelog']);

function routeFiles(dir: string, prefix = '/v1'): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name.replace(/^\[(.+)\]$/, '{$1}');
      out.push(...routeFiles(full, `${prefix}/${segment}`));
    } else if (entry.name === 'route.ts') {
      out.push({ path: prefix, file: full });
    }
  }
  return out;
}

describe('operation registry and route files', () => {
  const files = routeFiles(appDir).filter((f) => !NON_OPERATION_ROUTES.has(f.path));

  it('has a route file for every declared operation', () => {
    const filePaths = new Set(files.map((f) => f.path));
    const missing = operations.filter((o) => !filePaths.has(o.path)).map((o) => o.path);
    expect(missing).toEqual([]);
  });

  it('has a declared operation for every route file, bound with route()', () => {
    for (const f of files) {
      const op = operations.find((o) => o.path === f.path);
      expect(op, `route file ${f.file} without declared operation`).toBeDefined();
      const src = fs.readFileSync(f.file, 'utf8');
      // route(op), route(a, b, c) for the methods of one path, or route(factory('name')) for a family of operations declared from one table
      expect(src).toMatch(/export const \{ GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS \} = route\(\w+(\('\w+'\))?(, \w+)*\);/);
      expect(src.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(3);
    }
  });

  it('has unique ids and (method, path) pairs under /v1', () => {
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
    for (const o of operations) expect(o.path.startsWith('/v1/')).toBe(true);
  });
});
