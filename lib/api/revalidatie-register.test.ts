// Revalidation of a register answer through its route, with access on (the rate limit counted in the database),
// on both backends: a register detail (fsp) declares its register's published version as cache basis, so its
// ETag is derived before it runs, it is public for shared caches (a key does not change it), a repeat with
// If-None-Match is a 304 that only peeks at the rate limit (without a read while this process holds a block of
// the address's limit), a revalidation that misses reads the rate limit once (the count itself, no peek before
// it), and a new published version changes the ETag.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { route } from '@/lib/api/route';
import { PUBLISHED_MAX_AGE_S } from '@/lib/api/cache';
import { geefSleutelUit } from '@/lib/access/store';
import { getDb } from '@/lib/db/client';
import { importFsp } from '@/lib/registers/fsp/import';
import { fspInstelling } from '@/lib/services/fsp/instelling';
import { postgresMissing, useTestDatabase } from '@/test/db/test-database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const ZIP = path.join(root, 'test/fixtures/registers/afm/wfd-extern-register-3.0_structure_opgebouwd.zip');
const SLOW = 180_000;
const ID = 'a3f1c2d4-0001-4b5e-9c1d-000000000001';

describe.each(['pglite', 'postgresql'] as const)('revalidating a register answer on %s', (kind) => {
  // Without a PostgreSQL server here the postgresql half is skipped, as in the other tests on both backends.
  describe.skipIf(kind === 'postgresql' && !!postgresMissing)(kind, () => {
    useTestDatabase(kind, `nlods-revalidatie-register-${kind}-`);
    let key = '';
    beforeAll(async () => {
      process.env.TOEGANG = 'aan';
      await importFsp({ file: ZIP, peildatum: new Date('2026-11-20T09:00:00.000Z') });
      key = (await geefSleutelUit(getDb(), 'standard', { naam: 't', email: 't@example.org', gebruik: 'test' })).sleutel;
    }, SLOW);
    afterAll(() => {
      process.env.TOEGANG = 'uit';
    });
    afterEach(() => vi.restoreAllMocks());

    // A new address per request that counts from scratch: its first count reserves a block in the database.
    let n = 0;
    const freshIp = () => `198.51.100.${(kind === 'pglite' ? 0 : 100) + ++n}`;
    const get = async (headers: Record<string, string>) => {
      const res = await route(fspInstelling).GET(new Request(`http://localhost/v1/fsp/instellingen/${ID}`, { headers }), { params: Promise.resolve({ id: ID }) });
      return { status: res.status, headers: res.headers, text: await res.text() };
    };
    /** The statements on the rate-limit counter while `f` runs. */
    const counterStatements = async <T,>(f: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
      const db = getDb();
      const original = db.$queryRaw.bind(db);
      const statements: string[] = [];
      vi.spyOn(db, '$queryRaw').mockImplementation(((query: TemplateStringsArray, ...values: unknown[]) => {
        const sql = Array.isArray(query) ? query.join('?') : String(query);
        if (sql.includes('rate_teller')) statements.push(sql.trim().split(/\s+/)[0]);
        return original(query, ...values);
      }) as typeof db.$queryRaw);
      const result = await f();
      vi.restoreAllMocks();
      return { result, statements };
    };

    it('a register answer has an ETag of the published version and is public, also with a key', { timeout: SLOW }, async () => {
      const first = await get({ 'X-Forwarded-For': freshIp() });
      expect(first.status).toBe(200);
      const etag = first.headers.get('ETag')!;
      expect(etag).toMatch(/^W\/"v\./);
      expect(first.headers.get('Cache-Control')).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
      expect(first.headers.get('Vary')).toBe('Accept, Accept-Encoding');
      expect(first.headers.get('RateLimit-Limit')).toBeTruthy();
      // A key does not change a register answer: the same ETag, and shared caches may keep it.
      const keyed = await get({ 'X-Forwarded-For': freshIp(), 'X-Api-Key': key });
      expect(keyed.headers.get('ETag')).toBe(etag);
      expect(keyed.headers.get('Cache-Control')).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    });

    it('a matching revalidation is a 304 that only peeks at the rate limit; a miss reads it once (the count)', { timeout: SLOW }, async () => {
      const etag = (await get({ 'X-Forwarded-For': freshIp() })).headers.get('ETag')!;
      const hit = await counterStatements(() => get({ 'X-Forwarded-For': freshIp(), 'If-None-Match': etag }));
      expect(hit.result.status).toBe(304);
      expect(hit.result.text).toBe('');
      expect(hit.result.headers.get('ETag')).toBe(etag);
      expect(hit.result.headers.get('Cache-Control')).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
      expect(hit.result.headers.get('RateLimit-Remaining')).toBeTruthy();
      expect(hit.statements).toEqual(['SELECT']);

      const miss = await counterStatements(() => get({ 'X-Forwarded-For': freshIp(), 'If-None-Match': 'W/"v.iets-anders"' }));
      expect(miss.result.status).toBe(200);
      expect(miss.result.headers.get('ETag')).toBe(etag);
      expect(miss.statements).toEqual(['INSERT']);

      // Without If-None-Match: the same one count.
      const ip = freshIp();
      const plain = await counterStatements(() => get({ 'X-Forwarded-For': ip }));
      expect(plain.result.status).toBe(200);
      expect(plain.statements).toEqual(['INSERT']);
      // This process now holds a block for that address: its next 304 and its next count read nothing.
      const left = Number(plain.result.headers.get('RateLimit-Remaining'));
      const peek = await counterStatements(() => get({ 'X-Forwarded-For': ip, 'If-None-Match': etag }));
      expect(peek.result.status).toBe(304);
      expect(peek.statements).toEqual([]);
      expect(Number(peek.result.headers.get('RateLimit-Remaining'))).toBe(left); // nothing used
      const next = await counterStatements(() => get({ 'X-Forwarded-For': ip }));
      expect(next.statements).toEqual([]);
      expect(Number(next.result.headers.get('RateLimit-Remaining'))).toBe(left - 1);
    });

    it('a newly published version changes the ETag: the old one gets the full answer', { timeout: SLOW }, async () => {
      const etag = (await get({ 'X-Forwarded-For': freshIp() })).headers.get('ETag')!;
      await importFsp({ file: ZIP, peildatum: new Date('2026-11-21T09:00:00.000Z'), forceer: true });
      const again = await get({ 'X-Forwarded-For': freshIp(), 'If-None-Match': etag });
      expect(again.headers.get('ETag')).not.toBe(etag);
      expect(again.status).not.toBe(304);
    });
  });
});
