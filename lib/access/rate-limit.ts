// Rate limiting shared by every process through the database: fixed windows of one hour per subject
// (k:<key id> or ip:<address>, with the limit's scope). One atomic upsert per request returns the count, so
// N parallel requests against a budget of B let exactly B through on PGlite (one connection) and on
// PostgreSQL (the row lock serialises the increments). The generous limit of the other operations is
// counted in blocks (a process takes BLOK at a time): one statement per BLOK requests, overshoot at most
// BLOK per process, documented.
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

const blokken = perProces('rate-blokken', () => new Map<string, { venster: number; over: number; totaal: number }>());

/** Block-counted: a process reserves BLOK requests at a time in the shared counter. */
export async function verbruikInBlokken(db: Pick<PrismaClient, '$queryRaw'>, onderwerp: string, limiet: number, nu = Date.now()): Promise<Uitkomst> {
  const venster = vensterVan(nu);
  const reset = Math.ceil((venster + VENSTER_MS - nu) / 1000);
  let b = blokken.get(onderwerp);
  if (!b || b.venster !== venster) {
    b = { venster, over: 0, totaal: 0 };
    blokken.set(onderwerp, b);
    if (blokken.size > 50_000) for (const [k, v] of blokken) if (v.venster !== venster) blokken.delete(k);
  }
  if (b.over === 0) {
    b.totaal = await tel(db, onderwerp, venster, BLOK);
    // Of the block just taken, only what is still under the limit may be used.
    b.over = Math.max(0, Math.min(BLOK, limiet - (b.totaal - BLOK)));
    if (b.over === 0) return { toegestaan: false, limiet, resterend: 0, reset };
  }
  b.over--;
  return { toegestaan: true, limiet, resterend: Math.max(0, limiet - (b.totaal - b.over)), reset };
}

/** Deletes counters of windows that ended before `nu` (the hourly clean-up). */
export async function ruimOp(db: Pick<PrismaClient, '$executeRaw'>, nu = Date.now()): Promise<number> {
  return db.$executeRaw`DELETE FROM rate_teller WHERE venster < ${new Date(vensterVan(nu))}`;
}
