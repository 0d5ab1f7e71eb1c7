// The pre-parse scan: DTD refusal, depth and element limits, end-tag matching, truncation, references.
import { describe, expect, it } from 'vitest';
import { MAX_ATTRIBUTES, MAX_DEPTH, MAX_ELEMENTS, positionOf, refuseDtd, scanStructure } from './structure-scan';
import { Problem } from '@/lib/api/problems';

function problemOf(fn: () => unknown): Problem {
  try {
    fn();
  } catch (e) {
    if (e instanceof Problem) return e;
    throw e;
  }
  throw new Error('expected a Problem');
}

const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);

describe('positionOf', () => {
  it('gives 1-based line and column, LF and CRLF alike', () => {
    expect(positionOf('abc', 0)).toEqual({ line: 1, column: 1 });
    expect(positionOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(positionOf('ab\r\ncd', 5)).toEqual({ line: 2, column: 2 });
  });
});

describe('refuseDtd', () => {
  it.each(['<!DOCTYPE x>', '<!ENTITY y "z">', '<!doctype x>', '<! DOCTYPE x>'])('refuses %s', (decl) => {
    const p = problemOf(() => refuseDtd(`<?xml version="1.0"?>\n${decl}<x/>`));
    expect(p.status).toBe(400);
    expect(p.code).toBe('bad_request');
    expect(p.extra).toEqual({ regel: 2, kolom: 1 });
  });
  it('lets a document without a DTD through', () => {
    expect(() => refuseDtd('<x>DOCTYPE and ENTITY as words are fine</x>')).not.toThrow();
  });
});

describe('scanStructure', () => {
  it('accepts exactly MAX_DEPTH levels and refuses one more', () => {
    expect(scanStructure(nested(MAX_DEPTH)).maxDepth).toBe(MAX_DEPTH);
    const p = problemOf(() => scanStructure(nested(MAX_DEPTH + 1)));
    expect(p.detail).toMatch(/dieper genest dan 256 niveaus/);
  });

  it('stops a 100,000-level document at the limit, fast and without recursion', () => {
    const t = performance.now();
    expect(() => scanStructure(nested(100_000))).toThrow(Problem);
    expect(performance.now() - t).toBeLessThan(200);
  });

  it('refuses more than MAX_ELEMENTS elements', () => {
    const p = problemOf(() => scanStructure(`<r>${'<e/>'.repeat(MAX_ELEMENTS)}</r>`));
    expect(p.detail).toMatch(/meer dan 100000 XML-elementen/);
  });

  it('refuses an element with more than MAX_ATTRIBUTES attributes', () => {
    const attrs = (k: number) => Array.from({ length: k }, (_, i) => `a${i}="1"`).join(' ');
    expect(() => scanStructure(`<r ${attrs(MAX_ATTRIBUTES)}/>`)).not.toThrow();
    expect(problemOf(() => scanStructure(`<r ${attrs(MAX_ATTRIBUTES + 1)}/>`)).detail).toMatch(/meer dan 256 attributen/);
  });

  it('skips comments, CDATA and processing instructions (markup inside them does not count)', () => {
    const r = scanStructure('<?xml version="1.0"?><r><!-- <x> & --><![CDATA[ <y> & ]]><?pi <z>?><e a=">" b=\'/\'/></r>');
    expect(r).toEqual({ elements: 2, maxDepth: 2 });
  });

  it.each([
    ['<a><b></a></b>', /eindtag <\/a> sluit niet het open element <b>/],
    ['<a></a></b>', /eindtag <\/b> zonder bijbehorende begintag/],
    ['<a/><b/>', /meer dan één root-element/],
    ['<a><b>', /het bestand houdt op terwijl 2 elementen nog open zijn/],
    ['<a b="x', /begintag wordt niet afgesloten/],
    ['<a><!-- x</a>', /commentaar wordt niet afgesloten/],
    ['<a b="<"/>', /'<' in een attribuutwaarde/],
    ['<a>x & y</a>', /losse '&'/],
    ['<a>&#0;</a>', /tekenverwijzing/],
    ['<a>\u0001</a>', /U\+0001/],
    ['just text', /geen XML-element/],
  ])('%j is not well-formed', (xml, reason) => {
    const p = problemOf(() => scanStructure(xml));
    expect(p.status).toBe(400);
    expect(p.detail).toMatch(reason);
    expect(p.detail).toMatch(/Er zijn geen gegevens uit gelezen\.$/);
  });

  it('refuses references to undeclared entities, in text and in attributes', () => {
    expect(problemOf(() => scanStructure('<a>&xxe;</a>')).detail).toMatch(/&xxe;/);
    expect(problemOf(() => scanStructure('<a b="&xxe;"/>')).detail).toMatch(/&xxe;/);
  });

  it('accepts the predefined entities and character references', () => {
    expect(() => scanStructure('<a b="&quot;&apos;">&lt;&gt;&amp;&#65;&#x42;</a>')).not.toThrow();
  });

  it('echoes at most a short, cleaned name from the upload', () => {
    const long = 'n'.repeat(500);
    const p = problemOf(() => scanStructure(`<${long}>`));
    expect(p.detail!.length).toBeLessThan(400);
  });
});
