// Runs compiled waar/sorteer SQL on an in-memory PGlite, to check that PostgreSQL accepts the text and
// that the semantics (empty fields, not, ne, ILIKE escaping, dates) are what the README says.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '@/lib/generated/prisma/client';
import { compileSorteer } from './compile-sorteer';
import { compileWaar } from './compile-waar';
import { testCatalogus as cat } from './fixture-catalogus';
import { parseSorteer } from './sorteer';
import { parseWaar } from './waar-parser';

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  await db.exec(`
    CREATE TABLE inst (id text PRIMARY KEY, naam text NOT NULL, kvk_nummer text, plaats text, einddatum date,
      aantal_vergunningen integer, score numeric, ep boolean, bron_hash text);
    CREATE TABLE manifest (peildatum date NOT NULL);
    INSERT INTO manifest VALUES ('2024-06-30');
    INSERT INTO inst VALUES
      ('a', 'ING Bank N.V.', '33031431', 'Amsterdam', NULL, 12, 4.5, true, 'h'),
      ('b', 'Rabobank U.A.', '30046259', 'Utrecht', '2025-01-01', 3, 2.0, false, 'h'),
      ('c', 'O''Brien 100% Advies', '12345678', NULL, '2020-01-01', NULL, NULL, NULL, 'h'),
      ('d', 'Zoë_Verzekeringen', NULL, 'Utrecht', '2024-06-30', 0, 1.25, true, 'h');
  `);
});

afterAll(async () => {
  await db?.close();
});

async function ids(waar: string, sorteer = 'id'): Promise<string[]> {
  const q = Prisma.sql`SELECT e.id FROM inst e CROSS JOIN manifest m WHERE ${compileWaar(parseWaar(waar, cat), cat)} ${compileSorteer(parseSorteer(sorteer, cat), cat)}`;
  const res = await db.query<{ id: string }>(q.text, q.values);
  return res.rows.map((r) => r.id);
}

describe('compiled SQL on PostgreSQL (PGlite)', () => {
  it.each<[string, string[]]>([
    ["plaats eq 'Utrecht'", ['b', 'd']],
    ["plaats ne 'Utrecht'", ['a', 'c']],
    ["not plaats eq 'Utrecht'", ['a', 'c']],
    ['plaats eq null', ['c']],
    ['plaats ne null', ['a', 'b', 'd']],
    ["status eq 'geldig'", ['a', 'b', 'd']],
    ["status eq 'beëindigd'", ['c']],
    ["status eq 'geldig' and plaats eq 'Utrecht'", ['b', 'd']],
    ['aantal_vergunningen gt 2', ['a', 'b']],
    ['not aantal_vergunningen gt 2', ['c', 'd']],
    ['score le 2', ['b', 'd']],
    ['peildatum eq 2024-06-30', ['a', 'b', 'c', 'd']],
    ["ep eq 'ja'", ['a', 'd']],
    ["ep ne 'ja'", ['b', 'c']],
    ["contains(naam,'BANK')", ['a', 'b']],
    ["contains(naam,'100%')", ['c']],
    ["contains(naam,'0%')", ['c']],
    ["contains(naam,'_')", ['d']],
    ["startswith(naam,'zoë')", ['d']],
    ["contains(naam,'''')", ['c']],
    ["naam eq 'O''Brien 100% Advies'", ['c']],
    ["kvk_nummer in ('33031431','12345678')", ['a', 'c']],
    ["(plaats eq 'Amsterdam' or aantal_vergunningen eq 0) and ep eq 'ja'", ['a', 'd']],
    ["naam eq 'x''; DROP TABLE inst; --'", []],
  ])('%s', async (waar, verwacht) => {
    expect(await ids(waar)).toEqual(verwacht);
  });

  it('sorts with empty values last and the id as tiebreaker', async () => {
    expect(await ids("naam ne ''", '-aantal_vergunningen')).toEqual(['a', 'b', 'd', 'c']);
    expect(await ids("naam ne ''", 'plaats')).toEqual(['a', 'b', 'd', 'c']);
    expect(await ids("naam ne ''", '-plaats')).toEqual(['b', 'd', 'a', 'c']);
    expect((await db.query('SELECT count(*)::int AS n FROM inst')).rows).toEqual([{ n: 4 }]);
  });
});
