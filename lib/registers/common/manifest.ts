// The manifest of an imported register: what is served (peildatum, bron_url, sha-256, counts) and how
// the refreshing goes (last attempt, last failure, last refusal). A 'bezig' import whose process is gone
// or that is older than STALE_IMPORT_HOURS is reported as mislukt. A refused import (geweigerd: the
// plausibility guard or an importer judged the file unfit, common/guard.ts and refusal.ts) never changes
// what is served: the manifest keeps describing the published version and says why the file was refused.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { importProcessAlive, type ImportStatus } from './publish';

export interface Verversing {
  /**
   * ok: the last attempt published; bezig: an import runs now; mislukt: the last attempt failed;
   * geweigerd: the last attempt's file was refused (the published version keeps serving).
   */
  status: 'ok' | 'bezig' | 'mislukt' | 'geweigerd';
  laatste_poging: { import_id: number; status: ImportStatus; gestart_op: string; klaar_op: string | null } | null;
  laatste_fout: { import_id: number; op: string; fout: string } | null;
  /** The last refused import and why (also when a later attempt published). */
  laatste_weigering: { import_id: number; op: string; reden: string } | null;
}

export interface Manifest {
  register: string;
  import_id: number;
  peildatum: string | null;
  bron_url: string | null;
  sha256: string | null;
  aantallen: Record<string, number>;
  /** The files imported: [{rol, naam, bron_url, sha256, bytes}]. */
  bestanden: unknown[];
  gepubliceerd_op: string;
  verversing: Verversing;
  /** true when the published export is generated sample data, not an official export. */
  voorbeeld: boolean;
}

interface ImportRow {
  id: number;
  status: string;
  fout: string | null;
  pid: number | null;
  gestart_op: Date;
  klaar_op: Date | null;
}

// Effective status: an abandoned 'bezig' counts as mislukt.
function effective(r: ImportRow): ImportStatus {
  if (r.status === 'bezig' && !importProcessAlive(r.pid, r.gestart_op)) return 'mislukt';
  return r.status as ImportStatus;
}

/** The manifest of the published version of `register`, or null when nothing was ever published. */
export async function readManifest(db: PrismaClient, register: string): Promise<Manifest | null> {
  const [pub] = await db.$queryRaw<
    { id: number; peildatum: Date | null; bron_url: string | null; sha256: string | null; aantallen: unknown; bestanden: unknown; gepubliceerd_op: Date; voorbeeld: boolean }[]
  >`
    SELECT i.id, i.peildatum, i.bron_url, i.sha256, i.aantallen, i.bestanden, v.gepubliceerd_op, i.voorbeeld
    FROM register_versie v JOIN register_import i ON i.id = v.import_id
    WHERE v.register = ${register}`;
  if (!pub) return null;
  return {
    register,
    import_id: pub.id,
    peildatum: pub.peildatum?.toISOString() ?? null,
    bron_url: pub.bron_url,
    sha256: pub.sha256,
    aantallen: (typeof pub.aantallen === 'string' ? JSON.parse(pub.aantallen) : pub.aantallen ?? {}) as Record<string, number>,
    bestanden: (typeof pub.bestanden === 'string' ? JSON.parse(pub.bestanden) : pub.bestanden ?? []) as unknown[],
    gepubliceerd_op: pub.gepubliceerd_op.toISOString(),
    verversing: await readVerversing(db, register),
    voorbeeld: pub.voorbeeld,
  };
}

/** Refresh status of a register from its import rows (also usable before anything was published). */
export async function readVerversing(db: PrismaClient, register: string): Promise<Verversing> {
  const [last] = await db.$queryRaw<ImportRow[]>`
    SELECT id, status, fout, pid, gestart_op, klaar_op FROM register_import
    WHERE register = ${register} ORDER BY id DESC LIMIT 1`;
  if (!last) return { status: 'ok', laatste_poging: null, laatste_fout: null, laatste_weigering: null };
  const failures = await db.$queryRaw<ImportRow[]>`
    SELECT id, status, fout, pid, gestart_op, klaar_op FROM register_import
    WHERE register = ${register} AND status NOT IN ('gepubliceerd', 'geweigerd') ORDER BY id DESC LIMIT 20`;
  const failed = failures.find((r) => effective(r) === 'mislukt');
  const [refused] = await db.$queryRaw<ImportRow[]>`
    SELECT id, status, fout, pid, gestart_op, klaar_op FROM register_import
    WHERE register = ${register} AND status = 'geweigerd' ORDER BY id DESC LIMIT 1`;
  const lastStatus = effective(last);
  return {
    status: lastStatus === 'gepubliceerd' ? 'ok' : lastStatus,
    laatste_poging: {
      import_id: last.id,
      status: lastStatus,
      gestart_op: last.gestart_op.toISOString(),
      klaar_op: last.klaar_op?.toISOString() ?? null,
    },
    laatste_fout: failed
      ? {
          import_id: failed.id,
          op: (failed.klaar_op ?? failed.gestart_op).toISOString(),
          fout: failed.fout ?? 'Import onderbroken (proces gestopt of verlopen).',
        }
      : null,
    laatste_weigering: refused
      ? { import_id: refused.id, op: (refused.klaar_op ?? refused.gestart_op).toISOString(), reden: refused.fout ?? 'Bestand geweigerd.' }
      : null,
  };
}
