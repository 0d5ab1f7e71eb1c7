// Delivering webhook events: claim what is due (several processes share the queue: FOR UPDATE SKIP
// LOCKED plus a claim time), POST the stored body signed for this attempt, log the attempt, and decide the
// next state. A 2xx is delivered; anything else (an error, a timeout, a redirect, another status) is retried
// with exponential backoff — 1 minute, doubling, at most an hour apart — until 24 hours after the event;
// 410 Gone stops at once. A ping is tried once.
import http from 'node:http';
import https from 'node:https';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { API_VERSION } from '@/lib/api/version';
import { bestemmingBezwaar, veiligeLookup } from './adres';
import { HANDTEKENING_KOP, onderteken } from './handtekening';
import { PING } from './gebeurtenissen';
import type { LeveringStatus } from './store';

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

export const EERSTE_WACHTTIJD_MS = 60_000;
export const MAX_WACHTTIJD_MS = 3_600_000;
export const OPNIEUW_PROBEREN_MS = 24 * 3_600_000;
/** How long one attempt may take (connect, send, the receiver's answer). */
export const POGING_TIMEOUT_MS = 10_000;
/** How long a claimed delivery stays claimed by one process. */
const CLAIM_MS = 2 * POGING_TIMEOUT_MS;
/** Deliveries sent at once by one process. */
const TEGELIJK = 8;

/** When to try again after `pogingen` failed attempts of an event created at `aangemaakt`; null: give up. */
export function volgendePoging(aangemaakt: Date, pogingen: number, nu: Date): Date | null {
  const wacht = Math.min(EERSTE_WACHTTIJD_MS * 2 ** Math.max(0, pogingen - 1), MAX_WACHTTIJD_MS);
  const volgende = new Date(nu.getTime() + wacht);
  return volgende.getTime() - aangemaakt.getTime() > OPNIEUW_PROBEREN_MS ? null : volgende;
}

export interface PogingUitkomst {
  http_status: number | null;
  fout: string | null;
  duur_ms: number;
}

/**
 * One POST of `body` to `url` (public addresses only, see adres.ts); never throws. The URL's host is checked
 * by the registration's rule first (an IP literal never reaches the socket's lookup), then every address
 * its name resolves to. A refused address is the error EADDRNOTPUBLIC, without a connection.
 */
export function verstuur(url: string, headers: Record<string, string>, body: string, timeoutMs = POGING_TIMEOUT_MS): Promise<PogingUitkomst> {
  const t0 = performance.now();
  const duur = () => Math.round(performance.now() - t0);
  return new Promise((resolve) => {
    let klaar = false;
    const einde = (u: Omit<PogingUitkomst, 'duur_ms'>) => {
      if (klaar) return;
      klaar = true;
      resolve({ ...u, duur_ms: duur() });
    };
    let doel: URL;
    try {
      doel = new URL(url);
    } catch {
      return einde({ http_status: null, fout: 'ongeldige url' });
    }
    if (bestemmingBezwaar(doel)) return einde({ http_status: null, fout: 'EADDRNOTPUBLIC' });
    const mod = doel.protocol === 'https:' ? https : http;
    const req = mod.request(
      doel,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: veiligeLookup,
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        // The answer's body is not kept (nor logged): read and dropped, at most 64 KiB.
        let gelezen = 0;
        res.on('data', (c: Buffer) => {
          gelezen += c.length;
          if (gelezen > 65_536) res.destroy();
        });
        res.on('end', () => einde({ http_status: res.statusCode ?? null, fout: null }));
        res.on('error', () => einde({ http_status: res.statusCode ?? null, fout: null }));
        res.on('close', () => einde({ http_status: res.statusCode ?? null, fout: null }));
      },
    );
    const stop = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => einde({ http_status: null, fout: e.code === 'ETIMEDOUT' ? `geen antwoord binnen ${timeoutMs / 1000} s` : (e.code ?? e.message) }));
    req.on('close', () => clearTimeout(stop));
    req.end(body);
  });
}

interface Claim {
  id: number;
  webhook_id: number;
  gebeurtenis_id: string;
  soort: string;
  body: string;
  pogingen: number;
  aangemaakt_op: Date;
  url: string | null;
  geheim: string | null;
  actief: boolean;
}

/** One attempt at one claimed delivery: send, log, next state. */
async function probeer(db: Db, c: Claim, nu: Date, herhaal: boolean) {
  const nummer = c.pogingen + 1;
  if (!c.actief || !c.url || !c.geheim) {
    await db.$executeRaw`
      UPDATE webhook_levering SET status = 'geannuleerd', afgerond_op = ${nu}, bezig_tot = NULL, laatste_fout = 'webhook verwijderd of sleutel ingetrokken'
      WHERE id = ${c.id}`;
    return { status: 'geannuleerd' as LeveringStatus, http_status: null, fout: 'webhook verwijderd of sleutel ingetrokken', duur_ms: 0 };
  }
  const t = Math.floor(nu.getTime() / 1000);
  const u = await verstuur(c.url, {
    'Content-Type': 'application/json',
    'User-Agent': `nlod-webhooks/${API_VERSION}`,
    'X-Nlod-Event': c.soort,
    'X-Nlod-Delivery': String(c.id),
    'X-Nlod-Event-Id': c.gebeurtenis_id,
    [HANDTEKENING_KOP]: onderteken(c.geheim, t, c.body),
  }, c.body);
  const gelukt = u.http_status !== null && u.http_status >= 200 && u.http_status < 300;
  const fout = gelukt ? null : (u.fout ?? `HTTP ${u.http_status}`);
  const volgende = gelukt || !herhaal || u.http_status === 410 ? null : volgendePoging(c.aangemaakt_op, nummer, nu);
  const status: LeveringStatus = gelukt ? 'afgeleverd' : volgende ? 'wachtend' : 'mislukt';
  await db.$executeRaw`
    INSERT INTO webhook_poging (levering_id, nummer, op, http_status, fout, duur_ms) VALUES (${c.id}, ${nummer}, ${nu}, ${u.http_status}, ${fout}, ${u.duur_ms})`;
  await db.$executeRaw`
    UPDATE webhook_levering SET pogingen = ${nummer}, status = ${status}, volgende_poging = ${volgende}, bezig_tot = NULL,
      laatste_status = ${u.http_status}, laatste_fout = ${fout}, afgerond_op = ${status === 'wachtend' ? null : nu}
    WHERE id = ${c.id}`;
  return { status, ...u, fout };
}

/**
 * Sends every delivery that is due at `nu` (at most `max`), TEGELIJK at a time. Returns the outcome counts.
 * Safe to run in several processes at once: a delivery is claimed by one of them.
 */
export async function bezorgWebhooks(db: Db, o: { nu?: () => Date; max?: number } = {}): Promise<Record<LeveringStatus, number>> {
  const klok = o.nu ?? (() => new Date());
  const nu = klok();
  const tot = new Date(nu.getTime() + CLAIM_MS);
  const claims = await db.$queryRaw<Claim[]>`
      WITH geclaimd AS (
        UPDATE webhook_levering SET bezig_tot = ${tot}
        WHERE id IN (
          SELECT id FROM webhook_levering
          WHERE status = 'wachtend' AND volgende_poging <= ${nu} AND (bezig_tot IS NULL OR bezig_tot < ${nu})
          ORDER BY volgende_poging, id LIMIT ${o.max ?? 100} FOR UPDATE SKIP LOCKED)
        RETURNING id, webhook_id, gebeurtenis_id, soort, body, pogingen, aangemaakt_op)
      SELECT g.*, w.url, w.geheim, (w.verwijderd_op IS NULL AND s.ingetrokken_op IS NULL AND s.tier = 'enterprise') AS actief
      FROM geclaimd g LEFT JOIN webhook w ON w.id = g.webhook_id LEFT JOIN api_sleutel s ON s.id = w.sleutel_id
      ORDER BY g.id`;
  const uit: Record<LeveringStatus, number> = { wachtend: 0, afgeleverd: 0, mislukt: 0, geannuleerd: 0 };
  for (let i = 0; i < claims.length; i += TEGELIJK) {
    const r = await Promise.all(claims.slice(i, i + TEGELIJK).map((c) => probeer(db, { ...c, actief: c.actief === true }, klok(), c.soort !== PING)));
    for (const x of r) uit[x.status]++;
  }
  return uit;
}

/** Sends one delivery now (the ping): tried once, whatever its state; null when it does not exist. */
export async function bezorgEen(db: Db, leveringId: number, nu = new Date()) {
  const [c] = await db.$queryRaw<Claim[]>`
    SELECT l.id, l.webhook_id, l.gebeurtenis_id, l.soort, l.body, l.pogingen, l.aangemaakt_op, w.url, w.geheim,
      (w.verwijderd_op IS NULL AND s.ingetrokken_op IS NULL AND s.tier = 'enterprise') AS actief
    FROM webhook_levering l LEFT JOIN webhook w ON w.id = l.webhook_id LEFT JOIN api_sleutel s ON s.id = w.sleutel_id
    WHERE l.id = ${leveringId}`;
  if (!c) return null;
  return { levering_id: c.id, ...(await probeer(db, { ...c, actief: c.actief === true }, nu, false)) };
}
