// Compiles a parsed waar expression to a parameterised SQL condition (Prisma.Sql): field expressions
// come from the catalogue, every value is a bind parameter. Semantics are two-valued, as in OData:
// a comparison with an empty (NULL) field is false, `ne` is true for empty fields (IS DISTINCT FROM),
// and `not` negates that (… IS NOT TRUE), so `not (a eq 'x')` and `a ne 'x'` select the same rows.
import { Prisma } from '@/lib/generated/prisma/client';
import type { Voorwaarde, WaarExpr, Waarde } from './ast';
import type { Catalogus, Veld } from './catalogue';
import { kolom } from './sql-expressie';

const SQL_OP = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** The SQL condition for a waar expression; `TRUE` when there is none. Combine with other filters using AND. */
export function compileWaar(expr: WaarExpr | undefined, catalogus: Catalogus): Prisma.Sql {
  if (!expr) return Prisma.sql`TRUE`;
  return compileer(expr, catalogus);
}

function compileer(expr: WaarExpr, cat: Catalogus): Prisma.Sql {
  switch (expr.soort) {
    case 'en':
      return Prisma.sql`(${Prisma.join(expr.delen.map((d) => compileer(d, cat)), ' AND ')})`;
    case 'of':
      return Prisma.sql`(${Prisma.join(expr.delen.map((d) => compileer(d, cat)), ' OR ')})`;
    case 'niet':
      return Prisma.sql`(${compileer(expr.deel, cat)}) IS NOT TRUE`;
    default:
      return voorwaarde(expr, cat);
  }
}

function voorwaarde(v: Voorwaarde, cat: Catalogus): Prisma.Sql {
  const veld = cat.veld(v.veld);
  // The parser only produces fields of this catalogue; a tree from elsewhere is a programming error.
  if (!veld) throw new Error(`veld ${v.veld} staat niet in catalogus ${cat.operatie}`);
  const k = kolom(veld);
  switch (v.soort) {
    case 'leeg':
      return v.op === 'eq' ? Prisma.sql`${k} IS NULL` : Prisma.sql`${k} IS NOT NULL`;
    case 'vergelijking':
      if (v.op === 'ne') return Prisma.sql`${k} IS DISTINCT FROM ${param(veld, v.waarde)}`;
      return Prisma.sql`${k} ${Prisma.raw(SQL_OP[v.op])} ${param(veld, v.waarde)}`;
    case 'in':
      return Prisma.sql`${k} IN (${Prisma.join(v.waarden.map((w) => param(veld, w)), ', ')})`;
    case 'functie': {
      const patroon = v.functie === 'contains' ? `%${escapeLike(v.tekst)}%` : `${escapeLike(v.tekst)}%`;
      return Prisma.sql`${k} ILIKE ${patroon}`;
    }
  }
}

/** A bind parameter; dates are cast so PostgreSQL compares them as dates. */
function param(veld: Veld, waarde: Waarde): Prisma.Sql {
  return veld.type === 'datum' ? Prisma.sql`CAST(${waarde} AS date)` : Prisma.sql`${waarde}`;
}

/** Escapes the LIKE wildcards % and _ and the escape character itself (PostgreSQL's default escape is \). */
export function escapeLike(tekst: string): string {
  return tekst.replace(/[\\%_]/g, (c) => `\\${c}`);
}
