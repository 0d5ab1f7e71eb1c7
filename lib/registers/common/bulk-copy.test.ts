// BulkWriter's COPY path (lib/db/raw-copy.ts + copy-text.ts) on both backends: hostile values must
// round-trip exactly, and the INSERT fallback must store the same.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { postgresMissing, useTestDatabase } from '@/test/db/test-database';
import { BulkWriter, bulkLoadStats, type BulkColumn } from './bulk-insert';
import { arrayLiteral, copyField, copyLine } from './copy-text';

const SLOW = 120_000;

const HOSTILE = [
  '',
  ' ',
  'tab\there',
  'new\nline',
  'cr\rlf\r\n',
  'back\\slash \\N \\. \\\\',
  '\\',
  '\\.',
  'NULL',
  '"quoted" \'single\'',
  '{braces,comma}',
  'unicode é€ 😀 \u00a0 \u2028',
  "'); DROP TABLE lei_entiteit; --",
  '\u0001\u001f\u007f',
];

const COLUMNS: BulkColumn[] = [
  { name: 'id', cast: 'integer' },
  { name: 't' },
  { name: 'arr', cast: 'text[]' },
  { name: 'j', cast: 'jsonb' },
  { name: 'ts', cast: 'timestamptz' },
];

function rows(): unknown[][] {
  const out: unknown[][] = [];
  HOSTILE.forEach((s, i) => {
    out.push([i, s, [s, `${s}|2`, ''], JSON.stringify({ s, list: [s, null], n: i }), i % 2 ? new Date(Date.UTC(2026, 0, 1, 0, 0, i)) : '2026-09-01T08:00:00.000Z']);
  });
  out.push([100, null, [], 'null', null]);
  out.push([101, 'x', null, JSON.stringify('a\\b\n"c"'), '2026-09-01T08:00:00Z']);
  out.push([102, 'x'.repeat(100_000), HOSTILE, JSON.stringify(HOSTILE), null]);
  return out;
}

const expected = (r: unknown[]) => ({
  id: r[0],
  t: r[1],
  arr: r[2],
  j: JSON.parse(r[3] as string),
  ts: r[4] === null ? null : new Date(r[4] as string | Date).toISOString(),
});

describe('copy-text encoding', () => {
  it('escapes the COPY text specials and nothing else', () => {
    expect(copyField('a\tb\nc\rd\\e "f" {g}')).toBe('a\\tb\\nc\\rd\\\\e "f" {g}');
    expect(arrayLiteral(['a', 'b"c', 'd\\e', null, ''])).toBe('{"a","b\\"c","d\\\\e",NULL,""}');
    expect(copyLine(COLUMNS, [1, null, ['x\ty'], '{"a":"\\n"}', new Date(0)])).toBe('1\t\\N\t{"x\\ty"}\t{"a":"\\\\n"}\t1970-01-01T00:00:00.000Z\n');
    expect(() => copyLine(COLUMNS, [1])).toThrow(/kolommen/);
  });
});

function suite(kind: 'pglite' | 'postgresql') {
  describe.skipIf(kind === 'postgresql' && !!postgresMissing)(`BulkWriter COPY on ${kind}`, () => {
    useTestDatabase(kind, 'nlods-copy-');

    async function load(table: string, mode: 'copy' | 'insert'): Promise<unknown[]> {
      const db = getDb();
      await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${table}"`);
      await db.$executeRawUnsafe(`CREATE TABLE "${table}" (id integer PRIMARY KEY, t text, arr text[], j jsonb, ts timestamptz(3))`);
      const saved = process.env.BULK_LOAD;
      if (mode === 'insert') process.env.BULK_LOAD = 'insert';
      try {
        const w = new BulkWriter(db, table, COLUMNS, 3);
        for (const r of rows()) await w.add(r);
        await w.flush();
        expect(w.count).toBe(rows().length);
        expect(bulkLoadStats.mode).toBe(mode);
      } finally {
        if (saved === undefined) delete process.env.BULK_LOAD;
        else process.env.BULK_LOAD = saved;
      }
      const got = await db.$queryRawUnsafe<{ id: number; t: string | null; arr: string[] | null; j: unknown; ts: Date | null }[]>(
        `SELECT id, t, arr, j, ts FROM "${table}" ORDER BY id`,
      );
      return got.map((g) => ({ ...g, ts: g.ts ? new Date(g.ts).toISOString() : null }));
    }

    it('round-trips hostile values through COPY', { timeout: SLOW }, async () => {
      expect(await load('bulk_copy_test', 'copy')).toEqual(rows().map(expected));
    });

    it('stores the same through the INSERT fallback', { timeout: SLOW }, async () => {
      expect(await load('bulk_insert_test', 'insert')).toEqual(rows().map(expected));
    });

    it('rejects a bad row without loading a partial batch, and refuses bad names', { timeout: SLOW }, async () => {
      const db = getDb();
      const w = new BulkWriter(db, 'bulk_copy_test', COLUMNS);
      await w.add([1, 'duplicate key', [], '{}', null]);
      await expect(w.flush()).rejects.toThrow();
      expect(() => new BulkWriter(db, 'bulk"; DROP', COLUMNS)).toThrow(/ongeldige naam/);
      // the connection is still usable afterwards
      const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM "bulk_copy_test"');
      expect(n).toBe(rows().length);
    });
  });
}

suite('pglite');
suite('postgresql');
