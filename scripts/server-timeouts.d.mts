// Types of scripts/server-timeouts.mjs.
export const STANDAARD_VERZOEK_MS: number;
export const KOPREGELS_MS: number;
export function serverTimeouts(
  waarde: string | undefined,
): { options: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } } | { fout: string };
