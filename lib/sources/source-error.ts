// The classified failure of one upstream call. The API wrapper turns an uncaught SourceError into a
// 502 problem whose detail names the source; composed operations catch it and mark the source
// 'onbeschikbaar' in bronnen instead.
import type { BronEntry } from './bron';

/**
 * timeout: no headers within the first-byte budget, silence between body chunks past the idle budget, or the
 * whole call past its budget; onvolledig: the body ended early (fewer bytes than Content-Length announced, the
 * connection closed mid-body, a document or last CSV row cut off): never served as data.
 */
export type SourceFailureKind = 'timeout' | 'http' | 'netwerk' | 'onleesbaar' | 'onvolledig';

export class SourceError extends Error {
  readonly kind: SourceFailureKind;
  readonly sourceId: string;
  readonly sourceTitle: string;
  readonly httpStatus?: number;
  readonly bron: BronEntry;

  constructor(kind: SourceFailureKind, bron: BronEntry, httpStatus?: number) {
    super(`${bron.titel}: ${describeFailure(kind, httpStatus)}`);
    this.name = 'SourceError';
    this.kind = kind;
    this.sourceId = bron.bron;
    this.sourceTitle = bron.titel;
    this.httpStatus = httpStatus;
    this.bron = bron;
  }
}

/** A Dutch description of a failure kind, for problem details and bronnen. */
export function describeFailure(kind: SourceFailureKind, httpStatus?: number): string {
  switch (kind) {
    case 'timeout':
      return 'gaf geen antwoord binnen de tijdslimiet';
    case 'http':
      return `antwoordde met HTTP-status ${httpStatus}`;
    case 'netwerk':
      return 'was niet bereikbaar';
    case 'onleesbaar':
      return 'gaf een antwoord dat niet gelezen kon worden';
    case 'onvolledig':
      return 'gaf een onvolledig antwoord (afgebroken voor het einde)';
  }
}

/** The bronnen `foutsoort` code of a failure kind. */
export function failureCode(kind: SourceFailureKind, httpStatus?: number): string {
  return kind === 'http' ? `http_${httpStatus}` : kind;
}

/** The failure for an answer that arrived but has a shape we cannot read (becomes a 502 naming the source). */
export function unreadableAnswer(bron: BronEntry): SourceError {
  return new SourceError('onleesbaar', { ...bron, status: 'onbeschikbaar', foutsoort: 'onleesbaar' });
}

/** The failure recorded in an 'onbeschikbaar' bronnen entry, rebuilt as a SourceError (to fail a whole answer). */
export function sourceErrorFromBron(bron: BronEntry): SourceError {
  const code = bron.foutsoort ?? 'netwerk';
  if (code.startsWith('http_')) return new SourceError('http', bron, Number(code.slice(5)));
  const kind: SourceFailureKind = code === 'timeout' || code === 'onleesbaar' || code === 'onvolledig' ? code : 'netwerk';
  return new SourceError(kind, bron);
}
