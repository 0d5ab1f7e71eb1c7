// The per-process manifest cache: shared within its TTL, re-read after it, cleared at once by an
// import event in this process, and never shared between two databases.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { useTestDatabase } from '@/test/db/test-database';
import { importCharity } from '../charity/import';
import { cachedManifest, invalidateManifest, MANIFEST_TTL_MS } from './manifest-cache';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ANBI = path.join(root, 'test/fixtures/registers/anbi/anbi-sample.zip');

describe('manifest cache', () => {
  useTestDatabase('pglite', 'nlods-manifest-cache-');

  it('serves within the TTL, re-reads after it, and a publish here clears it at once', { timeout: 120_000 }, async () => {
    const db = getDb();
    expect(await cachedManifest(db, 'charity')).toBeNull(); // nothing published: not kept
    const first = await importCharity({ file: ANBI, db });
    const t = Date.now();
    const m1 = await cachedManifest(db, 'charity', t);
    expect(m1?.import_id).toBe(first.importId);

    // Another process changes the manifest: within the TTL the cached one is served, after it the new one.
    await db.$executeRaw`UPDATE register_import SET sha256 = 'elders-gewijzigd' WHERE id = ${first.importId}`;
    expect((await cachedManifest(db, 'charity', t + 10))?.sha256).toBe(m1?.sha256);
    expect((await cachedManifest(db, 'charity', t + MANIFEST_TTL_MS + 1))?.sha256).toBe('elders-gewijzigd');

    // An import in this process: the next read sees the new version without waiting for the TTL.
    const second = await importCharity({ file: ANBI, db, forceer: true }); // the same file again, on purpose
    expect((await cachedManifest(db, 'charity'))?.import_id).toBe(second.importId);

    invalidateManifest('charity');
    expect((await cachedManifest(db, 'charity'))?.import_id).toBe(second.importId);
  });
});
