// Bulk loading for the register imports: raw multi-row INSERTs in batches, every value a bound
// parameter (Prisma.sql / Prisma.join). Table and column names come from code, never from input, and
// are checked to be plain identifiers. createMany is ~10x slower (notes/toolchain.md).
import { Prisma } from '@/lib/generated/prisma/client';
import type { PrismaClient } from '@/lib/generated/prisma/client';

/** A column of a bulk insert; `cast` is applied to every value (jsonb, text[], timestamptz, ...). */
export interface BulkColumn {
  name: string;
  cast?: 'jsonb' | 'text[]' | 'timestamptz' | 'integer';
}

// PostgreSQL allows at most 65535 bound parameters per statement.
const MAX_PARAMS = 60_000;
const IDENT = /^[a-z_][a-z0-9_]*$/;

/** Inserts rows (arrays in column order) in batches of at most `batchSize` rows; returns the count. */
export async function bulkInsert(
  db: Pick<PrismaClient, '$executeRaw'>,
  table: string,
  columns: BulkColumn[],
  rows: unknown[][],
  batchSize = 1000,
): Promise<number> {
  if (!IDENT.test(table) || columns.some((c) => !IDENT.test(c.name))) throw new Error(`bulkInsert: ongeldige naam in ${table}`);
  const perBatch = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMS / columns.length)));
  const head = Prisma.raw(`INSERT INTO "${table}" (${columns.map((c) => `"${c.name}"`).join(', ')}) VALUES `);
  const casts = columns.map((c) => (c.cast ? Prisma.raw(`::${c.cast}`) : null));
  let n = 0;
  for (let i = 0; i < rows.length; i += perBatch) {
    const batch = rows.slice(i, i + perBatch);
    const values = batch.map((row) => {
      if (row.length !== columns.length) throw new Error(`bulkInsert: rij met ${row.length} waarden, ${columns.length} kolommen`);
      return Prisma.sql`(${Prisma.join(row.map((v, j) => (casts[j] ? Prisma.sql`${v}${casts[j]}` : Prisma.sql`${v}`)))})`;
    });
    n += await db.$executeRaw(Prisma.sql`${head}${Prisma.join(values)}`);
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
    private batchSize = 1000,
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
