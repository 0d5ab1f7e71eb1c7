// The lease row of a job (table job_lease): who runs it now, until when. Taken with ONE atomic statement
// that only succeeds when there is no lease, it has expired, or this holder already has it; renewed while
// the job runs; released at the end. With several workers on one PostgreSQL database exactly one of them
// gets a given job's lease; the same SQL runs on the embedded PGlite database (bound parameters only).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { PrismaClient } from '@/lib/generated/prisma/client';

/** How long a lease holds without renewal. */
export const LEASE_TTL_MS = 10 * 60_000;
/** How often a running job renews its lease. */
export const LEASE_RENEW_MS = 2 * 60_000;

export interface Lease {
  jobId: string;
  houder: string;
  verlooptOp: Date;
}

/** A holder id unique to this process: hostname:pid:random. */
export function newHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

let processHolder: string | undefined;
/** The holder id of this process (one per process, made on first use). */
export function processHolderId(): string {
  return (processHolder ??= newHolderId());
}

const ttl = (ms: number) => Math.max(1, Math.round(ms));

/**
 * Takes the lease of `jobId` for `houder` for `ttlMs`: succeeds (returns the lease) when no lease exists,
 * the current one has expired, or `houder` already holds it; otherwise returns null. One statement, so two
 * acquirers racing for the same row cannot both win (the loser's ON CONFLICT sees the winner's row).
 */
export async function acquireLease(db: PrismaClient, jobId: string, houder: string, ttlMs = LEASE_TTL_MS): Promise<Lease | null> {
  const rows = await db.$queryRaw<{ houder: string; verloopt_op: Date }[]>`
    INSERT INTO job_lease AS l (job_id, houder, verloopt_op, bijgewerkt_op)
    VALUES (${jobId}, ${houder}, now() + ${ttl(ttlMs)}::integer * interval '1 millisecond', now())
    ON CONFLICT (job_id) DO UPDATE
      SET houder = EXCLUDED.houder, verloopt_op = EXCLUDED.verloopt_op, bijgewerkt_op = now()
      WHERE l.verloopt_op < now() OR l.houder = EXCLUDED.houder
    RETURNING houder, verloopt_op`;
  const r = rows[0];
  return r && r.houder === houder ? { jobId, houder, verlooptOp: r.verloopt_op } : null;
}

/** Extends a lease this holder still has; returns the new expiry, or null when the lease was lost. */
export async function renewLease(db: PrismaClient, jobId: string, houder: string, ttlMs = LEASE_TTL_MS): Promise<Date | null> {
  const rows = await db.$queryRaw<{ verloopt_op: Date }[]>`
    UPDATE job_lease SET verloopt_op = now() + ${ttl(ttlMs)}::integer * interval '1 millisecond', bijgewerkt_op = now()
    WHERE job_id = ${jobId} AND houder = ${houder}
    RETURNING verloopt_op`;
  return rows[0]?.verloopt_op ?? null;
}

/** Gives a lease up (only when this holder has it); true when it was released. */
export async function releaseLease(db: PrismaClient, jobId: string, houder: string): Promise<boolean> {
  const n = await db.$executeRaw`DELETE FROM job_lease WHERE job_id = ${jobId} AND houder = ${houder}`;
  return n > 0;
}

/** The current lease row of a job (also when expired), or null. */
export async function readLease(db: PrismaClient, jobId: string): Promise<(Lease & { verlopen: boolean }) | null> {
  const rows = await db.$queryRaw<{ houder: string; verloopt_op: Date; verlopen: boolean }[]>`
    SELECT houder, verloopt_op, verloopt_op < now() AS verlopen FROM job_lease WHERE job_id = ${jobId}`;
  const r = rows[0];
  return r ? { jobId, houder: r.houder, verlooptOp: r.verloopt_op, verlopen: r.verlopen } : null;
}

/**
 * Renews a held lease every `everyMs` until stopped. `onLost` is called (once) when a renewal finds the
 * lease taken by another holder, or renewals failed until the lease ran out, so the job can stop.
 */
export function keepLeaseAlive(
  db: PrismaClient,
  lease: Lease,
  opts: { ttlMs?: number; everyMs?: number; onLost: (reason: Error) => void },
): { stop: () => void } {
  let stopped = false;
  let lost = false;
  const lose = (e: Error) => {
    if (lost || stopped) return;
    lost = true;
    opts.onLost(e);
  };
  const timer = setInterval(() => {
    if (stopped || lost) return;
    renewLease(db, lease.jobId, lease.houder, opts.ttlMs ?? LEASE_TTL_MS).then(
      (until) => {
        if (until) lease.verlooptOp = until;
        else lose(new Error(`Lease van ${lease.jobId} kwijt: een andere houder heeft de job overgenomen.`));
      },
      // A database hiccup is retried at the next interval, unless the lease may have run out meanwhile.
      (e: unknown) => {
        if (Date.now() >= lease.verlooptOp.getTime()) lose(new Error(`Lease van ${lease.jobId} verlopen; verlengen mislukte: ${(e as Error)?.message ?? e}`));
      },
    );
  }, opts.everyMs ?? LEASE_RENEW_MS);
  timer.unref?.();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
