// Bulk loading for the register imports: raw multi-row INSERTs in batches, every value bound as a
// parameter (Prisma.sql / Prisma.join). Table and column names come from code, never from input, and
// are checked to be plain identifiers. createMany is ~10x slower (notes/toolchain.md).
import { Prisma } from '@/lib/generated/prisma/client';
import type { PrismaClient } from '@/lib/generated/prisma/client';

/** A column of a bulk insert; `cast` is applied to every value (jsonb, text[], timestamptz, ...). */
export interface BulkColumn {
  name: string;
  cast?: 'jsonb' | 'text[]' | 'timestamptz' | 'integer';
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/**
 * Inserts rows (arrays in column order) in batches of at most `batchSize` rows; returns the count.
 * Each batch is ONE statement with one array parameter per column:
 *   INSERT INTO t (a, b) SELECT u.a, u.b::jsonb FROM unnest($1::text[], $2::text[]) AS u(a, b)
 * so the statement size and parameter count do not grow with the batch (Prisma's per-parameter cost
 * made a VALUES list with 25,000 parameters the bottleneck). Values travel as text (null stays null);
 * `cast` converts them back; a text[] column takes a JS string array (sent as JSON).
 */
export async function bulkInsert(
  db: Pick<PrismaClient, '$executeRaw'>,
  table: string,
  columns: BulkColumn[],
  rows: unknown[][],
  batchSize = 5000,
): Promise<number> {
  if (!IDENT.test(table) || columns.some((c) => !IDENT.test(c.name))) throw new Error(`bulkInsert: ongeldige naam in ${table}`);
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  const select = columns
    .map((c) => {
      const col = `u."${c.name}"`;
      if (c.cast === 'text[]') return `ARRAY(SELECT jsonb_array_elements_text(${col}::jsonb))`;
      return c.cast ? `${col}::${c.cast}` : col;
    })
    .join(', ');
  let n = 0;
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    const arrays = columns.map((c, j) =>
      batch.map((row) => {
        if (row.length !== columns.length) throw new Error(`bulkInsert: rij met ${row.length} waarden, ${columns.length} kolommen`);
        const v = row[j];
        if (v === null || v === undefined) return null;
        if (c.cast === 'text[]') return JSON.stringify(v);
        return v instanceof Date ? v.toISOString() : String(v);
      }),
    );
    const params = Prisma.join(arrays.map((a) => Prisma.sql`${a}::text[]`));
    n += await db.$executeRaw(
      Prisma.sql`${Prisma.raw(`INSERT INTO "${table}" (${names}) SELECT ${select} FROM unnest(`)}${params}${Prisma.raw(`) AS u(${names})`)}`,
    );
  }
  return n;
}

/** Collects rows and flushes them with bulkInsert every `batchSize` rows (for streaming imports). */
export class BulkWriter {
  private rows: unknown[][] = [];
  count = 0;
  constructor(
    private db: Pick<PrismaClient, '$executeRaw'>,
    private table: string,
    private columns: BulkColumn[],
    private batchSize = 5000,
  ) {}

  /** Adds one row; writes a batch when it is full. */
  async add(row: unknown[]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.batchSize) await this.flush();
  }

  /** Writes what is collected. */
  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    this.count += await bulkInsert(this.db, this.table, this.columns, rows, this.batchSize);
  }
}
