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
  /** The bronnen entry of this failure: its source id is the source that failed, whoever catches the error. */
  readonly bron: BronEntry;
  /**
   * Every bronnen entry of the calls behind this failure, this one first: a part that needs several sources
   * (allSources in gather.ts) fails with all of them, the other failed ones and the ones that answered.
   */
  readonly bronnen: BronEntry[];

  constructor(kind: SourceFailureKind, bron: BronEntry, httpStatus?: number, others: BronEntry[] = []) {
    const alsoFailed = others.filter((b) => b.status === 'onbeschikbaar');
    super([`${bron.titel}: ${describeFailure(kind, httpStatus)}`, ...alsoFailed.map((b) => `${b.titel}: ${describeFailure(...failureOfBron(b))}`)].join('; '));
    this.name = 'SourceError';
    this.kind = kind;
    this.sourceId = bron.bron;
    this.sourceTitle = bron.titel;
    this.httpStatus = httpStatus;
    this.bron = bron;
    this.bronnen = [bron, ...others];
  }

  /** The failed entries ('onbeschikbaar'), this error's own first. */
  get failed(): BronEntry[] {
    return this.bronnen.filter((b) => b.status === 'onbeschikbaar');
  }
}

/** The failure kind and HTTP status recorded in an 'onbeschikbaar' entry's foutsoort. */
export function failureOfBron(bron: BronEntry): [SourceFailureKind, number | undefined] {
  const code = bron.foutsoort ?? 'netwerk';
  if (code.startsWith('http_')) return ['http', Number(code.slice(5))];
  return [code === 'timeout' || code === 'onleesbaar' || code === 'onvolledig' ? code : 'netwerk', undefined];
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
export function sourceErrorFromBron(bron: BronEntry, others: BronEntry[] = []): SourceError {
  const [kind, httpStatus] = failureOfBron(bron);
  return new SourceError(kind, bron, httpStatus, others);
}

/**
 * The failure of an answer that nothing is left of: every failed entry of `bronnen` (the first one is the
 * error's own), with the entries that answered. Throw it when all parts of a composed answer failed.
 */
export function sourceErrorFromBronnen(bronnen: BronEntry[]): SourceError {
  const failed = bronnen.filter((b) => b.status === 'onbeschikbaar');
  if (failed.length === 0) throw new Error('sourceErrorFromBronnen: no failed entry');
  return sourceErrorFromBron(failed[0], bronnen.filter((b) => b !== failed[0]));
}
