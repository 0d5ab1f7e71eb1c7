// The status filter's plain condition (geldigheidConditie) selects exactly the rows that the catalogue's
// CASE expression (geldigheidSql) calls geldig or beëindigd, and both agree with common/status.ts, on an
// in-memory PGlite: no end date, end date before, on and after the peildatum.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { geldigheidConditie, geldigheidSql, peildatumJoin } from './peildatum-sql';
import { geldigheid } from './status';

let db: PGlite;
const PEIL = '2026-11-01';
const EIND = [null, '2026-10-31', '2026-11-01', '2026-11-02', '2020-01-01'];

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec('CREATE TABLE t (id int, einddatum date)');
  for (const [i, e] of EIND.entries()) await db.query('INSERT INTO t VALUES ($1, $2)', [i, e]);
});
afterAll(async () => db?.close());

async function ids(where: Prisma.Sql): Promise<number[]> {
  const q = Prisma.sql`SELECT t.id FROM t ${peildatumJoin(PEIL)} WHERE ${where} ORDER BY t.id`;
  return (await db.query<{ id: number }>(q.text, q.values)).rows.map((r) => r.id);
}

describe('geldigheidConditie', () => {
  for (const status of ['geldig', 'beëindigd'] as const) {
    it(`status ${status}: the same rows as the CASE expression and as geldigheid()`, async () => {
      const plain = await ids(geldigheidConditie('t.einddatum', status));
      const viaCase = await ids(Prisma.sql`${Prisma.raw(geldigheidSql('t.einddatum'))} = ${status}`);
      const viaJs = EIND.flatMap((e, i) => (geldigheid(e, PEIL) === status ? [i] : []));
      expect(plain).toEqual(viaJs);
      expect(viaCase).toEqual(viaJs);
    });
  }

  it('takes column names only', () => {
    expect(() => geldigheidConditie('einddatum; DROP TABLE t', 'geldig')).toThrow(/geen kolomnaam/);
  });
});
