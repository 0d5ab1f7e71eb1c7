// Bulk loading with COPY next to Prisma (Prisma has no COPY; its per-row client cost dominated the
// register imports): on PostgreSQL `COPY ... FROM STDIN` over a pg connection (pg-copy-streams), on
// PGlite `COPY ... FROM '/dev/blob'` with the blob query option. The data is COPY text format, encoded
// by the caller (lib/registers/common/copy-text.ts). Table and column names come from code and are
// checked as plain identifiers; no value is ever part of the SQL.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { RawDatabase } from './client';

const IDENT = /^[a-z_][a-z0-9_]*$/;
// 16MB: as fast as 64MB on both backends in the LEI benchmark, and fewer pending-list pages kept in
// PGlite's shared buffers (its memory never shrinks).
const GIN_PENDING = '16MB';

function copySql(table: string, columns: readonly string[], source: string): string {
  if (!IDENT.test(table) || !columns.length || columns.some((c) => !IDENT.test(c))) throw new Error(`copyIn: ongeldige naam in ${table}`);
  return `COPY "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM ${source}`;
}

/** Loads `data` (COPY text format, one line per row) into `table` (`columns` in order); returns the row count. */
export async function copyIn(raw: RawDatabase, table: string, columns: readonly string[], data: Uint8Array): Promise<number> {
  if (raw.kind === 'pglite') {
    // A larger GIN pending list for the load (trigram indexes): entries are merged in big batches.
    return raw.pglite.transaction(async (tx) => {
      await tx.exec(`SET LOCAL gin_pending_list_limit = '${GIN_PENDING}'`);
      const r = await tx.query(copySql(table, columns, `'/dev/blob'`), [], { blob: new Blob([data as Uint8Array<ArrayBuffer>]) });
      return r.affectedRows ?? 0;
    });
  }
  const client = await raw.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`SET gin_pending_list_limit = '${GIN_PENDING}'`);
    const sink = client.query(copyFrom(copySql(table, columns, 'STDIN')));
    await pipeline(Readable.from([data]), sink);
    return sink.rowCount;
  } catch (e) {
    broken = e as Error;
    throw e;
  } finally {
    client.release(broken); // a failed COPY may leave the connection mid-protocol: drop it
  }
}
