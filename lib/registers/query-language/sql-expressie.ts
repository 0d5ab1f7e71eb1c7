// The one place where catalogue SQL expressions become SQL text: only strings from a checked catalogue
// (defineCatalogus) pass through Prisma.raw; request values never do.
import { Prisma } from '@/lib/generated/prisma/client';
import type { Veld } from './catalogue';

const KOLOM = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/i;

/** The field's SQL expression as a fragment; anything other than a plain (qualified) column is parenthesised. */
export function kolom(veld: Veld): Prisma.Sql {
  return Prisma.raw(KOLOM.test(veld.sql) ? veld.sql : `(${veld.sql})`);
}
