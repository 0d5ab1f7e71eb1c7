// The paging Link header: first/prev/next/last from the offset paging every list of the API uses.
import { describe, expect, it } from 'vitest';
import { pagingLink, schemaPages } from './paging';

const rels = (link: string | null) => Object.fromEntries((link ?? '').split(', ').filter(Boolean).map((p) => {
  const m = /^<([^>]*)>; rel="([a-z]+)"$/.exec(p);
  return [m![2], m![1]];
}));

describe('pagingLink', () => {
  it('a middle page has first, prev, next (= volgende) and last, keeping the other parameters', () => {
    const url = 'http://x/v1/lei/entiteiten?land=NL&rijen=50&start=100';
    const link = pagingLink(url, { totaal: 175, start: 100, rijen: 50, volgende: '/v1/lei/entiteiten?land=NL&rijen=50&start=150' });
    expect(rels(link)).toEqual({
      first: '/v1/lei/entiteiten?land=NL&rijen=50',
      prev: '/v1/lei/entiteiten?land=NL&rijen=50&start=50',
      next: '/v1/lei/entiteiten?land=NL&rijen=50&start=150',
      last: '/v1/lei/entiteiten?land=NL&rijen=50&start=150',
    });
    expect(link!.indexOf('rel="first"')).toBeLessThan(link!.indexOf('rel="next"'));
  });

  it('the first page has no prev; the last page no next; prev never goes below 0', () => {
    expect(Object.keys(rels(pagingLink('http://x/v1/a', { totaal: 10, start: 0, rijen: 5, volgende: '/v1/a?start=5' })))).toEqual(['first', 'next', 'last']);
    const last = rels(pagingLink('http://x/v1/a?start=7&rijen=5', { totaal: 10, start: 7, rijen: 5, volgende: null }));
    expect(last).toEqual({ first: '/v1/a?rijen=5', prev: '/v1/a?start=2&rijen=5', last: '/v1/a?start=5&rijen=5' });
    expect(rels(pagingLink('http://x/v1/a?start=3', { totaal: 10, start: 3, rijen: 5, volgende: '/v1/a?start=8' })).prev).toBe('/v1/a');
  });

  it('an empty list: first and last are the first page', () => {
    expect(rels(pagingLink('http://x/v1/a', { totaal: 0, start: 0, rijen: 5, volgende: null }))).toEqual({ first: '/v1/a', last: '/v1/a' });
  });

  it('data without volgende gives no header', () => {
    expect(pagingLink('http://x/v1/a', { totaal: 3 })).toBeNull();
    expect(pagingLink('http://x/v1/a', [1, 2])).toBeNull();
    expect(pagingLink('http://x/v1/a', null)).toBeNull();
  });

  it('schemaPages finds volgende in a JSON Schema object', () => {
    expect(schemaPages({ type: 'object', properties: { volgende: { type: 'string' } } })).toBe(true);
    expect(schemaPages({ type: 'object', properties: { totaal: {} } })).toBe(false);
    expect(schemaPages(undefined)).toBe(false);
  });
});
