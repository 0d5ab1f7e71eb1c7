// The response validator fails where an answer breaks its declared schema: a field the schema does not
// declare, a wrong type, a date in the wrong format; and it reports ISO dates in strings without a format.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { buildOpenApi } from '@/lib/api/openapi';
import { responseValidator, type UndeclaredDate } from './validate';

const op = operation({
  id: 'proef',
  path: '/v1/proef',
  api: 'proef',
  bronType: 'eigen-dienst',
  summary: 'Proef',
  sources: [],
  statuses: [200],
  response: z.object({
    peildatum: z.iso.date(),
    afstand_m: z.number().nullable(),
    toelichting: z.string(),
    bronrecord: z.record(z.string(), z.string()).meta({ 'x-brontekst': true }).optional(),
  }),
  onderdeel: 'proef',
  handle: async () => ({ data: null, bronnen: [] }),
});

const envelope = (data: unknown) => ({ api: 'proef', versie: '1.0.0', onderdeel: 'proef', gegenereerd_op: '2026-11-20T09:00:00.000Z', duur_ms: 1, bronnen: [], data });

describe('the response validator', () => {
  const undeclared: UndeclaredDate[] = [];
  const validate = responseValidator(buildOpenApi([op]) as Parameters<typeof responseValidator>[0], (d) => undeclared.push(d));

  it('accepts an answer as declared', () => {
    expect(validate('proef', envelope({ peildatum: '2026-11-20', afstand_m: null, toelichting: 'x' }))).toEqual([]);
  });

  it('names an undeclared field, a wrong type and a timestamp where a date is declared', () => {
    const errors = validate('proef', envelope({ peildatum: '2026-11-20T09:00:00.000Z', afstand_m: 'ver', toelichting: 'x', extra: 1 }));
    expect(errors.join('\n')).toMatch(/additional properties.*extra/);
    expect(errors.join('\n')).toMatch(/\/data\/afstand_m must be number/);
    expect(errors.join('\n')).toMatch(/\/data\/peildatum must match format "date"/);
  });

  it('reports an ISO date in a string declared without a format', () => {
    undeclared.length = 0;
    validate('proef', envelope({ peildatum: '2026-11-20', afstand_m: 1, toelichting: '2026-11-20' }));
    expect(undeclared).toContainEqual({ operationId: 'proef', path: '/data/toelichting', format: 'date' });
  });

  it('leaves the source\'s own text alone (x-brontekst): its dates are as the source writes them', () => {
    undeclared.length = 0;
    expect(validate('proef', envelope({ peildatum: '2026-11-20', afstand_m: 1, toelichting: 'x', bronrecord: { 'Registration.LastUpdateDate': '2026-11-20T09:00:00Z' } }))).toEqual([]);
    expect(undeclared).toEqual([]);
  });
});
