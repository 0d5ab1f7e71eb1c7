// Validates an operation's 200 JSON body against the schema the OpenAPI document declares for it, the way a
// client generator reads the document: ajv, JSON Schema draft 2020-12 (OpenAPI 3.1's dialect) with the string
// formats (date, date-time, uri, ...), every $ref resolved inside the document.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

type Doc = { paths: Record<string, Record<string, { operationId: string }>> };

/** Validates `body` as the 200 answer of operation `operationId`; the violations in words (none: []). */
export type ResponseValidator = (operationId: string, body: unknown) => string[];

const DOC_ID = 'urn:nlods:openapi';
const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** A validator over the whole document (compiled once per operation, on first use). */
export function responseValidator(doc: Doc): ResponseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  // The document itself is the root: a $ref such as #/components/schemas/Envelope resolves as in the served document.
  ajv.addSchema(doc as object, DOC_ID);
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
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
  };
}
