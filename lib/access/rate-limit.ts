// Rate limiting shared by every process through the database: fixed windows of one hour per subject
// (k:<key id> or ip:<address>, with the limit's scope). One atomic upsert per request returns the count, so
// N parallel requests against a budget of B let exactly B through on PGlite (one connection) and on
// PostgreSQL (the row lock serialises the increments). The generous limit of the other operations is
// counted in blocks (a process takes BLOK at a time, one reservation at a time): one statement per BLOK
// requests, overshoot at most BLOK per process under any concurrency, documented.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { perProces } from '@/lib/per-proces';

export const VENSTER_MS = 3_600_000;
/** Requests a process reserves at a time for the block-counted limits. */
export const BLOK = 50;

export interface Uitkomst {
  toegestaan: boolean;
  limiet: number;
  resterend: number;
  /** Seconds until the window ends (RateLimit-Reset, Retry-After). */
  reset: number;
}

export const vensterVan = (nu: number) => Math.floor(nu / VENSTER_MS) * VENSTER_MS;

/** Adds `stap` to the subject's count in the window starting at `venster`; returns the new count. */
export async function tel(db: Pick<PrismaClient, '$queryRaw'>, onderwerp: string, venster: number, stap = 1): Promise<number> {
  const [r] = await db.$queryRaw<{ aantal: number }[]>`
    INSERT INTO rate_teller (onderwerp, venster, aantal) VALUES (${onderwerp}, ${new Date(venster)}, ${stap})
    ON CONFLICT (onderwerp, venster) DO UPDATE SET aantal = rate_teller.aantal + ${stap}
    RETURNING aantal`;
  return r.aantal;
}

/** Exact: one count per request. */
export async function verbruikExact(db: Pick<PrismaClient, '$queryRaw'>, onderwerp: string, limiet: number, nu = Date.now()): Promise<Uitkomst> {
  const venster = vensterVan(nu);
  const n = await tel(db, onderwerp, venster);
  const reset = Math.ceil((venster + VENSTER_MS - nu) / 1000);
  return { toegestaan: n <= limiet, limiet, resterend: Math.max(0, limiet - n), reset };
}

/**
 * What is left without using anything (a revalidation answered 304 costs nothing): the shared count of the
 * current window. For block-counted limits it includes blocks reserved and not yet used, so it may report up
 * to BLOK per process less than is left.
 */
export async function peil(db: Pick<PrismaClient, '$queryRaw'>, onderwerp: string, limiet: number, nu = Date.now()): Promise<Uitkomst> {
  const venster = vensterVan(nu);
  const [r] = await db.$queryRaw<{ aantal: number }[]>`
    SELECT aantal FROM rate_teller WHERE onderwerp = ${onderwerp} AND venster = ${new Date(venster)}`;
  const n = r?.aantal ?? 0;
  const reset = Math.ceil((venster + VENSTER_MS - nu) / 1000);
  return { toegestaan: n < limiet, limiet, resterend: Math.max(0, limiet - n), reset };
}

export interface Blok {
  venster: number;
  /** Requests of the reserved blocks not yet used by this process. */
  over: number;
  /** The shared count after this process's newest reservation. */
  totaal: number;
  /** The reservation under way: concurrent requests that find the block empty wait for this one. */
  reservering: Promise<void> | null;
  /** A reservation found the limit reached: no more reservations in this window. */
  uitgeput: boolean;
}

const blokken = perProces('rate-blokken', () => new Map<string, Blok>());

/**
 * Block-counted: a process reserves BLOK requests at a time in the shared counter. One reservation at a
 * time per subject (single flight): requests arriving while the local block is empty wait for it, and what
 * a reservation yields is added to what is left, never overwritten. So N parallel requests use the blocks
 * this process took, and a process never holds more than one unused block: the overshoot across processes
 * is at most BLOK per process.
 */
export async function verbruikInBlokken(
  db: Pick<PrismaClient, '$queryRaw'>,
  onderwerp: string,
  limiet: number,
  { nu = Date.now(), proces = blokken }: { nu?: number; /** This process's blocks (tests pass one per simulated process). */ proces?: Map<string, Blok> } = {},
): Promise<Uitkomst> {
  const venster = vensterVan(nu);
  const reset = Math.ceil((venster + VENSTER_MS - nu) / 1000);
  let b = proces.get(onderwerp);
  if (!b || b.venster !== venster) {
    b = { venster, over: 0, totaal: 0, reservering: null, uitgeput: false };
    proces.set(onderwerp, b);
    if (proces.size > 50_000) for (const [k, v] of proces) if (v.venster !== venster) proces.delete(k);
  }
  const blok = b;
  while (blok.over === 0) {
    if (blok.uitgeput) return { toegestaan: false, limiet, resterend: 0, reset };
    blok.reservering ??= (async () => {
      try {
        const totaal = await tel(db, onderwerp, venster, BLOK);
        // Of the block just taken, only what is still under the limit may be used.
        const erbij = Math.max(0, Math.min(BLOK, limiet - (totaal - BLOK)));
        blok.totaal = totaal;
        blok.over += erbij;
        if (erbij < BLOK) blok.uitgeput = true;
      } finally {
        blok.reservering = null;
      }
    })();
    await blok.reservering;
  }
  blok.over--;
  return { toegestaan: true, limiet, resterend: Math.max(0, limiet - (blok.totaal - blok.over)), reset };
}

/**
 * What is left of a block-counted limit without using anything and without a database read, while this process
 * holds a block of the current window: the same figure the next counted request would report (plus the one it
 * would use). null when it holds none (the caller then reads the shared count: peil).
 */
export function peilInBlokken(
  onderwerp: string,
  limiet: number,
  { nu = Date.now(), proces = blokken }: { nu?: number; proces?: Map<string, Blok> } = {},
): Uitkomst | null {
  const venster = vensterVan(nu);
  const b = proces.get(onderwerp);
  if (!b || b.venster !== venster || b.totaal === 0) return null;
  const reset = Math.ceil((venster + VENSTER_MS - nu) / 1000);
  return { toegestaan: b.over > 0 || !b.uitgeput, limiet, resterend: Math.max(0, limiet - (b.totaal - b.over)), reset };
}

/** Deletes counters of windows that ended before `nu` (the hourly clean-up). */
export async function ruimOp(db: Pick<PrismaClient, '$executeRaw'>, nu = Date.now()): Promise<number> {
  return db.$executeRaw`DELETE FROM rate_teller WHERE venster < ${new Date(vensterVan(nu))}`;
}
