// The job kind shared by the four register jobs: download the official export through the importer
// registry (lib/registers/importers.ts), import it and publish it atomically. A failed import is already
// recorded by the importer in the register's manifest (verversing mislukt); the job also records it in
// job_run, with the id of the failed import.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { log } from '@/lib/log';
import { importerFor, recordsRead, type RegisterId } from '@/lib/registers/importers';
import { recomputeNaImport } from '@/lib/monitor/recompute';
import { defineJob, JOB_TIMEZONE, JobFailure, type JobDefinition } from './job';

/** How often (at most) a running import reports its progress to the log. */
const PROGRESS_LOG_MS = 60_000;

// Highest import id of a register so far, to find the import a failed run made.
async function lastImportId(db: PrismaClient, register: RegisterId): Promise<number> {
  const [r] = await db.$queryRaw<{ id: number | null }[]>`SELECT max(id) AS id FROM register_import WHERE register = ${register}`;
  return r?.id ?? 0;
}

async function importMadeSince(db: PrismaClient, register: RegisterId, after: number): Promise<number | null> {
  const [r] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM register_import WHERE register = ${register} AND id > ${after} AND pid = ${process.pid}
    ORDER BY id DESC LIMIT 1`;
  return r?.id ?? null;
}

export interface RegisterImportJobSpec {
  register: RegisterId;
  /** Dutch title of the register (also when its importer is not in the registry yet). */
  titel: string;
  cron: string;
  version: string;
  description: string;
}

/** A job that imports the official export of `register` on a schedule in Europe/Amsterdam time. */
export function registerImportJob(spec: RegisterImportJobSpec): JobDefinition {
  const jobId = `import-${spec.register}`;
  return defineJob({
    id: jobId,
    name: `Import ${spec.titel}`,
    version: spec.version,
    schedule: { cron: spec.cron, timezone: JOB_TIMEZONE },
    description: spec.description,
    unavailable: () => (importerFor(spec.register) ? null : `Er is (nog) geen importer voor register ${spec.register}.`),
    handler: async ({ db, signal }) => {
      const importer = importerFor(spec.register);
      if (!importer) throw new Error(`Er is (nog) geen importer voor register ${spec.register}.`);
      const before = await lastImportId(db, spec.register);
      let lastLog = performance.now();
      try {
        const r = await importer.run({
          db,
          signal,
          progressEvery: 10_000,
          onProgress: (p) => {
            const now = performance.now();
            if (now - lastLog < PROGRESS_LOG_MS) return;
            lastLog = now;
            log('info', 'job_voortgang', { job: jobId, fase: p.fase, gelezen: p.gelezen, opgeslagen: p.opgeslagen, bytes: p.bytes, totaal_bytes: p.totaalBytes });
          },
        });
        const monitor = await recomputeNaImport(db, spec.register);
        return {
          importId: r.importId,
          melding:
            `Import ${r.importId} gepubliceerd, peildatum ${r.peildatum.toISOString()}, ` +
            `${recordsRead(importer, r).toLocaleString('nl-NL')} records gelezen in ${(r.ms / 1000).toFixed(1)} s, sha-256 ${r.sha256}.` +
            (monitor ? ` ${monitor}` : ''),
        };
      } catch (e) {
        const importId = await importMadeSince(db, spec.register, before).catch(() => null);
        throw new JobFailure(e instanceof Error ? e.message : String(e), importId, { cause: e });
      }
    },
  });
}
