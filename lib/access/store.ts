// Stored API keys and key requests: lookup by hash (cached per process for a short while, so a revocation
// takes effect within SLEUTEL_CACHE_MS everywhere), issue, revoke, limits, last use.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { perProces } from '@/lib/per-proces';
import { hashSleutel, nieuweSleutel } from './keys';
import type { Tier } from './tiers';

/** How long a process trusts what it read about a key (revocation and limit changes reach it within this). */
export const SLEUTEL_CACHE_MS = 30_000;
/** last used is written at most this often per key and process. */
const GEBRUIK_MS = 60_000;

export interface SleutelInfo {
  id: number;
  prefix: string;
  tier: Exclude<Tier, 'free_preview'>;
  limiet_per_uur: number | null;
  ingetrokken: boolean;
}

const cache = perProces('sleutels', () => ({ opHash: new Map<string, { at: number; info: SleutelInfo | null }>(), gebruikt: new Map<number, number>() }));

/** The stored key with this plain key's hash, or null (unknown). */
export async function zoekSleutel(db: PrismaClient, sleutel: string, nu = Date.now()): Promise<SleutelInfo | null> {
  const hash = hashSleutel(sleutel);
  const c = cache.opHash.get(hash);
  if (c && nu - c.at < SLEUTEL_CACHE_MS) return c.info;
  const [r] = await db.$queryRaw<{ id: number; prefix: string; tier: string; limiet_per_uur: number | null; ingetrokken_op: Date | null }[]>`
    SELECT id, prefix, tier, limiet_per_uur, ingetrokken_op FROM api_sleutel WHERE hash = ${hash}`;
  const info = r ? { id: r.id, prefix: r.prefix, tier: r.tier as SleutelInfo['tier'], limiet_per_uur: r.limiet_per_uur, ingetrokken: r.ingetrokken_op !== null } : null;
  if (cache.opHash.size > 10_000) cache.opHash.clear();
  cache.opHash.set(hash, { at: nu, info });
  return info;
}

/** What may be shown about key `id` to its holder (no hash, no e-mail address); null when there is none. */
export async function leesSleutel(db: PrismaClient, id: number) {
  const [r] = await db.$queryRaw<
    { id: number; prefix: string; tier: string; limiet_per_uur: number | null; eigenaar: string; organisatie: string | null; aangemaakt_op: Date; laatst_gebruikt_op: Date | null; ingetrokken_op: Date | null }[]
  >`SELECT id, prefix, tier, limiet_per_uur, eigenaar, organisatie, aangemaakt_op, laatst_gebruikt_op, ingetrokken_op FROM api_sleutel WHERE id = ${id}`;
  return r ? { ...r, tier: r.tier as SleutelInfo['tier'] } : null;
}

/** Records a use of key `id` (at most once a minute per process; not awaited by requests). */
export function registreerGebruik(db: PrismaClient, id: number, nu = Date.now()): void {
  if (nu - (cache.gebruikt.get(id) ?? 0) < GEBRUIK_MS) return;
  cache.gebruikt.set(id, nu);
  db.$executeRaw`UPDATE api_sleutel SET laatst_gebruikt_op = now()
    WHERE id = ${id} AND (laatst_gebruikt_op IS NULL OR laatst_gebruikt_op < now() - interval '1 minute')`.catch(() => undefined);
}

export interface Aanvrager {
  naam: string;
  email: string;
  organisatie?: string | null;
  gebruik: string;
}

/** Issues a key: stores its hash and prefix, returns the key (the only time it exists in full). */
export async function geefSleutelUit(db: PrismaClient, tier: Exclude<Tier, 'free_preview'>, a: Aanvrager, limiet: number | null = null) {
  const k = nieuweSleutel(tier);
  const [r] = await db.$queryRaw<{ id: number; aangemaakt_op: Date }[]>`
    INSERT INTO api_sleutel (hash, prefix, tier, limiet_per_uur, eigenaar, email, organisatie, gebruik)
    VALUES (${k.hash}, ${k.prefix}, ${tier}, ${limiet}, ${a.naam}, ${a.email}, ${a.organisatie ?? null}, ${a.gebruik})
    RETURNING id, aangemaakt_op`;
  return { id: r.id, sleutel: k.sleutel, prefix: k.prefix, tier, aangemaakt_op: r.aangemaakt_op.toISOString() };
}

/** Revokes the key with `prefix`; false when there is none (or it was revoked already). */
export async function trekIn(db: PrismaClient, prefix: string): Promise<boolean> {
  const n = await db.$executeRaw`UPDATE api_sleutel SET ingetrokken_op = now() WHERE prefix = ${prefix} AND ingetrokken_op IS NULL`;
  cache.opHash.clear();
  return n > 0;
}

/** Sets the hourly limit of the key with `prefix` (null: the tier's default). */
export async function zetLimiet(db: PrismaClient, prefix: string, limiet: number | null): Promise<boolean> {
  const n = await db.$executeRaw`UPDATE api_sleutel SET limiet_per_uur = ${limiet} WHERE prefix = ${prefix}`;
  cache.opHash.clear();
  return n > 0;
}

export interface Aanvraag extends Aanvrager {
  tier_gewenst: Exclude<Tier, 'free_preview'>;
}

/**
 * A key request: standard is issued at once (the key is returned, the only time it exists in full);
 * enterprise is queued for the admin CLI.
 */
export async function vraagSleutelAan(db: PrismaClient, a: Aanvraag) {
  if (a.tier_gewenst === 'standard') {
    const k = await geefSleutelUit(db, 'standard', a);
    const [r] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO sleutel_aanvraag (naam, email, organisatie, gebruik, tier_gewenst, status, sleutel_id, behandeld_op)
      VALUES (${a.naam}, ${a.email}, ${a.organisatie ?? null}, ${a.gebruik}, 'standard', 'uitgegeven', ${k.id}, now()) RETURNING id`;
    return { aanvraag_id: r.id, status: 'uitgegeven' as const, sleutel: k };
  }
  const [r] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO sleutel_aanvraag (naam, email, organisatie, gebruik, tier_gewenst, status)
    VALUES (${a.naam}, ${a.email}, ${a.organisatie ?? null}, ${a.gebruik}, 'enterprise', 'in_behandeling') RETURNING id`;
  return { aanvraag_id: r.id, status: 'in_behandeling' as const, sleutel: null };
}

/** Approves queued request `id`: issues its enterprise key (with `limiet` per hour, or the tier's default). */
export async function keurGoed(db: PrismaClient, id: number, limiet: number | null = null) {
  const [a] = await db.$queryRaw<{ naam: string; email: string; organisatie: string | null; gebruik: string }[]>`
    SELECT naam, email, organisatie, gebruik FROM sleutel_aanvraag WHERE id = ${id} AND status = 'in_behandeling'`;
  if (!a) return null;
  const k = await geefSleutelUit(db, 'enterprise', a, limiet);
  await db.$executeRaw`UPDATE sleutel_aanvraag SET status = 'uitgegeven', sleutel_id = ${k.id}, behandeld_op = now() WHERE id = ${id}`;
  return k;
}

/** Rejects queued request `id`. */
export async function wijsAf(db: PrismaClient, id: number): Promise<boolean> {
  return (await db.$executeRaw`UPDATE sleutel_aanvraag SET status = 'afgewezen', behandeld_op = now() WHERE id = ${id} AND status = 'in_behandeling'`) > 0;
}

/** Every key (without hash) and every open request, for the admin CLI. */
export async function overzicht(db: PrismaClient) {
  const sleutels = await db.$queryRaw<
    { id: number; prefix: string; tier: string; limiet_per_uur: number | null; eigenaar: string; email: string; organisatie: string | null; aangemaakt_op: Date; laatst_gebruikt_op: Date | null; ingetrokken_op: Date | null }[]
  >`SELECT id, prefix, tier, limiet_per_uur, eigenaar, email, organisatie, aangemaakt_op, laatst_gebruikt_op, ingetrokken_op FROM api_sleutel ORDER BY id`;
  const aanvragen = await db.$queryRaw<{ id: number; naam: string; email: string; organisatie: string | null; gebruik: string; tier_gewenst: string; aangemaakt_op: Date }[]>`
    SELECT id, naam, email, organisatie, gebruik, tier_gewenst, aangemaakt_op FROM sleutel_aanvraag WHERE status = 'in_behandeling' ORDER BY id`;
  return { sleutels, aanvragen };
}
