// Bookkeeping of register imports: start an import row, load data under its id (elsewhere), then
// publish it by switching register_versie in ONE transaction, or mark it failed or refused. The previous
// version keeps serving until the switch; after it, data of imports older than the previous one is removed.
// Before the switch the plausibility guard (guard.ts) compares the import with the published version: a
// refused import is recorded as `geweigerd` and never published. Staging rows of an import whose process
// died are removed when the next import of the register starts, and by the daily clean-up job.
import { Prisma } from '@/lib/generated/prisma/client';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { invalidateManifest } from './manifest-cache';
import { settleCopies } from './bulk-insert';
import { maxDaling, plausibilityRefusal, sameFileRefusal, type VersionFacts } from './guard';
import { isImportRefused, type ImportRefused } from './refusal';

/** geweigerd: the file was judged unfit to replace the published version (refusal.ts); nothing broke. */
export type ImportStatus = 'bezig' | 'gepubliceerd' | 'mislukt' | 'geweigerd';

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
export async function startImport(
  db: PrismaClient,
  register: string,
  bronUrl: string | null,
  voorbeeld = false,
  /** The register's data tables: rows of interrupted imports are removed from them now. */
  tables: string[] = [],
): Promise<number> {
  await cleanupAbandoned(db, register, tables);
  const [row] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO register_import (register, bron_url, status, pid, voorbeeld, gestart_op)
    VALUES (${register}, ${bronUrl}, 'bezig', ${process.pid}, ${voorbeeld}, now()) RETURNING id`;
  invalidateManifest(register);
  return row.id;
}

/**
 * Marks `register`'s interrupted imports (bezig, process gone or older than STALE_IMPORT_HOURS) as mislukt
 * and deletes the data rows in `tables` of every finished import that is neither the published nor the
 * previous version (a killed import's staging rows, a refused or failed import's leftovers); then VACUUMs
 * the tables it deleted from, so the freed space is reused and the data directory stays proportional to
 * the data (PGlite has no autovacuum). Returns the number of rows deleted.
 */
export async function cleanupAbandoned(db: PrismaClient, register: string, tables: string[]): Promise<number> {
  if (tables.some((t) => !IDENT.test(t))) throw new Error('cleanupAbandoned: ongeldige tabelnaam');
  const open = await db.$queryRaw<{ id: number; pid: number | null; gestart_op: Date }[]>`
    SELECT id, pid, gestart_op FROM register_import WHERE register = ${register} AND status = 'bezig'`;
  for (const r of open) {
    if (!importProcessAlive(r.pid, r.gestart_op)) {
      await db.$executeRaw`
        UPDATE register_import SET status = 'mislukt', klaar_op = now(),
          fout = COALESCE(fout, 'Import onderbroken (proces gestopt of verlopen).')
        WHERE id = ${r.id} AND status = 'bezig'`;
      invalidateManifest(register);
    }
  }
  if (!tables.length) return 0;
  const [v] = await db.$queryRaw<{ import_id: number; vorige_import_id: number | null }[]>`
    SELECT import_id, vorige_import_id FROM register_versie WHERE register = ${register}`;
  const keep = v ? [v.import_id, v.vorige_import_id ?? v.import_id] : [-1];
  const old = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM register_import
    WHERE register = ${register} AND status <> 'bezig' AND id NOT IN (${Prisma.join(keep)})`;
  if (!old.length) return 0;
  const ids = old.map((r) => r.id);
  let deleted = 0;
  const touched: string[] = [];
  for (const t of tables) {
    const n = await db.$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(`"${t}"`)} WHERE import_id IN (${Prisma.join(ids)})`);
    if (n > 0) touched.push(t);
    deleted += n;
  }
  for (const t of touched) await db.$executeRaw(Prisma.sql`VACUUM ${Prisma.raw(`"${t}"`)}`);
  return deleted;
}

export interface PublishInfo {
  peildatum: Date | null;
  bronUrl: string | null;
  sha256: string;
  aantallen: Record<string, number>;
  /** The files of the import: [{rol, naam, bron_url, sha256, bytes}]. */
  bestanden?: unknown[];
  /** Generated sample data; publishImport reads it from the import row (startImport's `voorbeeld`). */
  voorbeeld?: boolean;
}

/**
 * The kind of file a version was built from, for the guard (VersionFacts.soort): the `soort` of its files
 * in bestanden (fsp: 'volledige-export' or 'namenlijst'), joined with '+' when several; null when none has one.
 */
export function soortOf(bestanden: unknown): string | null {
  if (!Array.isArray(bestanden)) return null;
  const kinds = bestanden
    .map((b) => (b && typeof b === 'object' ? (b as { soort?: unknown }).soort : undefined))
    .filter((k): k is string => typeof k === 'string' && k.length > 0);
  return kinds.length ? kinds.join('+') : null;
}

/** Time spent in the plausibility guard by this process (for the import benchmark, scripts/bench/registers.ts). */
export const guardStats = { ms: 0, checks: 0 };

export interface PublishOptions {
  /** Publish even when the plausibility guard refuses (the operator's --forceer; see guard.ts). */
  forceer?: boolean;
}

/** Facts of the published version of `register` the guard compares with, or null when none. */
async function publishedFacts(db: PrismaClient, register: string): Promise<VersionFacts | null> {
  const [p] = await db.$queryRaw<{ peildatum: Date | null; sha256: string | null; aantallen: unknown; bestanden: unknown; voorbeeld: boolean }[]>`
    SELECT i.peildatum, i.sha256, i.aantallen, i.bestanden, i.voorbeeld
    FROM register_versie v JOIN register_import i ON i.id = v.import_id
    WHERE v.register = ${register}`;
  if (!p) return null;
  const aantallen = (typeof p.aantallen === 'string' ? JSON.parse(p.aantallen) : p.aantallen ?? {}) as Record<string, number>;
  const bestanden = typeof p.bestanden === 'string' ? JSON.parse(p.bestanden) : p.bestanden;
  return { peildatum: p.peildatum, sha256: p.sha256, aantallen, voorbeeld: p.voorbeeld, soort: soortOf(bestanden) };
}

/**
 * The plausibility guard of `register` for an import with `info` (guard.ts, REGISTER_MAX_DALING): the
 * refusal, or null when it may be published. Reads the published version; publishes nothing.
 */
export async function checkPlausible(db: PrismaClient, register: string, info: PublishInfo, opts: PublishOptions = {}): Promise<ImportRefused | null> {
  const published = await publishedFacts(db, register);
  return plausibilityRefusal(
    register,
    { peildatum: info.peildatum, sha256: info.sha256, aantallen: info.aantallen, voorbeeld: info.voorbeeld ?? false, soort: soortOf(info.bestanden) },
    published,
    { maxDaling: maxDaling(), forceer: opts.forceer },
  );
}

/**
 * The guard's same-file rule (guard.ts sameFileRefusal) before parsing, for an importer that knows the
 * file's sha-256 up front (it downloads to disk and hashes first): the refusal when that file is the one
 * already published, so an unchanged download is refused without parsing and staging it. `forceer` and
 * sample data being replaced by real data (`voorbeeld` false over a sample version) skip it, as in the guard.
 * The caller fails its import with the refusal (failImport) like any other.
 */
export async function refuseSameFile(
  db: PrismaClient,
  register: string,
  sha256: string,
  opts: PublishOptions & { voorbeeld?: boolean } = {},
): Promise<ImportRefused | null> {
  const published = await publishedFacts(db, register);
  return sameFileRefusal({ sha256, voorbeeld: opts.voorbeeld ?? false }, published, { forceer: opts.forceer });
}

/**
 * Publishes import `importId`: first the plausibility guard (checkPlausible); a refusal is recorded
 * (status geweigerd, its reason in fout, its counts kept for the operator, its staging rows removed) and
 * thrown as ImportRefused, and the published version keeps serving. Otherwise records its manifest and
 * switches the register's published version in one transaction, then deletes data rows (in `tables`) of
 * this register's imports other than the new and the previous one.
 */
export async function publishImport(
  db: PrismaClient,
  register: string,
  importId: number,
  info: PublishInfo,
  tables: string[],
  opts: PublishOptions = {},
): Promise<void> {
  if (tables.some((t) => !IDENT.test(t))) throw new Error('publishImport: ongeldige tabelnaam');
  const tGuard = performance.now();
  const [row] = await db.$queryRaw<{ voorbeeld: boolean }[]>`SELECT voorbeeld FROM register_import WHERE id = ${importId}`;
  const refusal = await checkPlausible(db, register, { ...info, voorbeeld: row?.voorbeeld ?? false }, opts);
  guardStats.ms += performance.now() - tGuard;
  guardStats.checks++;
  if (refusal) {
    await db.$executeRaw`
      UPDATE register_import SET peildatum = ${info.peildatum}, sha256 = ${info.sha256},
        aantallen = ${JSON.stringify(info.aantallen)}::jsonb, bestanden = ${JSON.stringify(info.bestanden ?? [])}::jsonb
      WHERE id = ${importId}`;
    await failImport(db, importId, refusal, tables);
    throw refusal;
  }
  // Fresh planner statistics and visibility map before the new rows are served: a bulk load leaves
  // them stale (counts then visit every heap row instead of an index-only scan).
  for (const t of tables) await db.$executeRaw(Prisma.sql`VACUUM (ANALYZE) ${Prisma.raw(`"${t}"`)}`);
  // Only a running import is published: one that was meanwhile marked interrupted (and its rows cleaned
  // up, cleanupAbandoned) must not become the served version with rows missing.
  await db.$transaction([
    db.$executeRaw`
      UPDATE register_import SET status = 'gepubliceerd', klaar_op = now(), fout = NULL,
        peildatum = ${info.peildatum}, bron_url = ${info.bronUrl}, sha256 = ${info.sha256},
        aantallen = ${JSON.stringify(info.aantallen)}::jsonb,
        bestanden = ${JSON.stringify(info.bestanden ?? [])}::jsonb
      WHERE id = ${importId} AND status = 'bezig'`,
    db.$executeRaw`
      INSERT INTO register_versie (register, import_id, vorige_import_id, gepubliceerd_op)
      SELECT ${register}, ${importId}, NULL, now()
      WHERE EXISTS (SELECT 1 FROM register_import WHERE id = ${importId} AND status = 'gepubliceerd')
      ON CONFLICT (register) DO UPDATE SET
        vorige_import_id = register_versie.import_id, import_id = EXCLUDED.import_id, gepubliceerd_op = now()`,
  ]);
  invalidateManifest(register);
  const [done] = await db.$queryRaw<{ status: string }[]>`SELECT status FROM register_import WHERE id = ${importId}`;
  if (done?.status !== 'gepubliceerd') {
    throw new Error('Import niet gepubliceerd: hij was intussen als onderbroken gemarkeerd (proces niet meer gezien).');
  }
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

/**
 * Marks a running import failed and removes its staging rows; the published version stays. `fout` is the
 * error (or its message): an ImportRefused (refusal.ts) is recorded as `geweigerd` with its reason, any
 * other error as `mislukt`. An import no longer `bezig` keeps its status (a refusal already recorded stays
 * geweigerd; a published import is never touched, nor its rows).
 */
export async function failImport(db: PrismaClient, importId: number, fout: unknown, tables: string[]): Promise<void> {
  if (tables.some((t) => !IDENT.test(t))) throw new Error('failImport: ongeldige tabelnaam');
  const status: ImportStatus = isImportRefused(fout) ? 'geweigerd' : 'mislukt';
  const text = isImportRefused(fout) ? fout.reden : fout instanceof Error ? fout.message : String(fout);
  await db.$executeRaw`
    UPDATE register_import SET status = ${status}, klaar_op = now(), fout = ${text.slice(0, 2000)}
    WHERE id = ${importId} AND status = 'bezig'`;
  invalidateManifest();
  const [row] = await db.$queryRaw<{ status: string }[]>`SELECT status FROM register_import WHERE id = ${importId}`;
  if (row?.status === 'gepubliceerd') return;
  // A COPY of this import may still be running on another connection: its rows must not land after the DELETE.
  await settleCopies(tables);
  let deleted = 0;
  for (const t of tables) {
    deleted += await db.$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(`"${t}"`)} WHERE import_id = ${importId}`);
  }
  // The deleted rows' space is reused by the next import only after a VACUUM (PGlite has no autovacuum).
  if (deleted > 0) for (const t of tables) await db.$executeRaw(Prisma.sql`VACUUM ${Prisma.raw(`"${t}"`)}`);
}

/** The id of the published import of a register, or null when none was ever published. */
export async function publishedImportId(db: PrismaClient, register: string): Promise<number | null> {
  const [v] = await db.$queryRaw<{ import_id: number }[]>`SELECT import_id FROM register_versie WHERE register = ${register}`;
  return v?.import_id ?? null;
}
