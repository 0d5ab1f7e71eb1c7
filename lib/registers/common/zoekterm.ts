// The q condition of the register lists: a case-insensitive contains over the lower-case search column
// (zoeknaam: names and aliases, trigram-indexed). The term is lower-cased by the same JavaScript
// toLowerCase that wrote the column, so LIKE gives what ILIKE would, and its recheck of the trigram
// index's candidates is 2-4 times cheaper. LIKE wildcards in the term are matched literally.
import { Prisma } from '@/lib/generated/prisma/client';
import { escapeLike } from '@/lib/registers/query-language';

export function zoektermConditie(kolom: Prisma.Sql, q: string): Prisma.Sql {
  return Prisma.sql`${kolom} LIKE ${`%${escapeLike(q.toLowerCase())}%`}`;
}
