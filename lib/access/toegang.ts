// The access decision for one request, made by the route wrapper before the operation runs: which tier the
// caller has (a key in X-Api-Key or Authorization: Bearer, else free_preview), and whether the rate limit
// lets the request through. The distribution monitor is limited exactly per key (per IP without one) by the
// tier; every other operation by a generous per-IP limit counted in blocks. The RateLimit-* headers go on
// every answer, a 429 problem carries Retry-After.
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { log } from '@/lib/log';
import { sleutelUit } from './keys';
import { peil, peilInBlokken, verbruikExact, verbruikInBlokken, type Uitkomst } from './rate-limit';
import { registreerGebruik, zoekSleutel, type SleutelInfo } from './store';
import { OVERIG_LIMIET_PER_UUR, TIER_REGELS, type Tier } from './tiers';

export interface Toegang {
  tier: Tier;
  /** The key's id (the account whose watch lists and webhooks the caller sees); null without a key. */
  sleutel_id: number | null;
}

/** The API limited per key by the tier, whose answers depend on the tier (history, CSV). */
export const TIER_API = 'distributiemonitor';

export const ZONDER_SLEUTEL: Toegang = { tier: 'free_preview', sleutel_id: null };

/** Off for unit tests without a database (vitest.config.ts); every deployment has it on. */
export const toegangAan = () => process.env.TOEGANG !== 'uit';

/**
 * The caller's address. The server (scripts/serve.mjs) rewrites X-Forwarded-For to the connection's address,
 * preceded by the last TRUST_PROXY_HOPS entries when reverse proxies are trusted: the caller is then the entry
 * TRUST_PROXY_HOPS places before the end (the address the outermost trusted proxy saw). A client's own
 * X-Forwarded-For never counts.
 */
export function adresVan(headers: Headers): string {
  const keten = (headers.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const hops = Number(process.env.TRUST_PROXY_HOPS ?? '0') || 0;
  return keten[Math.max(0, keten.length - 1 - hops)] ?? 'onbekend';
}

const overigLimiet = () => Number(process.env.RATE_LIMIT_OVERIG ?? '') || OVERIG_LIMIET_PER_UUR;
/** The free preview's hourly limit on the monitor: the spec's 60, overridable for test and load setups. */
const previewLimiet = () => Number(process.env.RATE_LIMIT_PREVIEW ?? '') || TIER_REGELS.free_preview.limiet_per_uur;

function kopregels(u: Uitkomst): Record<string, string> {
  return { 'RateLimit-Limit': String(u.limiet), 'RateLimit-Remaining': String(u.resterend), 'RateLimit-Reset': String(u.reset) };
}

/** Who asks: the tier and the stored key (null without one), and the rate-limit subject and limit that apply to `api`. */
export interface Aanvrager {
  toegang: Toegang;
  info: SleutelInfo | null;
  onderwerp: string;
  limiet: number;
}

/**
 * Who asks (step 1 of the access decision): the key read and looked up (cached per process, lib/access/store.ts),
 * no rate-limit read yet. Throws 401 for a malformed, unknown or revoked key. null when access is off.
 */
export async function aanvragerVan(api: string, headers: Headers): Promise<Aanvrager | null> {
  if (!toegangAan()) return null;
  const k = sleutelUit(headers);
  if (k === null) throw new Problem('unauthorized', { detail: 'De sleutel in X-Api-Key (of Authorization: Bearer) heeft niet de vorm nlod_s_… of nlod_e_….' });
  const info = k ? await zoekSleutel(getDb(), k) : null;
  if (k && (!info || info.ingetrokken)) throw new Problem('unauthorized', { detail: 'Onbekende of ingetrokken sleutel. Vraag een sleutel aan op /sleutel.' });
  const toegang: Toegang = info ? { tier: info.tier, sleutel_id: info.id } : ZONDER_SLEUTEL;
  const monitor = api === TIER_API;
  const onderwerp = monitor ? (info ? `k:${info.id}:monitor` : `ip:${adresVan(headers)}:monitor`) : `ip:${adresVan(headers)}:overig`;
  const limiet = monitor ? (info ? (info.limiet_per_uur ?? TIER_REGELS[info.tier].limiet_per_uur) : previewLimiet()) : overigLimiet();
  return { toegang, info, onderwerp, limiet };
}

/**
 * The rate limit of a caller (step 2): one read or write of its counter. Counting (`tellen`, the default) uses one
 * request and throws 429 over the limit; without it nothing is used and nothing refused, the headers say what is
 * left (a revalidation answered 304 before the operation runs, lib/api/cache.ts). No headers when access is off or
 * the counter's database fails (the request then goes through, unlimited).
 */
export async function limietVan(
  api: string,
  a: Aanvrager | null,
  { tellen = true }: { tellen?: boolean } = {},
): Promise<Record<string, string>> {
  if (!a) return {};
  const db = getDb();
  let u: Uitkomst;
  try {
    // A peek at a block-counted limit is answered from this process's block where it holds one (no read).
    u = !tellen ? ((api === TIER_API ? null : peilInBlokken(a.onderwerp, a.limiet)) ?? (await peil(db, a.onderwerp, a.limiet))) : api === TIER_API ? await verbruikExact(db, a.onderwerp, a.limiet) : await verbruikInBlokken(db, a.onderwerp, a.limiet);
  } catch (e) {
    // The counter's database failing must not take the API down: the request goes through, unlimited.
    log('warn', 'rate_limit_onbeschikbaar', { fout: e instanceof Error ? e.message : String(e) });
    return {};
  }
  const h = kopregels(u);
  if (!tellen) return h;
  if (a.info) registreerGebruik(db, a.info.id);
  if (!u.toegestaan) {
    const hoger = a.toegang.tier === 'free_preview' ? ' Met een sleutel (standard, 1.000 per uur) kan meer; vraag er een aan op /sleutel.' : '';
    throw new Problem('rate_limited', {
      detail: `Limiet van ${u.limiet} verzoeken per uur bereikt; probeer het over ${u.reset} seconden opnieuw.${hoger}`,
      headers: { ...h, 'Retry-After': String(u.reset) },
    });
  }
  return h;
}

/**
 * The caller's tier and the rate-limit headers (aanvragerVan, then limietVan): throws 401 for a malformed,
 * unknown or revoked key and 429 over the limit. With `tellen: false` the request uses nothing and is never refused.
 */
export async function bepaalToegang(
  api: string,
  headers: Headers,
  opties: { tellen?: boolean } = {},
): Promise<{ toegang: Toegang; headers: Record<string, string> }> {
  const a = await aanvragerVan(api, headers);
  return { toegang: a?.toegang ?? ZONDER_SLEUTEL, headers: await limietVan(api, a, opties) };
}
