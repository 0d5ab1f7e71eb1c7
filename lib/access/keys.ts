// API keys: random, with a readable prefix; stored only as their sha-256 and the prefix (keys.ts makes and
// reads them, store.ts keeps them). The key itself exists only in the answer that issues it. Pure.
import { createHash, randomBytes } from 'node:crypto';
import type { Tier } from './tiers';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TIER_LETTER: Record<Exclude<Tier, 'free_preview'>, string> = { standard: 's', enterprise: 'e' };

/** The shape of a key: nlod_<s|e>_<40 base32 characters>. */
export const SLEUTEL_PATROON = /^nlod_[se]_[a-z2-7]{40}$/;
/** Length of the visible prefix: 'nlod_s_' plus 8 characters. */
const PREFIX_LENGTE = 15;

function base32(bytes: Buffer, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += BASE32[bytes[i] & 31];
  return out;
}

export const hashSleutel = (sleutel: string) => createHash('sha256').update(sleutel, 'utf8').digest('hex');
export const prefixVan = (sleutel: string) => sleutel.slice(0, PREFIX_LENGTE);

/** A new key for `tier`, with what is stored of it. */
export function nieuweSleutel(tier: Exclude<Tier, 'free_preview'>): { sleutel: string; hash: string; prefix: string } {
  // 40 characters of 5 bits from 40 random bytes: 200 bits of randomness.
  const sleutel = `nlod_${TIER_LETTER[tier]}_${base32(randomBytes(40), 40)}`;
  return { sleutel, hash: hashSleutel(sleutel), prefix: prefixVan(sleutel) };
}

/**
 * The key a request carries: header X-Api-Key, or Authorization: Bearer <key>. undefined: none given;
 * null: something was given that cannot be a key (the caller answers 401).
 */
export function sleutelUit(headers: Headers): string | null | undefined {
  const x = headers.get('x-api-key');
  const auth = headers.get('authorization');
  if (x === null && auth === null) return undefined;
  const waarde = x !== null ? x.trim() : /^Bearer\s+(\S+)\s*$/i.exec(auth!)?.[1];
  return waarde && SLEUTEL_PATROON.test(waarde) ? waarde : null;
}
