// Revalidation over real HTTP (next start behind scripts/serve.mjs): the monitor's status carries an ETag, a
// public max-age and Vary; a repeat with If-None-Match is a 304 without body that does not lower
// RateLimit-Remaining; a register answer with a content ETag answers 304 too. (The rules in detail:
// lib/api/cache.test.ts; counting on both databases: lib/services/distributiemonitor/revalidatie.test.ts.)
import { describe, expect, it } from 'vitest';
import { api } from './http';

/** The fields of a Vary header (Next.js puts its own router fields in front of the operation's). */
const varyFields = (h: Headers) => (h.get('vary') ?? '').split(',').map((s) => s.trim().toLowerCase());

describe('revalidation over HTTP', () => {
  it('answers a monitor revalidation 304 without body and without using the budget', async () => {
    const first = await api('/v1/distributiemonitor');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"v\./);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    expect(varyFields(first.headers)).toEqual(expect.arrayContaining(['accept', 'accept-encoding', 'x-api-key', 'authorization']));
    expect(first.headers.get('access-control-expose-headers')).toContain('ETag');

    const again = await api('/v1/distributiemonitor', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    expect(again.headers.get('vary')).toBe(first.headers.get('vary'));
    expect(again.headers.get('api-version')).toBe(first.headers.get('api-version'));
    // Not counted: what is left is not lower (higher only if the hour turned in between).
    expect(Number(again.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(Number(first.headers.get('ratelimit-remaining')));
    expect(Number(again.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
  });

  it('answers a content ETag with 304 where no version is declared', async () => {
    const first = await api('/v1/bronnen');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(varyFields(first.headers)).toEqual(expect.arrayContaining(['accept', 'accept-encoding']));
    expect(varyFields(first.headers)).not.toContain('x-api-key');
    const again = await api('/v1/bronnen', { headers: { 'If-None-Match': `"iets", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
  });

  it('allows If-None-Match in a CORS preflight', async () => {
    const r = await api('/v1/distributiemonitor', { method: 'OPTIONS', headers: { Origin: 'https://elders.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match' } });
    expect(r.headers.get('access-control-allow-headers')).toContain('If-None-Match');
  });
});
