// The one write queue of the page's address (see use-url-staat.ts): choices of every component are gathered
// for a moment and sent as one write, based on the newest query string asked for, and the strings on their
// way to useSearchParams (which follows in a transition) are remembered so that their arrival is not taken
// for an address change someone else made. Plain module state: one page, one address.

/** Milliseconds choices are gathered before one write is sent. */
export const VERZAMEL_MS = 80;

/** Parameters waiting to be written: a value, or null to remove the parameter. */
const wachtend = new Map<string, string | null>();
/** Query strings sent and not yet seen in the address, oldest first. */
let onderweg: string[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let laatstGezien: string | null = null;

/** Queues parameters; `stuur` gets the query string to navigate to (not called when nothing changes). */
export function schrijfUrl(params: Record<string, string | null>, stuur: (query: string) => void, basis = () => window.location.search): void {
  for (const [k, v] of Object.entries(params)) wachtend.set(k, v);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    // On top of the newest address asked for: an earlier write may still be on its way.
    const van = onderweg.length > 0 ? onderweg[onderweg.length - 1] : new URLSearchParams(basis()).toString();
    const q = new URLSearchParams(van);
    for (const [k, v] of wachtend) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    wachtend.clear();
    const s = q.toString();
    if (s === van) return; // nothing changes: no write (it would never "arrive")
    onderweg = [...onderweg, s];
    stuur(s);
  }, VERZAMEL_MS);
}

/** The address now shown: our own write arriving (and every older one), or a change we did not make. */
export function urlAangekomen(query: string): void {
  if (query === laatstGezien) return; // the same arrival, seen by another component's effect
  laatstGezien = query;
  const i = onderweg.indexOf(query);
  onderweg = i >= 0 ? onderweg.slice(i + 1) : [];
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
}
