// The one write queue of the page's address (see use-url-staat.ts): choices of every component are gathered
// for a moment and sent as one write, based on the newest query string asked for, and the strings on their
// way to useSearchParams (which follows in a transition) are remembered so that their arrival is not taken
// for an address change someone else made. Plain module state: one page, one address.
//
// One write at a time: Next's router takes a replaceState over as a transition and, when that state commits,
// writes its own copy of the address back. Two writes in flight could commit in two steps, so the older
// one's commit would put the older address back over the newer one for a moment (a reload in that moment
// lands on the older step). So the next write waits until the previous one has arrived in useSearchParams
// (its commit is then done), or at most WACHT_MAX_MS should an arrival never be reported. The same holds for
// a pushState (a new history entry): it waits in the same queue.
//
// New entry or replace: a write is a new history entry (Back undoes it) when any choice gathered into it asked
// for one (a discrete choice: a select box, a tab, a toggle); otherwise it replaces the current entry
// (continuous input: a slider being dragged, typing), so history is not flooded.

/** Milliseconds choices are gathered before one write is sent. */
export const VERZAMEL_MS = 80;
/** Longest wait for the previous write's arrival before the next is sent anyway. */
export const WACHT_MAX_MS = 1500;

/** Sends a query string; `nieuweStap` asks for a new history entry (pushState) instead of a replace. */
type Stuur = (query: string, nieuweStap: boolean) => void;

/** Parameters waiting to be written: a value, or null to remove the parameter. */
const wachtend = new Map<string, string | null>();
/** Query strings sent and not yet seen in the address, oldest first. */
let onderweg: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let laatstGezien: string | null = null;
/** How the waiting parameters are to be sent (the newest caller's). */
let verzend: { stuur: Stuur; basis: () => string } | null = null;
/** When the write now waiting for the previous one's arrival started waiting. */
let wachtSinds: number | null = null;
/** Whether a choice gathered into the waiting write asked for a new history entry. */
let wachtendNieuweStap = false;

/**
 * Queues parameters; `stuur` gets the query string to navigate to (not called when nothing changes) and
 * whether it is to be a new history entry: true when any choice gathered into this write passed
 * `nieuweStap` (a discrete choice), false when all were continuous input.
 */
export function schrijfUrl(params: Record<string, string | null>, stuur: Stuur, basis = () => window.location.search, nieuweStap = false): void {
  for (const [k, v] of Object.entries(params)) wachtend.set(k, v);
  if (nieuweStap) wachtendNieuweStap = true;
  verzend = { stuur, basis };
  plan(VERZAMEL_MS);
}

function plan(ms: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    if (onderweg.length > 0) {
      // The previous write has not arrived: wait for it (urlAangekomen sends), but not for ever.
      wachtSinds ??= Date.now();
      const over = WACHT_MAX_MS - (Date.now() - wachtSinds);
      if (over > 0) return plan(over);
    }
    verstuur();
  }, ms);
}

function verstuur(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  wachtSinds = null;
  if (wachtend.size === 0 || !verzend) return;
  // On top of the newest address asked for: an earlier write may still be on its way.
  const van = onderweg.length > 0 ? onderweg[onderweg.length - 1] : new URLSearchParams(verzend.basis()).toString();
  const q = new URLSearchParams(van);
  for (const [k, v] of wachtend) {
    if (v === null) q.delete(k);
    else q.set(k, v);
  }
  wachtend.clear();
  const nieuweStap = wachtendNieuweStap;
  wachtendNieuweStap = false;
  const s = q.toString();
  if (s === van) return; // nothing changes: no write (it would never "arrive")
  onderweg = [...onderweg, s];
  verzend.stuur(s, nieuweStap);
}

/** The address now shown: our own write arriving (and every older one), or a change we did not make. */
export function urlAangekomen(query: string): void {
  if (query === laatstGezien) return; // the same arrival, seen by another component's effect
  laatstGezien = query;
  const i = onderweg.indexOf(query);
  onderweg = i >= 0 ? onderweg.slice(i + 1) : [];
  // A write that waited for this arrival goes out now (its gathering moment has passed).
  if (onderweg.length === 0 && wachtSinds !== null) verstuur();
}

/** True when nothing waits to be written and nothing is on its way: the address shows every choice. */
export function urlRust(): boolean {
  return timer === null && wachtend.size === 0 && onderweg.length === 0;
}

/** Forgets all state (tests). */
export function resetUrlSchrijver(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  wachtend.clear();
  onderweg = [];
  laatstGezien = null;
  verzend = null;
  wachtSinds = null;
  wachtendNieuweStap = false;
}
