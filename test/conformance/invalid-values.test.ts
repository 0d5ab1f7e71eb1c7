// Unit checks of the invalid-value derivation used by the conformance table.
import { describe, expect, it } from 'vitest';
import { invalidCases, invalidValues, validValue } from './invalid-values';

describe('invalid-value derivation', () => {
  it('derives bound, type and missing cases for a bounded required integer', () => {
    const vals = invalidValues({ name: 'n', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 50 } });
    expect(vals.map((v) => v.value)).toEqual(['abc', '0', '51', '1.5', null]);
  });
  it('uses examples for valid path values and fails loudly without one', () => {
    expect(validValue({ name: 'postcode', in: 'path', required: true, schema: { type: 'string', pattern: '^x$', examples: ['1012AB'] } })).toBe('1012AB');
    const doc = { paths: { '/v1/a/{code}': { get: { operationId: 'a', parameters: [{ name: 'code', in: 'path' as const, required: true, schema: { type: 'string', pattern: '^GM$' } }, { name: 'n', in: 'query' as const, required: false, schema: { type: 'integer', minimum: 1 } }] } } } };
    expect(() => invalidCases(doc)).toThrow(/examples/);
  });
});
