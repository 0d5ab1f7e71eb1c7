// What an operation that belongs to an account or a tier asks of the caller: a key (401 without), and for
// enterprise features an enterprise key (403 forbidden_tier naming enterprise).
import { Problem } from '@/lib/api/problems';
import type { Toegang } from './toegang';
import { TIER_REGELS, type Tier } from './tiers';

/** The 403 forbidden_tier problem naming the tier that would answer. */
export const tierTeLaag = (vereiste: Tier, detail: string) => new Problem('forbidden_tier', { detail, extra: { vereiste_tier: vereiste } });

/** The key's id; 401 `unauthorized` without a key, saying why `wat` needs one. */
export function vereisSleutel(t: Toegang, wat: string): number {
  if (t.sleutel_id === null) {
    throw new Problem('unauthorized', { detail: `${wat}: stuur een sleutel mee in X-Api-Key (aan te vragen op /sleutel).` });
  }
  return t.sleutel_id;
}

/** The key's id for an enterprise feature (webhooks, bulk export); 401 without a key, 403 for other tiers. */
export function vereisEnterprise(t: Toegang, wat: string): number {
  const id = vereisSleutel(t, wat);
  if (!TIER_REGELS[t.tier].webhooks) {
    throw tierTeLaag('enterprise', `${wat} hoort bij de tier enterprise; deze sleutel is ${t.tier}. Vraag enterprise aan op /sleutel (na goedkeuring een eigen limiet per sleutel).`);
  }
  return id;
}
