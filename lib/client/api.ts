// Browser-side calls to our own /v1 API: JSON envelopes and binary answers, with RFC 7807 problems turned
// into an ApiProblem that pages can show as they are (title, detail and the invalid parameters).

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
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

async function toProblem(res: Response): Promise<ApiProblem> {
  try {
    const p = (await res.json()) as { title?: string; detail?: string; errorCode?: string; invalid_params?: InvalidParam[] };
    return new ApiProblem(res.status, p.title ?? `HTTP ${res.status}`, p.detail ?? p.title ?? '', p.errorCode ?? null, p.invalid_params ?? []);
  } catch {
    return new ApiProblem(res.status, `HTTP ${res.status}`, 'De server gaf een onverwacht antwoord.', null);
  }
}

async function call(url: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    throw new ApiProblem(0, 'Geen verbinding', 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.', null);
  }
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
