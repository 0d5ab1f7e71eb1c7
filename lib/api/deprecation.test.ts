// A deprecated operation, declared once: its answers carry Deprecation, Sunset and Link, the OpenAPI document
// marks it, and the changelog it links to is served and names the current version.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation } from './operation';
import { route } from './route';
import { buildOpenApi } from './openapi';
import { changelogRoutes } from './changelog';
import { API_VERSION } from './version';

const oud = operation({
  id: 'test-oud',
  path: '/v1/test/oud',
  api: 'test',
  bronType: 'eigen-dienst',
  summary: 'Oude operatie',
  sources: [],
  params: { query: z.object({ n: z.coerce.number().int().optional() }) },
  statuses: [200, 400],
  onderdeel: 'oud',
  deprecated: { sinds: '2026-12-01', sunset: '2027-06-01', opvolger: '/v1/test/nieuw' },
  handle: async () => ({ data: { ok: true }, bronnen: [] }),
});
const get = (query = '') => route(oud).GET(new Request(`http://t/v1/test/oud${query}`), { params: Promise.resolve({}) });

describe('deprecated operations', () => {
  it('answer with Deprecation (RFC 9745), Sunset (RFC 8594) and Link to the successor and the changelog', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('Deprecation')).toBe(`@${Date.UTC(2026, 11, 1) / 1000}`);
    expect(res.headers.get('Sunset')).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
    expect(res.headers.get('Link')).toBe('</v1/test/nieuw>; rel="successor-version", </v1/changelog>; rel="deprecation"; type="text/markdown"');
  });

  it('carry the headers on a problem too', async () => {
    const res = await get('?n=abc');
    expect(res.status).toBe(400);
    expect(res.headers.get('Deprecation')).toMatch(/^@\d+$/);
  });

  it('are marked deprecated in the OpenAPI document, with the dates in the description', () => {
    const doc = buildOpenApi([oud]) as { paths: Record<string, Record<string, { deprecated?: boolean; description?: string }>> };
    const op = doc.paths['/test/oud'].get;
    expect(op.deprecated).toBe(true);
    expect(op.description).toContain('Verouderd sinds 2026-12-01; verdwijnt op 2027-06-01; gebruik /v1/test/nieuw');
  });

  it('an operation that is not deprecated carries none of these headers', async () => {
    const nieuw = operation({ ...oud, id: 'test-nieuw', path: '/v1/test/nieuw', deprecated: undefined });
    const res = await route(nieuw).GET(new Request('http://t/v1/test/nieuw'), { params: Promise.resolve({}) });
    expect(res.headers.get('Deprecation')).toBeNull();
    expect(res.headers.get('Sunset')).toBeNull();
  });

  it('refuses a declaration with an unreadable date or a sunset before the deprecation', () => {
    expect(() => operation({ ...oud, deprecated: { sinds: '1 december' } })).toThrow(/ISO 8601/);
    expect(() => operation({ ...oud, deprecated: { sinds: '2027-01-01', sunset: '2026-01-01' } })).toThrow(/after sinds/);
  });
});

describe('GET /v1/changelog', () => {
  it('serves the API changelog as Markdown, naming the current version', async () => {
    const res = await changelogRoutes().GET(new Request('http://t/v1/changelog'));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('## [Unreleased]');
    expect(text).toContain(`## [${API_VERSION}]`);
  });
});
