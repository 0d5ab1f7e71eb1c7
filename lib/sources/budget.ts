// The time budgets of one upstream call and the checks that a body arrived whole, shared by the fetch helper
// (lib/sources/fetch.ts) and the streaming downloader (lib/sources/stream.ts). Three budgets, declared per
// source (lib/sources/source.ts): the response headers must arrive within the first-byte budget, no silence
// between two body chunks may last longer than the idle budget, and the whole call ends at its total budget.
// A body is complete only when it is as long as its Content-Length said and, for XML, its root element is
// closed; anything else is a failure, never data.

/** Raised when the body stopped before its end (connection closed mid-body, fewer bytes than announced). */
export class IncompleteBody extends Error {
  constructor(
    readonly reason: string,
    readonly cause?: unknown,
  ) {
    super(reason);
    this.name = 'IncompleteBody';
  }
}

/** The abort signal of one attempt: the total budget, a phase timer (first byte, then idle) and the caller's signal. */
export class CallBudget {
  private readonly phase = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  readonly signal: AbortSignal;

  constructor(totalMs: number, callerSignal?: AbortSignal) {
    const total = AbortSignal.timeout(Math.max(1, Math.floor(totalMs)));
    this.signal = AbortSignal.any(callerSignal ? [total, this.phase.signal, callerSignal] : [total, this.phase.signal]);
  }

  /** Starts (or restarts) the phase timer: the call is aborted as timed out unless disarmed within ms. */
  arm(ms: number): void {
    this.disarm();
    this.timer = setTimeout(() => this.phase.abort(new DOMException('upstream budget exceeded', 'TimeoutError')), Math.max(1, Math.floor(ms)));
  }

  disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Whether the call was ended by one of its budgets (not by the caller). */
  get timedOut(): boolean {
    return this.signal.aborted && (this.signal.reason as Error | undefined)?.name === 'TimeoutError';
  }
}

/** The body length the headers promise for the bytes a reader sees (null when unknown or content-encoded). */
export function declaredLength(headers: Headers): number | null {
  const raw = headers.get('content-length');
  const encoding = (headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (raw === null || (encoding !== '' && encoding !== 'identity')) return null;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * The chunks of a body with the idle budget between them: the timer runs only while waiting for the network,
 * not while the consumer works on a chunk. A read that fails (not by a budget or the caller) and a body
 * shorter than its Content-Length throw IncompleteBody.
 */
export async function* bodyChunks(body: ReadableStream<Uint8Array>, budget: CallBudget, idleMs: number, expected: number | null): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let received = 0;
  try {
    for (;;) {
      let r: ReadableStreamReadResult<Uint8Array>;
      budget.arm(idleMs);
      try {
        r = await untilAborted(reader.read(), budget.signal);
      } catch (err) {
        if (budget.signal.aborted) throw budget.signal.reason ?? err;
        throw new IncompleteBody('de verbinding werd midden in het antwoord verbroken', err);
      } finally {
        budget.disarm();
      }
      if (r.done) break;
      received += r.value.byteLength;
      if (r.value.byteLength > 0) yield r.value;
    }
  } finally {
    // A read still pending (the budget ended it) is cancelled with the body, so the connection is let go.
    if (budget.signal.aborted) await reader.cancel(budget.signal.reason).catch(() => undefined);
    reader.releaseLock();
  }
  if (expected !== null && received < expected) throw new IncompleteBody(`${received} van de aangekondigde ${expected} bytes ontvangen`);
}

/**
 * The promise, or the signal's reason as soon as it aborts (a caller that gives up stops waiting for a shared
 * refresh; a body read does not always settle when its request's signal fires after the headers arrived, on
 * Node 20, and a call must end at its budget).
 */
export function untilAborted<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const XML_TYPE = /[/+]xml\b/i;

/** Whether a body should be checked as an XML document: an XML media type, or an XML declaration (never HTML). */
export function looksLikeXml(contentType: string | null, head: string): boolean {
  if (contentType && /html/i.test(contentType)) return false;
  if (contentType && XML_TYPE.test(contentType)) return true;
  return /^\uFEFF?\s*<\?xml[\s?]/.test(head);
}

/** The name of the root element, from the start of an XML document (prolog, comments and doctype skipped). */
export function xmlRootName(head: string): { name: string; selfClosing: boolean } | null {
  let s = head.replace(/^\uFEFF/, '');
  for (;;) {
    s = s.trimStart();
    const skip = /^<\?[\s\S]*?\?>/.exec(s) ?? /^<!--[\s\S]*?-->/.exec(s) ?? /^<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>/i.exec(s);
    if (!skip) break;
    s = s.slice(skip[0].length);
  }
  const m = /^<([^\s/>!?]+)(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/.exec(s);
  return m ? { name: m[1], selfClosing: m[2] === '/' } : null;
}

/** Whether an XML document (its first and last few kilobytes suffice) ends with the close of its root element. */
export function xmlClosed(head: string, tail: string): boolean {
  const root = xmlRootName(head);
  if (!root) return false;
  let end = tail.trimEnd();
  // Comments and processing instructions may follow the root element.
  for (;;) {
    const m = /(?:<!--[\s\S]*?-->|<\?[\s\S]*?\?>)$/.exec(end);
    if (!m) break;
    end = end.slice(0, m.index).trimEnd();
  }
  if (root.selfClosing) return end.endsWith('/>');
  return new RegExp(`</${root.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*>$`).test(end);
}
