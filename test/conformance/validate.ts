// Validates an operation's 200 JSON body against the schema the OpenAPI document declares for it, the way a
// client generator reads the document: ajv, JSON Schema draft 2020-12 (OpenAPI 3.1's dialect) with the string
// formats (date, date-time, uri, ...), every $ref resolved inside the document.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type Doc = { paths: Record<string, Record<string, { operationId: string }>> };

/** Validates `body` as the 200 answer of operation `operationId`; the violations in words (none: []). */
export type ResponseValidator = (operationId: string, body: unknown) => string[];

/** A string an answer gives as an ISO date or timestamp where its schema declares no format. */
export interface UndeclaredDate {
  operationId: string;
  /** Where in the answer, array indices as *. */
  path: string;
  format: 'date' | 'date-time';
}

/** ISO 8601 as the API writes it: a calendar date, or a timestamp (seconds and fraction optional, Z or an offset). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const PROBE = 'x-datum-zonder-format';

/** A copy of the document in which every string schema without a format or enum carries the probe keyword. */
function withProbes(doc: unknown): unknown {
  const copy = structuredClone(doc) as Record<string, unknown>;
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    if (Array.isArray(s)) return s.forEach(walk);
    const o = s as Record<string, unknown>;
    // The source's own text, not converted (x-brontekst: the GLEIF source record): its dates are as the source writes them.
    if (o['x-brontekst'] === true) return;
    const types = Array.isArray(o.type) ? o.type : [o.type];
    if (types.includes('string') && o.format === undefined && o.enum === undefined && o.const === undefined) o[PROBE] = true;
    Object.values(o).forEach(walk);
  };
  walk(copy.paths);
  walk(copy.components);
  return copy;
}

const DOC_ID = 'urn:nlods:openapi';
const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** A validator over the whole document (compiled once per operation, on first use). */
export function responseValidator(doc: Doc, undeclaredDate?: (d: UndeclaredDate) => void): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  let current = '';
  // Probes (never failing) that report ISO dates in strings declared without a format.
  ajv.addKeyword({
    keyword: PROBE,
    schemaType: 'boolean',
    errors: false,
    validate: (_: boolean, data: unknown, _parent?: unknown, cxt?: { instancePath: string }) => {
      if (typeof data === 'string' && undeclaredDate) {
        const format = ISO_DATE.test(data) ? 'date' : ISO_DATE_TIME.test(data) ? 'date-time' : null;
        if (format) undeclaredDate({ operationId: current, path: (cxt?.instancePath ?? '').replace(/\/\d+(?=\/|$)/g, '/*'), format });
      }
      return true;
    },
  });
  // The document itself is the root: a $ref such as #/components/schemas/Envelope resolves as in the served document.
  ajv.addSchema(withProbes(doc) as object, DOC_ID);
  const where = new Map<string, string>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) where.set(op.operationId, `#/${pointer(['paths', path, method, 'responses', '200', 'content', 'application/json', 'schema'])}`);
  }
  const compiled = new Map<string, ValidateFunction>();
  return (operationId, body) => {
    const at = where.get(operationId);
    if (!at) return [`${operationId}: not in the document`];
    let validate = compiled.get(operationId);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOC_ID}${at}` });
      compiled.set(operationId, validate);
    }
    current = operationId;
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
  };
}
