// The browser calls of the key page (and of the dashboard, through use-sleutel.ts): the key request and the
// check of a key, with RFC 7807 problems turned into a ToegangProbleem that also carries Retry-After (429).
import { ApiProblem, type InvalidParam } from '@/lib/client/api';
import type { AanvraagBody, GewensteTier } from './regels';

/** The shape of a key (lib/access/keys.ts SLEUTEL_PATROON, which uses node:crypto and stays on the server). */
export const SLEUTEL_VORM = /^nlod_[se]_[a-z2-7]{40}$/;

/** The headers that send `sleutel` (none without one). */
export const sleutelKoppen = (sleutel: string | null): Record<string, string> => (sleutel ? { 'X-Api-Key': sleutel } : {});

/** The answer of POST /v1/toegang/aanvragen (its `data`). */
export interface AanvraagAntwoord {
  aanvraag_id: number;
  status: 'uitgegeven' | 'in_behandeling';
  sleutel: string | null;
  prefix: string | null;
  tier: GewensteTier;
  uitleg: string;
}

/** The answer of GET /v1/toegang/sleutel (its `data`). */
export interface SleutelInfo {
  tier: GewensteTier;
  prefix: string;
  naam: string;
  organisatie: string | null;
  limiet_per_uur: number;
  eigen_limiet: boolean;
  rechten: { volledige_historie: boolean; csv: boolean; webhooks_toegestaan: boolean };
  aangemaakt_op: string;
  laatst_gebruikt_op: string | null;
}

/** A problem answered by the API, with the seconds of Retry-After when the answer had it (429). */
export class ToegangProbleem extends ApiProblem {
  constructor(
    status: number,
    title: string,
    detail: string,
    errorCode: string | null,
    invalidParams: InvalidParam[],
    readonly retryAfter: number | null,
  ) {
    super(status, title, detail, errorCode, invalidParams);
  }
}

async function vraag<T>(url: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, cache: 'no-store' });
  } catch {
    throw new ToegangProbleem(0, 'Geen verbinding', 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.', null, [], null);
  }
  if (res.ok) return ((await res.json()) as { data: T }).data;
  const ra = Number(res.headers.get('Retry-After'));
  const retryAfter = res.headers.has('Retry-After') && Number.isFinite(ra) ? ra : null;
  try {
    const p = (await res.json()) as { title?: string; detail?: string; errorCode?: string; invalid_params?: InvalidParam[] };
    throw new ToegangProbleem(res.status, p.title ?? `HTTP ${res.status}`, p.detail ?? p.title ?? '', p.errorCode ?? null, p.invalid_params ?? [], retryAfter);
  } catch (e) {
    if (e instanceof ToegangProbleem) throw e;
    throw new ToegangProbleem(res.status, `HTTP ${res.status}`, 'De server gaf een onverwacht antwoord.', null, [], retryAfter);
  }
}

/** POST /v1/toegang/aanvragen with the body aanvraagBody (regels.ts) made. */
export const vraagSleutelAan = (body: AanvraagBody) =>
  vraag<AanvraagAntwoord>('/v1/toegang/aanvragen', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** GET /v1/toegang/sleutel with `sleutel` in X-Api-Key. */
export const leesSleutelInfo = (sleutel: string) => vraag<SleutelInfo>('/v1/toegang/sleutel', { headers: { 'X-Api-Key': sleutel } });

/** "over 1 uur en 5 minuten" style text for a Retry-After in seconds. */
export function wachttijd(seconden: number): string {
  if (seconden < 60) return `${seconden} seconde${seconden === 1 ? '' : 'n'}`;
  const min = Math.ceil(seconden / 60);
  if (min < 60) return `${min} minu${min === 1 ? 'ut' : 'ten'}`;
  const uur = Math.floor(min / 60);
  const rest = min % 60;
  return `${uur} uur${rest ? ` en ${rest} minu${rest === 1 ? 'ut' : 'ten'}` : ''}`;
}
