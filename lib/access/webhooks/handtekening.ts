// Signing of webhook deliveries: HMAC-SHA256 with the webhook's secret over "<t>.<body>", where t is the
// attempt's Unix time in seconds. Header: X-Nlod-Signature: t=<t>,v1=<hex>. A receiver recomputes the HMAC
// over the raw body it received, compares in constant time and refuses a t older than a few minutes (replay).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const HANDTEKENING_KOP = 'X-Nlod-Signature';
/** How old a signature a receiver should accept (seconds): verifieerHandtekening's default. */
export const TOLERANTIE_S = 300;

/** A new signing secret: "whsec_" + 32 random bytes in base64url. */
export function nieuwGeheim(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function hmac(geheim: string, t: number, body: string): string {
  return createHmac('sha256', geheim).update(`${t}.${body}`, 'utf8').digest('hex');
}

/** The header value for a delivery of `body` at Unix time `t` (seconds). */
export function onderteken(geheim: string, t: number, body: string): string {
  return `t=${t},v1=${hmac(geheim, t, body)}`;
}

/**
 * Checks a received header against the raw body (what a receiver does; used by our tests): the timestamp
 * must be within `tolerantie` seconds of `nu` and one v1 signature must match.
 */
export function verifieerHandtekening(geheim: string, kop: string | null | undefined, body: string, nu = Date.now() / 1000, tolerantie = TOLERANTIE_S): boolean {
  if (!kop) return false;
  const delen = kop.split(',').map((d) => d.trim().split('='));
  const t = Number(delen.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nu - t) > tolerantie) return false;
  const verwacht = Buffer.from(hmac(geheim, t, body), 'hex');
  return delen
    .filter(([k, v]) => k === 'v1' && typeof v === 'string' && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), verwacht));
}
