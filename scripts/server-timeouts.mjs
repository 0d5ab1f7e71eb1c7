// How long the production server (scripts/serve.mjs) waits for a request to arrive. Node's defaults hold a
// stalled upload 300 s before its 408; a public API answers within seconds. The request timeout covers the
// headers and the whole body (an upload of at most 2 MiB), the headers timeout only the headers. Both run
// only while a request is arriving: an idle keep-alive connection is governed by keepAliveTimeout, and a
// response that takes long (a report) is not cut off once the request is in.
export const STANDAARD_VERZOEK_MS = 30_000;
export const KOPREGELS_MS = 20_000;

/** Server options from VERZOEK_TIMEOUT_MS (milliseconds; default 30 s), or a one-line error. */
export function serverTimeouts(waarde) {
  const requestTimeout = waarde === undefined || waarde === '' ? STANDAARD_VERZOEK_MS : Number(waarde);
  if (!Number.isInteger(requestTimeout) || requestTimeout < 100 || requestTimeout > 600_000) {
    return { fout: `VERZOEK_TIMEOUT_MS moet een geheel aantal milliseconden zijn van 100 tot 600000 (niet "${waarde}").` };
  }
  return {
    options: {
      requestTimeout,
      // Node requires headersTimeout <= requestTimeout.
      headersTimeout: Math.min(KOPREGELS_MS, requestTimeout),
      // How often Node checks the two timeouts (default 30 s, which would double the wait).
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(requestTimeout / 4))),
    },
  };
}
