// The generated OpenAPI document gives every property name one meaning: the same JSON type and format
// wherever the name occurs in an answer, and a date or timestamp format on every property whose name says
// it holds a date (the spec's field conventions: ISO 8601 dates and times). The answers themselves are held
// to these formats by responses.test.ts (ajv with formats, and a probe for ISO dates without a format).
import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/registry';
import { buildOpenApi } from '@/lib/api/openapi';
import { propertiesByName, type Occurrence } from './properties';

const doc = buildOpenApi(operations) as Parameters<typeof propertiesByName>[0];
const byName = propertiesByName(doc);

/** Names that suggest a date or a moment. */
const DATE_NAME = /datum|_op$|sinds|^tot$|_tot$|vanaf|peil|tijd|moment|^van$|^einde$|_update$|_succes$|^laatst_/;

/** Date-like names whose string is no calendar date or timestamp, each with what it is. */
const NOT_A_DATE: Record<string, string> = {
  peilmaand: 'a month (JJJJ-MM): ISO 8601 has no JSON Schema format for it',
  reistijd_soort: "the kind of travel time ('tijd' in the name), a word",
};

/**
 * Names that still have more than one type across the API: none since issue 23 (65 names were renamed or typed).
 * Kept as the place to list one with its reason, should a later change need a transition; the test below fails on
 * any new mixed name that is not here, and on a name listed here that has one type.
 */
const KNOWN_MIXED: string[] = [];

/**
 * Names whose two types a standard forces, each with the sentence that forces it and where each kind may occur
 * ('*': anywhere else). Not to be shortened by renaming: the standard names the field.
 */
const MIXED_BY_STANDARD: Record<string, { reden: string; kinds: Record<string, string> }> = {
  status: {
    reden: 'RFC 7807 §3.1: "status" (number) is the HTTP status code of the problem; every other status of the API is a word',
    kinds: { number: '#/components/schemas/Problem', string: '*' },
  },
};

/** The kinds of a name's occurrences, each with where (a few) it occurs. */
function kinds(occurrences: Occurrence[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const o of occurrences) out.set(o.kind, (out.get(o.kind) ?? new Set()).add(o.where));
  return out;
}

describe('property names across the OpenAPI document', () => {
  it('have one type and format each, wherever they occur (apart from the shrinking list of known ones)', () => {
    const mixed = [...byName].filter(([, occ]) => kinds(occ).size > 1).map(([name]) => name);
    const described = mixed
      .filter((name) => !KNOWN_MIXED.includes(name) && !MIXED_BY_STANDARD[name])
      .map((name) => `${name}: ${[...kinds(byName.get(name)!)].map(([k, w]) => `${k} (${[...w].slice(0, 3).join(', ')}${w.size > 3 ? ', …' : ''})`).join(' vs ')}`);
    expect(described, 'new names with more than one type').toEqual([]);
    expect(KNOWN_MIXED.filter((name) => !mixed.includes(name)), 'names that have one type now: take them off KNOWN_MIXED').toEqual([]);
  });

  it('mix types only where a standard forces it, and only as it forces', () => {
    for (const [name, { kinds: allowed }] of Object.entries(MIXED_BY_STANDARD)) {
      const found = kinds(byName.get(name) ?? []);
      expect([...found.keys()].sort(), name).toEqual(Object.keys(allowed).sort());
      for (const [kind, where] of Object.entries(allowed)) if (where !== '*') expect([...found.get(kind)!], `${name}: ${kind}`).toEqual([where]);
    }
    expect(Object.keys(MIXED_BY_STANDARD).filter((name) => KNOWN_MIXED.includes(name))).toEqual([]);
  });

  it('no two names differ only in underscores (gemeente_naam and gemeentenaam would be one field under two spellings)', () => {
    const bySpelling = new Map<string, string[]>();
    for (const name of byName.keys()) {
      const key = name.replace(/_/g, '');
      bySpelling.set(key, [...(bySpelling.get(key) ?? []), name]);
    }
    expect([...bySpelling.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('every date-named property has one type: no known exception is a date name', () => {
    expect(KNOWN_MIXED.filter((name) => DATE_NAME.test(name))).toEqual([]);
  });

  it('declare format date or date-time on every string whose name says it holds a date', () => {
    const missing: string[] = [];
    for (const [name, occurrences] of byName) {
      if (!DATE_NAME.test(name) || NOT_A_DATE[name]) continue;
      for (const o of occurrences) {
        if (!o.enum && o.kind.split('|').includes('string')) missing.push(`${name} in ${o.where}: ${o.kind}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('peildatum is a calendar date everywhere (the spec: the reference date), a register\'s moment is peilmoment', () => {
    expect([...kinds(byName.get('peildatum')!).keys()]).toEqual(['string:date']);
    expect([...kinds(byName.get('peilmoment')!).keys()]).toEqual(['string:date-time']);
  });
});
