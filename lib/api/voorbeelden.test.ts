// The response examples of the OpenAPI document (lib/api/voorbeelden.json, one real answer per GET operation that
// answers JSON, taken from the demo by `npm run openapi:voorbeelden`): each is valid against its operation's 200
// schema, none is left over from an operation that no longer exists, and no operation lacks one. When an answer's
// shape changes, this test fails: rerun the script on a demo (docs/api-conventies.md).
import { describe, expect, it } from 'vitest';
import { operations } from './registry';
import { buildOpenApi } from './openapi';
import { ajvFouten, openApiValidator } from './ajv-openapi';
import { operatiesMetVoorbeeld, voorbeeldVan } from './voorbeelden';
import { voorbeeldOperaties } from './voorbeelden-maken';

type Content = { schema: unknown; example?: unknown };
type Doc = { components?: unknown; paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, Content> }> }>> };

/**
 * GET operations answering JSON that may lack an example, each with the reason. An operation that gives no 200
 * on the demo (npm run demo, with NLOD_API_SLEUTEL an enterprise key) needs a parameter example that works there.
 * The script stores no answer that breaks its 200 schema: an operation listed here waits for its schema (or
 * answer) to be fixed; then rerun the script and remove the entry (the test fails on an entry that has an example).
 */
const ZONDER_VOORBEELD: Record<string, string> = {};

const doc = buildOpenApi(operations) as unknown as Doc;
const validator = openApiValidator(doc);
const getJson = voorbeeldOperaties(doc as never).map((o) => o.operationId);
const jsonContent = (id: string): Content | undefined => {
  for (const methods of Object.values(doc.paths)) for (const op of Object.values(methods)) if (op.operationId === id) return op.responses['200']?.content?.['application/json'];
  return undefined;
};

describe('response examples', () => {
  it('walks every GET operation that answers JSON', () => {
    expect(getJson.length).toBeGreaterThan(90);
  });

  it('every GET operation that answers JSON has an example (or is a named exception)', () => {
    expect(getJson.filter((id) => voorbeeldVan(id) === undefined && !(id in ZONDER_VOORBEELD))).toEqual([]);
    expect(Object.keys(ZONDER_VOORBEELD).filter((id) => voorbeeldVan(id) !== undefined || !getJson.includes(id))).toEqual([]);
  });

  it('no example belongs to an operation that is not a GET answering JSON', () => {
    expect(operatiesMetVoorbeeld().filter((id) => !getJson.includes(id))).toEqual([]);
  });

  it('the document shows each example on the 200 application/json of its operation', () => {
    for (const id of operatiesMetVoorbeeld()) expect(jsonContent(id)?.example, id).toBe(voorbeeldVan(id));
  });

  it.each(operatiesMetVoorbeeld())('%s: the example is valid against the 200 schema', (id) => {
    const content = jsonContent(id);
    const validate = validator(content?.schema ?? {});
    const ok = validate(voorbeeldVan(id));
    expect(ok ? [] : ajvFouten(validate)).toEqual([]);
  });
});
