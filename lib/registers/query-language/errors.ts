// The error of the query language: which parameter, the Dutch reason (with the 1-based position in the
// parameter value where there is one), and its conversion to the 400 problem of the API.
import { Problem, type InvalidParam } from '@/lib/api/problems';

export type EnterpriseParam = 'waar' | 'velden' | 'sorteer';

export class QueryTaalFout extends Error {
  readonly parameter: EnterpriseParam;
  /** 1-based character position in the parameter value, when the error has one. */
  readonly positie?: number;

  constructor(parameter: EnterpriseParam, reden: string, positie?: number) {
    super(reden);
    this.name = 'QueryTaalFout';
    this.parameter = parameter;
    this.positie = positie;
  }

  toInvalidParam(): InvalidParam {
    return { name: this.parameter, in: 'query', reason: this.message };
  }

  toProblem(): Problem {
    return problemVoor([this]);
  }
}

/** One 400 problem (invalid_parameter) for one or more query-language errors. */
export function problemVoor(fouten: readonly QueryTaalFout[]): Problem {
  const detail =
    fouten.length === 1
      ? `Ongeldige parameter ${fouten[0].parameter}: ${fouten[0].message}`
      : `Ongeldige parameters: ${fouten.map((f) => `${f.parameter}: ${f.message}`).join('; ')}`;
  return new Problem('invalid_parameter', { detail, invalidParams: fouten.map((f) => f.toInvalidParam()) });
}

/** A list of names for a message: `a, b, c`. */
export function lijst(namen: readonly string[]): string {
  return namen.length === 0 ? '(geen)' : namen.join(', ');
}
