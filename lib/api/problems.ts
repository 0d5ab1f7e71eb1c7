// The catalogue of error codes (errorCode -> HTTP status and Dutch title) and the Problem value
// that handlers throw. Every error the API answers is one of these, as RFC 7807 problem+json.

export const problemCatalogue = {
  invalid_parameter: { status: 400, title: 'Ongeldige parameter' },
  bad_request: { status: 400, title: 'Ongeldig verzoek' },
  payload_too_large: { status: 400, title: 'Inhoud te groot' },
  unauthorized: { status: 401, title: 'Niet geautoriseerd' },
  forbidden_tier: { status: 403, title: 'Niet beschikbaar in dit abonnement' },
  not_found: { status: 404, title: 'Niet gevonden' },
  method_not_allowed: { status: 405, title: 'Methode niet toegestaan' },
  request_timeout: { status: 408, title: 'Verzoek niet op tijd ontvangen' },
  unsupported_media_type: { status: 415, title: 'Inhoudstype niet ondersteund' },
  validation_error: { status: 422, title: 'Inhoud niet geldig' },
  unprocessable_xml: { status: 422, title: 'XML niet verwerkbaar' },
  unsupported_format: { status: 422, title: 'Formaat niet bevraagbaar' },
  resource_not_queryable: { status: 422, title: 'Bestand niet bevraagbaar' },
  rate_limited: { status: 429, title: 'Te veel verzoeken' },
  headers_too_large: { status: 431, title: 'Kopregels te groot' },
  internal_error: { status: 500, title: 'Interne fout' },
  source_unavailable: { status: 502, title: 'Bron niet beschikbaar' },
  import_unavailable: { status: 503, title: 'Collectie niet beschikbaar' },
  service_unavailable: { status: 503, title: 'Dienst tijdelijk niet beschikbaar' },
} as const;

export type ErrorCode = keyof typeof problemCatalogue;

/** One invalid request parameter, as listed in a 400 problem. */
export interface InvalidParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'body';
  reason: string;
}

export interface ProblemOptions {
  detail?: string;
  invalidParams?: InvalidParam[];
  headers?: Record<string, string>;
  /** Extra, documented members of the problem document (snake_case). */
  extra?: Record<string, unknown>;
}

/** An error with a catalogue code; thrown by handlers and turned into problem+json by the wrapper. */
export class Problem extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly invalidParams?: InvalidParam[];
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;

  constructor(code: ErrorCode, options: ProblemOptions = {}) {
    super(options.detail ?? problemCatalogue[code].title);
    this.name = 'Problem';
    this.code = code;
    this.status = problemCatalogue[code].status;
    this.title = problemCatalogue[code].title;
    this.detail = options.detail;
    this.invalidParams = options.invalidParams;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

/** The problem document body (RFC 7807) for a Problem, tied to the request by its id. */
export function problemDocument(problem: Problem, requestId: string): Record<string, unknown> {
  return {
    type: `/problemen#${problem.code}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail ?? problem.title,
    errorCode: problem.code,
    instance: `urn:uuid:${requestId}`,
    ...(problem.invalidParams ? { invalid_params: problem.invalidParams } : {}),
    ...problem.extra,
  };
}
