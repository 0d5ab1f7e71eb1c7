// The server's client (getDb) on PGlite in a worker thread: migrations on open, Prisma's error mapping
// (P2002), interactive transactions, raw COPY, closeDb releasing worker and lock; and PGLITE_WORKER=uit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Prisma } from '../generated/prisma/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, rawDatabase } from './client';
import { LOCK_FILE } from './pglite.mjs';
import { PGliteWorkerProxy } from './pglite-proxy.mjs';
import { copyIn } from './raw-copy';

const SLOW = 120_000;
const saved = { PGLITE_DIR: process.env.PGLITE_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL, PGLITE_WORKER: process.env.PGLITE_WORKER };
let tmp = '';

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-client-worker-'));
  process.env.PGLITE_DIR = path.join(tmp, 'pglite');
  process.env.DATABASE_URL = '';
  process.env.LOG_LEVEL = 'silent';
});
afterEach(async () => {
  await closeDb();
  delete process.env.PGLITE_WORKER;
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('getDb on PGlite in a worker thread', () => {
  it(
    'migrates, maps errors, runs interactive transactions and COPY, and closeDb releases the lock',
    async () => {
      const db = await openDb();
      const raw = await rawDatabase(db);
      expect(raw?.kind).toBe('pglite');
      expect(raw?.kind === 'pglite' && raw.pglite).toBeInstanceOf(PGliteWorkerProxy);

      await db.bronStatus.create({ data: { bron: 'a', aantal_ok: 5n } });
      const dup = await db.bronStatus.create({ data: { bron: 'a' } }).catch((e: unknown) => e);
      expect(dup).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect((dup as Prisma.PrismaClientKnownRequestError).code).toBe('P2002');

      await expect(
        db.$transaction(async (tx) => {
          await tx.bronStatus.create({ data: { bron: 'b' } });
          throw new Error('stop');
        }),
      ).rejects.toThrow('stop');
      await db.$transaction(async (tx) => {
        await tx.bronStatus.update({ where: { bron: 'a' }, data: { aantal_fout: { increment: 2 } } });
      });
      await db.$transaction([db.bronStatus.create({ data: { bron: 'c' } }), db.bronStatus.count()]);

      const n = await copyIn(raw!, 'bron_status', ['bron', 'aantal_ok'], new TextEncoder().encode('d\t7\ne\t8\n'));
      expect(n).toBe(2);

      const rows = await db.bronStatus.findMany({ orderBy: { bron: 'asc' } });
      expect(rows.map((r) => [r.bron, r.aantal_ok, r.aantal_fout])).toEqual([
        ['a', 5n, 2n],
        ['c', 0n, 0n],
        ['d', 7n, 0n],
        ['e', 8n, 0n],
      ]);
      expect(rows[0].bijgewerkt_op).toBeInstanceOf(Date);
      expect(fs.existsSync(path.join(tmp, 'pglite', LOCK_FILE))).toBe(true);

      await closeDb();
      expect(fs.existsSync(path.join(tmp, 'pglite', LOCK_FILE))).toBe(false);
      expect(raw?.kind === 'pglite' && raw.pglite.closed).toBe(true);
    },
    SLOW,
  );

  it(
    'runs PGlite in-process with PGLITE_WORKER=uit, on the same data',
    async () => {
      process.env.PGLITE_WORKER = 'uit';
      const db = await openDb();
      const raw = await rawDatabase(db);
      expect(raw?.kind === 'pglite' && raw.pglite).not.toBeInstanceOf(PGliteWorkerProxy);
      expect(await db.bronStatus.count()).toBe(4);
    },
    SLOW,
  );
});
