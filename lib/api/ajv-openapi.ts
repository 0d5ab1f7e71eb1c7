// An ajv (JSON Schema 2020-12, with formats) that validates values against schemas of the OpenAPI document,
// $refs to #/components included. For the tests that check examples and answers against the document.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

const DOC_ID = 'https://openapi.test/openapi.json';

/** A validator factory for schemas taken from `doc` (an OpenAPI 3.1 document). */
export function openApiValidator(doc: { components?: unknown }): (schema: unknown) => ValidateFunction {
  // strict: false: OpenAPI schemas carry keywords JSON Schema does not know (example, discriminator, x-…).
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
  return (schema) => ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`)));
}

/** The errors of a validation in one line each (path: message). */
export function ajvFouten(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) => {
    const p = e.params as Record<string, unknown>;
    const extra = 'additionalProperty' in p ? ` (${String(p.additionalProperty)})` : 'allowedValues' in p ? ` (${(p.allowedValues as unknown[]).join(', ')})` : '';
    return `${e.instancePath || '/'}: ${e.message}${extra}`;
  });
}
