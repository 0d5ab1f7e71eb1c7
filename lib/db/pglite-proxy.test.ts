// PGlite in a worker thread (pglite-proxy.mjs + pglite-worker.mjs) against in-process PGlite: same
// values, same errors, same transaction behaviour, blobs, the lock, and the in-process fallback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { messages, type PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, acquirePgliteLock, openPGlite } from './pglite.mjs';
import { PGliteWorkerProxy, openPGliteWorker, pgliteWorkerEnabled, pgliteWorkerScript } from './pglite-proxy.mjs';

const SLOW = 60_000;
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-pgworker-'));
  dirs.push(d);
  return d;
};

const SETUP = `
  CREATE TABLE t (
    id int PRIMARY KEY, big bigint, num numeric(12,3), txt text, tags text[], ok boolean, dag date,
    ts timestamptz, js json, jb jsonb, raw bytea, ints int[], nums numeric[], dagen date[]
  );
  INSERT INTO t VALUES
    (1, 9007199254740993, 12.5, 'één "quote"', ARRAY['a','b,c',NULL,'d"e'], true, '2024-02-29',
     '2024-03-01 12:34:56.789+01', '{"a":[1,2]}', '{"b":{"c":null}}', '\\x00ff10', ARRAY[1,NULL,3],
     ARRAY[1.5,2.25], ARRAY['2020-01-01'::date]),
    (2, 42, NULL, NULL, '{}', false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
`;
const SELECT = 'SELECT *, id::int2 AS small, id::float8 AS dbl, id::oid AS o, now() - now() AS iv FROM t ORDER BY id';

let inproc: { db: PGlite; close: () => Promise<void> };
let worker: { db: PGlite; close: () => Promise<void>; worker: boolean };

beforeAll(async () => {
  [inproc, worker] = await Promise.all([openPGlite('memory://'), openPGliteWorker('memory://')]);
  expect(worker.worker).toBe(true);
  expect(worker.db).toBeInstanceOf(PGliteWorkerProxy);
  await inproc.db.exec(SETUP);
  await worker.db.exec(SETUP);
}, SLOW);
afterAll(async () => {
  await inproc?.close();
  await worker?.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('PGlite worker proxy: values', () => {
  it('parses every type we use exactly as in-process PGlite (object rows)', async () => {
    const [a, b] = [await inproc.db.query(SELECT), await worker.db.query(SELECT)];
    expect(b).toEqual(a);
    const row = b.rows[0] as Record<string, unknown>;
    expect(row.big).toBe(9007199254740993n);
    expect(row.tags).toEqual(['a', 'b,c', null, 'd"e']);
    expect(row.ts).toBeInstanceOf(Date);
    expect(row.raw).toEqual(new Uint8Array([0, 255, 16]));
    expect(row.jb).toEqual({ b: { c: null } });
  });

  it('applies rowMode array and the parsers option (as the Prisma adapter does)', async () => {
    const parsers = { 1700: (x: string) => `N${x}`, 1231: (x: string) => `A${x}`, 20: (x: string) => x, 1184: (x: string) => x.replace(' ', 'T') };
    const opts = { rowMode: 'array' as const, parsers };
    const [a, b] = [await inproc.db.query(SELECT, [], opts), await worker.db.query(SELECT, [], opts)];
    expect(b).toEqual(a);
    expect((b.rows[0] as unknown[])[2]).toBe('N12.500');
  });

  it('sends parameters of every type like in-process PGlite', async () => {
    const sql = `SELECT $1::int a, $2::bigint b, $3::numeric c, $4::text[] d, $5::bool e, $6::date f, $7::timestamptz g,
                        $8::jsonb h, $9::bytea i, $10::text j, $11::json k`;
    const buf = Buffer.from('xyz'); // a view on Node's shared pool
    const params = [7, 12345678901234567n, '1.25', ['x', 'y z'], false, '2024-01-02', new Date('2024-05-06T07:08:09.123Z'), { q: [1, 'two'] }, buf, null, '[1,2]'];
    const [a, b] = [await inproc.db.query(sql, params), await worker.db.query(sql, params)];
    expect(b).toEqual(a);
    expect((b.rows[0] as Record<string, unknown>).i).toEqual(new Uint8Array(buf));
  });

  it('returns exec results and affected rows like in-process PGlite', async () => {
    const sql = `CREATE TEMP TABLE e (x int); INSERT INTO e VALUES (1),(2),(3); UPDATE e SET x = x + 1 WHERE x > 1; SELECT * FROM e ORDER BY x; DROP TABLE e`;
    const [a, b] = [await inproc.db.exec(sql), await worker.db.exec(sql)];
    expect(b).toEqual(a);
    expect(b[3].rows).toEqual([{ x: 1 }, { x: 3 }, { x: 4 }]);
  });

  it('supports the sql template tag', async () => {
    const r = await worker.db.sql`SELECT ${5}::int + 1 AS n`;
    expect(r.rows).toEqual([{ n: 6 }]);
  });
});

describe('PGlite worker proxy: errors and transactions', () => {
  it('throws DatabaseError instances with the same fields', async () => {
    const fail = async (db: PGlite) => db.query('INSERT INTO t (id) VALUES ($1)', [1]).then(() => null, (e: unknown) => e);
    const [a, b] = (await Promise.all([fail(inproc.db), fail(worker.db)])) as messages.DatabaseError[];
    expect(b).toBeInstanceOf(messages.DatabaseError);
    expect(b.code).toBe('23505');
    for (const k of ['message', 'code', 'detail', 'severity', 'schema', 'table', 'constraint', 'routine', 'file', 'name', 'length'] as const) {
      expect(b[k], k).toEqual(a[k]);
    }
    expect((b as unknown as { query: string }).query).toBe('INSERT INTO t (id) VALUES ($1)');
    await expect(worker.db.exec('SELEKT 1')).rejects.toMatchObject({ code: '42601' });
    expect(await worker.db.query('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] }); // still usable
  });

  it('commits a transaction, rolls back one that throws, and honours tx.rollback()', async () => {
    const db = worker.db;
    await db.exec('CREATE TABLE tx (x int)');
    expect(await db.transaction(async (tx) => (await tx.query('INSERT INTO tx VALUES (1)')).affectedRows)).toBe(1);
    const boom = new Error('boom');
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('INSERT INTO tx VALUES (2)');
        throw boom;
      }),
    ).rejects.toBe(boom);
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx VALUES (3)');
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    });
    // A database error inside: the transaction is rolled back and the error passes through.
    await expect(db.transaction(async (tx) => tx.query('INSERT INTO t (id) VALUES (1)'))).rejects.toBeInstanceOf(messages.DatabaseError);
    expect((await db.query('SELECT x FROM tx ORDER BY x')).rows).toEqual([{ x: 1 }]);
  });

  it('keeps other queries out while a transaction is open', async () => {
    const db = worker.db;
    await db.exec('CREATE TABLE wait (x int)');
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO wait VALUES (1)');
      outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM wait').then((r) => {
        order.push(`outside ${r.rows[0].n}`);
      });
      await new Promise((r) => setTimeout(r, 150));
      await tx.query('INSERT INTO wait VALUES (2)');
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside 2']);
  });
});

describe('PGlite worker proxy: blobs', () => {
  it('loads COPY data from a blob inside a transaction (lib/db/raw-copy.ts) and writes one back', async () => {
    const db = worker.db;
    await db.exec('CREATE TABLE cp (a int, b text)');
    const data = new TextEncoder().encode('1\té\n2\t\\N\n3\tdrie\n');
    const n = await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL gin_pending_list_limit = '16MB'`);
      return (await tx.query(`COPY cp (a, b) FROM '/dev/blob'`, [], { blob: new Blob([data]) })).affectedRows;
    });
    expect(n).toBe(3);
    expect((await db.query('SELECT * FROM cp ORDER BY a')).rows).toEqual([
      { a: 1, b: 'é' },
      { a: 2, b: null },
      { a: 3, b: 'drie' },
    ]);
    const out = await db.query(`COPY cp TO '/dev/blob'`);
    expect(out.blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await out.blob!.arrayBuffer())).toEqual(data);
  });
});

describe('PGlite worker proxy: lock, close, fallback', () => {
  it(
    'holds the lock while open, releases it on close, and reopens with the data intact',
    async () => {
      const dir = tmp();
      const first = await openPGliteWorker(dir);
      expect(first.worker).toBe(true);
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
      expect(() => acquirePgliteLock(dir)).toThrow(/already held by this process/);
      await first.db.exec('CREATE TABLE keep (x int); INSERT INTO keep VALUES (42)');
      await first.close();
      expect(first.db.closed).toBe(true);
      expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
      await expect(first.db.query('SELECT 1')).rejects.toThrow(/closed/);

      const second = await openPGliteWorker(dir);
      try {
        expect((await second.db.query('SELECT x FROM keep')).rows).toEqual([{ x: 42 }]);
      } finally {
        await second.close();
      }
    },
    SLOW,
  );

  it(
    'fails pending and later queries (and logs) when the worker dies, and close still releases the lock',
    async () => {
      const dir = tmp();
      const dying = path.join(dir, 'dying-worker.mjs');
      fs.writeFileSync(
        dying,
        `import { parentPort } from 'node:worker_threads';\n` +
          `await import(${JSON.stringify(pathToFileURL(pgliteWorkerScript()).href)});\n` +
          `parentPort.on('message', (m) => { if (m.sql === 'SELECT 42') process.exit(3); });\n`,
      );
      const logged: string[] = [];
      const db = await openPGliteWorker(path.join(dir, 'pglite'), { script: dying, log: (_level, event) => logged.push(event) });
      expect(db.worker).toBe(true);
      expect((await db.db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await expect(db.db.query('SELECT 42')).rejects.toThrow(/exit code 3/); // pending when it died
      await expect(db.db.query('SELECT 1')).rejects.toThrow(/exit code 3/);
      expect(db.db.closed).toBe(true);
      expect(logged).toEqual(['pglite_worker_gestopt']);
      await db.close();
      expect(fs.existsSync(path.join(dir, 'pglite', LOCK_FILE))).toBe(false);
    },
    SLOW,
  );

  it('is switched off by PGLITE_WORKER=uit/off/0/false', () => {
    expect(pgliteWorkerEnabled({})).toBe(true);
    expect(pgliteWorkerEnabled({ PGLITE_WORKER: 'aan' })).toBe(true);
    for (const v of ['uit', 'off', '0', 'false', 'OFF']) expect(pgliteWorkerEnabled({ PGLITE_WORKER: v })).toBe(false);
  });

  it(
    'falls back to in-process PGlite (with a log line) when the worker cannot start',
    async () => {
      const dir = tmp();
      const broken = path.join(dir, 'broken-worker.mjs');
      fs.writeFileSync(broken, 'throw new Error("no worker today");\n');
      for (const script of [path.join(dir, 'missing.mjs'), broken]) {
        const logged: string[] = [];
        const db = await openPGliteWorker(path.join(dir, 'pglite'), { script, log: (_level, event) => logged.push(event) });
        try {
          expect(db.worker).toBe(false);
          expect(db.db).not.toBeInstanceOf(PGliteWorkerProxy);
          expect(logged).toEqual(['pglite_worker_niet_gestart']);
          expect((await db.db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        } finally {
          await db.close();
        }
        expect(fs.existsSync(path.join(dir, 'pglite', LOCK_FILE))).toBe(false);
      }
    },
    SLOW,
  );
});
