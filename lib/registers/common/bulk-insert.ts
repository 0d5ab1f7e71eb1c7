// Bulk loading for the register imports: COPY on this process's database (BulkWriter, see
// lib/db/raw-copy.ts), else raw multi-row INSERTs in batches, every value bound as a parameter
// (Prisma.sql / Prisma.join). Table and column names come from code, never from input, and
// are checked to be plain identifiers. createMany is ~10x slower (notes/toolchain.md).
import { Prisma } from '@/lib/generated/prisma/client';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { rawDatabase, type RawDatabase } from '@/lib/db/client';
import { copyIn } from '@/lib/db/raw-copy';
import { CopyBatchEncoder, COPY_ROWS, type CopyBatch } from './copy-text';

/** A column of a bulk insert; `cast` is applied to every value (jsonb, text[], timestamptz, ...). */
export interface BulkColumn {
  name: string;
  cast?: 'jsonb' | 'text[]' | 'timestamptz' | 'date' | 'integer' | 'boolean';
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
      if (c.cast === 'text[]') return `CASE WHEN ${col} IS NULL THEN NULL ELSE ARRAY(SELECT jsonb_array_elements_text(${col}::jsonb)) END`;
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

/** What BulkWriter flushes did in this process (benchmarks read it): time in the database, rows, path. */
export const bulkLoadStats: { ms: number; rows: number; mode: 'copy' | 'insert' | null } = { ms: 0, rows: 0, mode: null };

/** COPYs in flight at once on PostgreSQL (the raw pool has two connections). */
const COPY_IN_FLIGHT = 2;

// Every COPY still running in this process, per table: a failed import waits for them (settleCopies)
// before it deletes its rows, whichever importer started them.
const running = new Map<string, Set<Promise<unknown>>>();

/** Waits until no COPY into one of `tables` is running any more, ignoring their errors. */
export async function settleCopies(tables: readonly string[]): Promise<void> {
  await Promise.allSettled(tables.flatMap((t) => [...(running.get(t) ?? [])]));
}

/**
 * Collects rows and writes them in batches (for streaming imports). On this process's database
 * (getDb()) it loads with COPY (lib/db/raw-copy.ts): each row is encoded to COPY text when it is added,
 * so no row object outlives add(), and a full batch is sent while the next one is collected (one
 * COPY in flight; its error surfaces at the next add() or flush()). Other clients, or
 * BULK_LOAD=insert, use bulkInsert's INSERTs. Rows are visible once flush() returns; callers flush at the end.
 */
export class BulkWriter {
  private rows: unknown[][] = [];
  // COPY path: the batch being collected, encoded as UTF-8 straight away (copy-text.ts CopyBatchEncoder).
  private encoder: CopyBatchEncoder;
  private raw: RawDatabase | null | undefined; // undefined: not looked up yet
  private inFlight: Promise<void>[] = [];
  count = 0;
  constructor(
    private db: Pick<PrismaClient, '$executeRaw'>,
    private table: string,
    private columns: BulkColumn[],
    private batchSize = 5000,
  ) {
    if (!IDENT.test(table) || columns.some((c) => !IDENT.test(c.name))) throw new Error(`bulkInsert: ongeldige naam in ${table}`);
    this.encoder = new CopyBatchEncoder(columns, Math.max(batchSize, COPY_ROWS));
  }

  /** True when this writer loads with COPY (so addBatch can be used). */
  async usesCopy(): Promise<boolean> {
    return (await this.copyTarget()) !== null;
  }

  private async copyTarget(): Promise<RawDatabase | null> {
    if (this.raw === undefined) this.raw = process.env.BULK_LOAD === 'insert' ? null : await rawDatabase(this.db);
    return this.raw;
  }

  /** Adds one row; writes a batch when it is full. */
  async add(row: unknown[]): Promise<void> {
    if (this.raw === undefined ? await this.copyTarget() : this.raw) {
      const batches = this.encoder.add(row);
      if (batches) for (const b of batches) await this.startCopy(this.raw!, b);
      return;
    }
    this.rows.push(row);
    if (this.rows.length >= this.batchSize) await this.flush();
  }

  /** Writes what is collected. */
  async flush(): Promise<void> {
    const raw = await this.copyTarget();
    if (raw) {
      await this.startCopy(raw, this.encoder.take());
      await this.waitCopy();
      return;
    }
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    const t = performance.now();
    this.count += await bulkInsert(this.db, this.table, this.columns, rows, this.batchSize);
    this.record(t, rows.length, 'insert');
  }

  // Sends the collected lines as one COPY without waiting for it: the database loads this batch while
  // the caller parses the next. On PostgreSQL two COPYs may be in flight (two server processes, so the
  // server can use a second core while this process parses); PGlite runs them one after the other.
  /**
   * Sends a batch already encoded as COPY text (copy-text.ts CopyBatchEncoder, e.g. by a parse worker);
   * only on the COPY path (usesCopy()). Returns once the batch is on its way, as add() does.
   */
  async addBatch(batch: CopyBatch): Promise<void> {
    const raw = await this.copyTarget();
    if (!raw) throw new Error(`BulkWriter ${this.table}: addBatch zonder COPY`);
    await this.startCopy(raw, batch);
  }

  private async startCopy(raw: RawDatabase, batch: CopyBatch | null): Promise<void> {
    const maxInFlight = raw.kind === 'postgresql' ? COPY_IN_FLIGHT : 1;
    while (this.inFlight.length >= maxInFlight) await this.waitOldest();
    if (!batch || !batch.rows) return;
    const data = batch.data;
    const n = batch.rows;
    const t = performance.now();
    const p = copyIn(raw, this.table, this.columns.map((c) => c.name), data).then((loaded) => {
      if (loaded !== n) throw new Error(`COPY ${this.table}: ${loaded} van ${n} rijen geladen`);
      this.count += loaded;
      this.record(t, n, 'copy');
    });
    p.catch(() => undefined); // reported by the next wait (add or flush)
    this.inFlight.push(p);
    const set = running.get(this.table) ?? running.set(this.table, new Set()).get(this.table)!;
    set.add(p);
    void p.finally(() => set.delete(p)).catch(() => undefined);
  }

  private async waitOldest(): Promise<void> {
    try {
      await this.inFlight.shift();
    } catch (e) {
      await Promise.allSettled(this.inFlight.splice(0)); // let the other COPY finish before failing
      throw e;
    }
  }

  private async waitCopy(): Promise<void> {
    // Every COPY settles before an error is reported, so none is still running when the caller cleans up.
    const all = this.inFlight;
    this.inFlight = [];
    const results = await Promise.allSettled(all);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  private record(t0: number, rows: number, mode: 'copy' | 'insert') {
    bulkLoadStats.ms += performance.now() - t0;
    bulkLoadStats.rows += rows;
    bulkLoadStats.mode = mode;
  }
}
