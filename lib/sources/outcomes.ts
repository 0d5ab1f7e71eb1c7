// Listeners told about every upstream call outcome (source id, ok or failure kind, duration). The
// server registers the database recorder here (instrumentation.ts); nothing user-supplied is passed.

export interface SourceOutcome {
  bron: string;
  ok: boolean;
  foutsoort: string | null;
  duurMs: number;
  tijd: Date;
}

type Listener = (outcome: SourceOutcome) => void;
// Kept on globalThis: Next.js bundles instrumentation.ts apart from the route handlers, so a module-level
// set would be a different set in each bundle.
const holder = globalThis as { __nlodOutcomeListeners?: Set<Listener> };
const listeners: Set<Listener> = (holder.__nlodOutcomeListeners ??= new Set());

/** Subscribes to call outcomes; returns the unsubscribe function. */
export function onSourceOutcome(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reports one outcome to every listener; a failing listener never affects the call. */
export function reportSourceOutcome(outcome: SourceOutcome): void {
  for (const l of listeners) {
    try {
      l(outcome);
    } catch {
      /* recording is best effort */
    }
  }
}
