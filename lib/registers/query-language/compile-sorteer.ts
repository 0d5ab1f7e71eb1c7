// Compiles sort terms to an ORDER BY clause (Prisma.Sql) with the id tiebreaker; empty fields sort last
// in both directions. Without terms the catalogue's default sort (or the id) applies.
import { Prisma } from '@/lib/generated/prisma/client';
import type { Catalogus } from './catalogue';
import { kolom } from './sql-expressie';
import { metTiebreaker, parseSorteer, type SorteerTerm } from './sorteer';

/** `ORDER BY …` for the terms (or the default sort), always ending with the id for a stable order. */
export function compileSorteer(termen: readonly SorteerTerm[] | undefined, catalogus: Catalogus): Prisma.Sql {
  const basis = termen && termen.length > 0 ? termen : standaard(catalogus);
  const delen = metTiebreaker(basis, catalogus).map((t) => {
    const veld = catalogus.veld(t.veld);
    if (!veld) throw new Error(`veld ${t.veld} staat niet in catalogus ${catalogus.operatie}`);
    const id = t.veld === catalogus.id;
    const richting = t.richting === 'desc' ? 'DESC' : 'ASC';
    // The id is never empty; other fields put empty values last.
    return Prisma.sql`${kolom(veld)} ${Prisma.raw(id ? richting : `${richting} NULLS LAST`)}`;
  });
  return Prisma.sql`ORDER BY ${Prisma.join(delen, ', ')}`;
}

function standaard(catalogus: Catalogus): SorteerTerm[] {
  return catalogus.standaardSortering ? parseSorteer(catalogus.standaardSortering, catalogus) : [];
}
