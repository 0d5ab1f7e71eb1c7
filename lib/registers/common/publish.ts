// Bookkeeping of register imports: start an import row, load data under its id (elsewhere), then
// publish it by switching register_versie in ONE transaction, or mark it failed. The previous version
// keeps serving until the switch; after it, data of imports older than the previous one is removed.
import { Prisma } from '@/lib/generated/prisma/client';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { invalidateManifest } from './manifest-cache';
import { settleCopies } from './bulk-insert';

export type ImportStatus = 'bezig' | 'gepubliceerd' | 'mislukt';

/** A 'bezig' import older than this is reported (and cleaned up) as failed. */
export const STALE_IMPORT_HOURS = 6;

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** True when the process that started an import may still run it (same host assumed). */
export function importProcessAlive(pid: number | null, gestartOp: Date, now = new Date()): boolean {
  if (now.getTime() - gestartOp.getTime() > STALE_IMPORT_HOURS * 3600_000) return false;
  if (!pid) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Starts an import of `register`: marks interrupted earlier imports as mislukt and returns the new id.
 * `voorbeeld`: the export is generated sample data (scripts/generate-registers), labelled as such in
 * every answer served from it.
 */
export async function startImport(db: PrismaClient, register: string, bronUrl: string | null, voorbeeld = false): Promise<number> {
  const open = await db.$queryRaw<{ id: number; pid: number | null; gestart_op: Date }[]>`
    SELECT id, pid, gestart_op FROM register_import WHERE register = ${register} AND status = 'bezig'`;
  for (const r of open) {
    if (!importProcessAlive(r.pid, r.gestart_op)) {
      await db.$executeRaw`
        UPDATE register_import SET status = 'mislukt', klaar_op = now(),
          fout = COALESCE(fout, 'Import onderbroken (proces gestopt of verlopen).')
        WHERE id = ${r.id} AND status = 'bezig'`;
    }
  }
  const [row] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO register_import (register, bron_url, status, pid, voorbeeld, gestart_op)
    VALUES (${register}, ${bronUrl}, 'bezig', ${process.pid}, ${voorbeeld}, now()) RETURNING id`;
  invalidateManifest(register);
  return row.id;
}

export interface PublishInfo {
  peildatum: Date | null;
  bronUrl: string | null;
  sha256: string;
  aantallen: Record<string, number>;
  /** The files of the import: [{rol, naam, bron_url, sha256, bytes}]. */
  bestanden?: unknown[];
}

/**
 * Publishes import `importId`: records its manifest and switches the register's published version in one
 * transaction. Then deletes data rows (in `tables`) of this register's imports other than the new and
 * the previous one.
 */
export async function publishImport(
  db: PrismaClient,
  register: string,
  importId: number,
  info: PublishInfo,
  tables: string[],
): Promise<void> {
  if (tables.some((t) => !IDENT.test(t))) throw new Error('publishImport: ongeldige tabelnaam');
  // Fresh planner statistics and visibility map before the new rows are served: a bulk load leaves
  // them stale (counts then visit every heap row instead of an index-only scan).
  for (const t of tables) await db.$executeRaw(Prisma.sql`VACUUM (ANALYZE) ${Prisma.raw(`"${t}"`)}`);
  await db.$transaction([
    db.$executeRaw`
      UPDATE register_import SET status = 'gepubliceerd', klaar_op = now(), fout = NULL,
        peildatum = ${info.peildatum}, bron_url = ${info.bronUrl}, sha256 = ${info.sha256},
        aantallen = ${JSON.stringify(info.aantallen)}::jsonb,
        bestanden = ${JSON.stringify(info.bestanden ?? [])}::jsonb
      WHERE id = ${importId}`,
    db.$executeRaw`
      INSERT INTO register_versie (register, import_id, vorige_import_id, gepubliceerd_op)
      VALUES (${register}, ${importId}, NULL, now())
      ON CONFLICT (register) DO UPDATE SET
        vorige_import_id = register_versie.import_id, import_id = EXCLUDED.import_id, gepubliceerd_op = now()`,
  ]);
  invalidateManifest(register);
  await cleanupOldVersions(db, register, tables);
}

/** Deletes data of imports of `register` that are neither the published nor the previous version. */
export async function cleanupOldVersions(db: PrismaClient, register: string, tables: string[]): Promise<void> {
  const [v] = await db.$queryRaw<{ import_id: number; vorige_import_id: number | null }[]>`
    SELECT import_id, vorige_import_id FROM register_versie WHERE register = ${register}`;
  if (!v) return;
  const keep = [v.import_id, v.vorige_import_id ?? v.import_id];
  // Only finished imports: a running import's staging rows must stay.
  const old = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM register_import
    WHERE register = ${register} AND status <> 'bezig' AND id NOT IN (${Prisma.join(keep)})`;
  if (!old.length) return;
  const ids = old.map((r) => r.id);
  for (const t of tables) {
    if (!IDENT.test(t)) throw new Error('cleanupOldVersions: ongeldige tabelnaam');
    await db.$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(`"${t}"`)} WHERE import_id IN (${Prisma.join(ids)})`);
  }
}

/** Marks an import failed with a short reason and removes its staging rows; the published version stays. */
export async function failImport(db: PrismaClient, importId: number, fout: string, tables: string[]): Promise<void> {
  await db.$executeRaw`
    UPDATE register_import SET status = 'mislukt', klaar_op = now(), fout = ${fout.slice(0, 2000)}
    WHERE id = ${importId}`;
  invalidateManifest();
  // A COPY of this import may still be running on another connection: its rows must not land after the DELETE.
  await settleCopies(tables);
  for (const t of tables) {
    if (!IDENT.test(t)) throw new Error('failImport: ongeldige tabelnaam');
    await db.$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(`"${t}"`)} WHERE import_id = ${importId}`);
  }
}

/** The id of the published import of a register, or null when none was ever published. */
export async function publishedImportId(db: PrismaClient, register: string): Promise<number | null> {
  const [v] = await db.$queryRaw<{ import_id: number }[]>`SELECT import_id FROM register_versie WHERE register = ${register}`;
  return v?.import_id ?? null;
}
