// The delivery loop of one process: every WEBHOOK_INTERVAL_MS (default 10 s) it sends what is due
// (bezorg.ts), and at once when this process has just published a version (bezorgNu). It runs in the server
// (instrumentation.ts) and in `npm run worker`; several processes share the queue safely. WEBHOOKS=uit
// switches it off in a process.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { perProces } from '@/lib/per-proces';
import { bezorgWebhooks } from './bezorg';

export const INTERVAL_MS = () => Number(process.env.WEBHOOK_INTERVAL_MS ?? 10_000);

const staat = perProces('webhook-bezorger', () => ({
  timer: null as NodeJS.Timeout | null,
  bezig: null as Promise<void> | null,
  opnieuw: false,
  db: null as (() => PrismaClient) | null,
}));

function ronde(): Promise<void> {
  if (!staat.db) return Promise.resolve();
  if (staat.bezig) {
    staat.opnieuw = true;
    return staat.bezig;
  }
  const db = staat.db;
  staat.bezig = (async () => {
    do {
      staat.opnieuw = false;
      try {
        const r = await bezorgWebhooks(db());
        if (r.afgeleverd + r.mislukt + r.wachtend + r.geannuleerd > 0) {
          console.info(`webhooks: ${r.afgeleverd} afgeleverd, ${r.wachtend} later opnieuw, ${r.mislukt} mislukt, ${r.geannuleerd} geannuleerd`);
        }
      } catch (e) {
        // A database that is not there (yet): the next round tries again.
        console.warn(`webhooks: bezorgen mislukt: ${e instanceof Error ? e.message : String(e)}`);
      }
    } while (staat.opnieuw);
  })().finally(() => {
    staat.bezig = null;
  });
  return staat.bezig;
}

/** Starts the loop in this process (once); returns a stop function. */
export function startWebhookBezorger(db: () => PrismaClient): () => Promise<void> {
  if (process.env.WEBHOOKS === 'uit') return async () => undefined;
  staat.db = db;
  if (!staat.timer) {
    staat.timer = setInterval(() => void ronde(), INTERVAL_MS());
    staat.timer.unref();
  }
  return async () => {
    if (staat.timer) clearInterval(staat.timer);
    staat.timer = null;
    staat.db = null;
    await staat.bezig;
  };
}

/** A round now, when the loop runs in this process (after a publish); otherwise nothing. */
export function bezorgNu(): void {
  if (staat.timer) void ronde();
}
