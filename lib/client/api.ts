// Browser-side calls to our own /v1 API: JSON envelopes and binary answers, with RFC 7807 problems turned
// into an ApiProblem that pages can show as they are (title, detail and the invalid parameters). Every answer's
// rate-limit headers go to the budget store (lib/client/budget.ts).
import { registreerAntwoord } from './budget';

export interface InvalidParam {
  name: string;
  in: string;
  reason: string;
}

/** A problem answered by the API (or a network failure, with status 0). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errorCode: string | null,
    readonly invalidParams: InvalidParam[] = [],
    /** Seconds of the answer's Retry-After (a 429), when it sent one. */
    readonly retryAfter: number | null = null,
    /** When the answer came (ms since the epoch, this browser's clock): Retry-After counts from here. */
    readonly ontvangenOp: number = Date.now(),
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

/** The errorCode of the problem for an exhausted request budget (429). */
export const RATE_LIMITED = 'rate_limited';

/** Whether `fout` is the API saying the request budget is used up. */
export const isBudgetOp = (fout: unknown): fout is ApiProblem =>
  fout instanceof ApiProblem && (fout.errorCode === RATE_LIMITED || fout.status === 429);

async function toProblem(res: Response): Promise<ApiProblem> {
  const ra = Number(res.headers.get('Retry-After') ?? '');
  const retryAfter = res.headers.get('Retry-After') !== null && Number.isFinite(ra) && ra >= 0 ? ra : null;
  try {
    const p = (await res.json()) as { title?: string; detail?: string; errorCode?: string; invalid_params?: InvalidParam[] };
    return new ApiProblem(res.status, p.title ?? `HTTP ${res.status}`, p.detail ?? p.title ?? '', p.errorCode ?? null, p.invalid_params ?? [], retryAfter);
  } catch {
    return new ApiProblem(res.status, `HTTP ${res.status}`, 'De server gaf een onverwacht antwoord.', null, [], retryAfter);
  }
}

const metSleutel = (init?: RequestInit): boolean => {
  const h = new Headers(init?.headers);
  return h.has('X-Api-Key') || h.has('Authorization');
};

async function call(url: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiProblem(0, 'Geen verbinding', 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.', null);
  }
  registreerAntwoord(url, res.status, res.headers, metSleutel(init));
  if (!res.ok) throw await toProblem(res);
  return res;
}

/** GET or POST to the API; resolves to the envelope's data, throws ApiProblem otherwise. */
export async function apiData<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await call(url, init);
  return ((await res.json()) as { data: T }).data;
}

/** One source entry of an answer's bronnen[] (the fields pages show). */
export interface BronVermelding {
  bron: string;
  titel?: string;
  peildatum?: string | null;
  status?: string;
  voorbeelddata?: boolean;
  attributie?: string;
  licentie?: string;
  [veld: string]: unknown;
}

/** The whole envelope of an answer (data plus bronnen and when it was made). */
export interface Envelop<T> {
  data: T;
  bronnen: BronVermelding[];
  gegenereerd_op: string;
  onderdeel: string;
}

/** GET from the API; resolves to the whole envelope, throws ApiProblem otherwise. */
export async function apiEnvelop<T>(url: string, init?: RequestInit): Promise<Envelop<T>> {
  const res = await call(url, init);
  return (await res.json()) as Envelop<T>;
}

/** POST to an operation that answers a file (the PDF); resolves to the Blob. */
export async function apiBlob(url: string, init?: RequestInit): Promise<Blob> {
  return (await call(url, init)).blob();
}
