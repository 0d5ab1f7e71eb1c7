// Format drift detection: unknown fields (outside the schema and the recorded format), missing expected
// fields and conversion failures are reported by name only, once per live answer, and never change the parse.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkFeatureProperties, checkKnownFields, checkShape, expected, knownFields, onSourceDrift, recordConversionFailure, shapeDrift, XmlDrift, type DriftEvent } from './drift';
import { buildBaseline } from './drift-baseline';
import bekend from './drift-bekend.json';

const schema = z.looseObject({
  pagination: z.looseObject({ last_page: z.number().optional() }).optional(),
  data: z.array(z.looseObject({ number: z.string(), location: z.string().nullable(), extra: z.unknown().optional() })),
});

const events: DriftEvent[] = [];
let stop = onSourceDrift((e) => events.push(e));
afterEach(() => {
  events.length = 0;
  stop();
  stop = onSourceDrift((e) => events.push(e));
});

describe('shapeDrift', () => {
  it('names unknown and missing fields with array paths, never values', () => {
    const value = { nieuw: 'geheim-1234', data: [{ number: 'NL1', location: 'x', kleur: 'rood' }, { location: null }] };
    expect(shapeDrift(schema, value)).toEqual({ onbekend: ['nieuw', 'data[].kleur'], ontbrekend: ['data[].number'] });
    expect(JSON.stringify(shapeDrift(schema, value))).not.toContain('geheim');
  });

  it('does not count fields of the known (recorded) format as unknown', () => {
    expect(shapeDrift(schema, { data: [], bekend: 1 }, new Set(['bekend'])).onbekend).toEqual([]);
  });

  it('caps the names per answer', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`v${i}`, i]));
    expect(shapeDrift(schema, { ...many, data: [] }).onbekend).toHaveLength(20);
  });
});

describe('checkShape', () => {
  it('returns the parse result and reports drift once per answer object', () => {
    const body = { data: [{ number: 'NL1', location: 'Rotterdam', nieuw_veld: 3 }] };
    const r = checkShape({ id: 'proefbron' }, schema, body);
    expect(r.success).toBe(true);
    checkShape({ id: 'proefbron' }, schema, body); // the same cached answer again: not counted again
    expect(events.map(({ bron, soort, veld }) => ({ bron, soort, veld }))).toEqual([{ bron: 'proefbron', soort: 'onbekend', veld: 'data[].nieuw_veld' }]);
  });

  it('reports values that fail the schema as conversion failures, by field name', () => {
    const r = checkShape('proefbron', schema, { data: [{ number: 42, location: 'x' }] });
    expect(r.success).toBe(false);
    expect(events.map((e) => `${e.soort}:${e.veld}`)).toEqual(['conversie:data[].number']);
  });

  it('counts missing expected fields as missing, not also as conversion failures', () => {
    checkShape('proefbron', schema, { data: [{ location: 'x' }] });
    expect(events.map((e) => `${e.soort}:${e.veld}`)).toEqual(['ontbrekend:data[].number']);
  });

  it('recordConversionFailure reports a field name', () => {
    recordConversionFailure({ id: 'luchtmeetnet' }, 'data[].timestamp_measured');
    expect(events[0]).toMatchObject({ bron: 'luchtmeetnet', soort: 'conversie', veld: 'data[].timestamp_measured' });
  });

  it('costs nothing without listeners', () => {
    stop();
    expect(checkShape('proefbron', schema, { data: [], x: 1 }).success).toBe(true);
    expect(events).toEqual([]);
  });
});

describe('the known format (drift-bekend.json)', () => {
  it('is up to date with the replay recordings (npm run drift:basis)', () => {
    expect(buildBaseline(path.join(__dirname, '../../test/upstream/fixtures'))).toEqual(bekend);
  });

  it('is read per source', () => {
    expect(knownFields('luchtmeetnet').has('pagination.first_page')).toBe(true);
    expect(knownFields('onbekende-bron').size).toBe(0);
  });
});

describe('recordConversionFailure with the answer', () => {
  it('counts a field once per answer object', () => {
    const answer = {};
    recordConversionFailure('luchtmeetnet', 'data[].value', answer);
    recordConversionFailure('luchtmeetnet', 'data[].value', answer);
    recordConversionFailure('luchtmeetnet', 'data[].value', {});
    expect(events.filter((e) => e.veld === 'data[].value')).toHaveLength(2);
  });
});

describe('checkShape of a part of the answer', () => {
  it('names fields with the path of the part in the whole answer', () => {
    checkShape('proefbron', schema, { data: [{ number: 1, location: 'x', nieuw: 1 }] }, 'result');
    expect(events.map((e) => `${e.soort}:${e.veld}`)).toEqual(['onbekend:result.data[].nieuw', 'conversie:result.data[].number']);
  });
});

describe('XmlDrift', () => {
  const names = () => events.map((e) => `${e.soort}:${e.veld}`);
  const record = (name: string, ...children: ReturnType<typeof el>[]) => el(name, ...children);
  function el(name: string, ...children: { name: string; children: unknown[] }[]): { name: string; children: { name: string; children: unknown[] }[] } {
    return { name, children };
  }

  it('reports elements no recording has and children every recorded parent had, once per answer', () => {
    const drift = new XmlDrift('ndw-reistijden');
    // measurementTimeDefault missing, nieuw new; the same names in a second record are not reported again
    const rec = record('siteMeasurements', el('measurementSiteReference'), el('measuredValue'), el('nieuw'));
    drift.record(rec as never);
    drift.record(rec as never);
    drift.conversion('siteMeasurements');
    drift.conversion('siteMeasurements');
    expect(names()).toEqual(['onbekend:siteMeasurements.nieuw', 'ontbrekend:siteMeasurements.measurementTimeDefault', 'conversie:siteMeasurements']);
  });

  it('checks a whole document, not the subtrees it is told to skip', () => {
    const drift = new XmlDrift('rechtspraak', { skip: ['uitspraak'] });
    drift.document('\uFEFF <?xml version="1.0"?><open-rechtspraak><rdf:RDF xmlns:rdf="r"><rdf:Description><x:nieuw xmlns:x="x">v</x:nieuw></rdf:Description></rdf:RDF><uitspraak><vreemd/></uitspraak></open-rechtspraak>');
    expect(names()).toEqual(['onbekend:open-rechtspraak.RDF.Description.nieuw', 'ontbrekend:open-rechtspraak.RDF.Description.format', 'ontbrekend:open-rechtspraak.RDF.Description.identifier']);
    expect(JSON.stringify(events)).not.toContain('"v"');
  });

  it('never throws on XML that is not well-formed (the converter reports that), nor counts unclosed parents', () => {
    expect(() => new XmlDrift('rechtspraak').document('<open-rechtspraak><RDF><Description>')).not.toThrow();
    expect(() => new XmlDrift('rechtspraak').document('<<<')).not.toThrow();
    expect(events).toEqual([]);
  });
});

describe('checkFeatureProperties and checkKnownFields', () => {
  it('compares OGC feature properties per collection with the recordings, once per answer', () => {
    const body = { type: 'FeatureCollection', features: [{ properties: { lokaal_id: 'x', nieuw: 1 } }] };
    checkFeatureProperties('bgt', 'pand', body);
    checkFeatureProperties('bgt', 'pand', body);
    const missing = events.filter((e) => e.soort === 'ontbrekend').map((e) => e.veld);
    expect(events.filter((e) => e.soort === 'onbekend').map((e) => e.veld)).toEqual(['pand:features[].properties.nieuw']);
    expect(missing).toContain('pand:features[].properties.bronhouder');
    expect(missing).not.toContain('pand:features[].properties.lokaal_id');
  });

  it('reports JSON fields outside the recorded format', () => {
    checkKnownFields('gbfs', { data: { stations: [{ station_id: 'a', nieuw: 1 }] }, onbekend_blok: { x: 1 } });
    expect(events.map((e) => e.veld).sort()).toEqual(['data.stations[].nieuw', 'onbekend_blok']);
  });
});

describe('schemas read through z.preprocess and fields expected without being required', () => {
  // Review of issue 21: the Locatieserver answer and the CKAN objects are read with their keys in any case
  // (z.preprocess); the walk compares what that reading hands on, not nothing.
  it('counts an unknown field of the Locatieserver answer and a document without type', async () => {
    const { solrAnswerSchema } = await import('./pdok-locatieserver-convert');
    const body = { response: { numFound: 1, start: 0, docs: [{ id: 'adr-1', weergavenaam: 'Damrak 1' }] }, zz_nieuw: 1 };
    const parsed = checkShape('pdok-locatieserver', solrAnswerSchema, body);
    expect(parsed.success).toBe(true); // read all the same: the type is derived from the id
    expect(events.filter((e) => e.soort === 'onbekend').map((e) => e.veld)).toContain('zz_nieuw');
    expect(events.filter((e) => e.soort === 'ontbrekend').map((e) => e.veld)).toEqual(['response.docs[].type']);
  });

  it('compares keys in another case after the reading that accepts them (no false unknowns)', async () => {
    const { solrAnswerSchema } = await import('./pdok-locatieserver-convert');
    const body = { RESPONSE: { NumFound: 1, docs: [{ id: 'adr-1', type: 'adres', weergavenaam: 'x' }] } };
    expect(checkShape('pdok-locatieserver', solrAnswerSchema, body).success).toBe(true);
    expect(events).toEqual([]);
  });

  it('counts an unknown field of a CKAN result', async () => {
    const { ckanSearchResultSchema } = await import('./data-overheid-convert');
    checkShape('data-overheid', ckanSearchResultSchema, { count: 1, results: [], zz_nieuw: 1 }, 'result');
    expect(events.map((e) => e.veld)).toContain('result.zz_nieuw');
  });

  it('expected(): optional for parsing, counted as ontbrekend when absent', () => {
    const schema = z.object({ a: expected(z.string()), b: z.string().optional() });
    expect(shapeDrift(schema, {}).ontbrekend).toEqual(['a']);
    expect(schema.safeParse({}).success).toBe(true);
  });
});
