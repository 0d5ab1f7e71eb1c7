// The fast record reader must give exactly what fast-xml-parser gives (or step aside).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { splitXmlElements } from '../common/xml-elements';
import { flatten, gleifXmlParser, REPEATED } from './parse-xml';
import { flatRecordXml, parseRecordXml, readFlatRecord } from './record-xml';

const F = fileURLToPath(new URL('../../../test/fixtures/registers/gleif/', import.meta.url));
const isArray = (n: string) => REPEATED.has(n);

async function records(file: string, tag: string): Promise<string[]> {
  const out: string[] = [];
  for await (const p of splitXmlElements(path.join(F, file), { tags: [tag] })) out.push(p.xml);
  return out;
}

// XML outside the plain subset GLEIF writes: both fast readers must step aside (fast-xml-parser takes over).
const OUTSIDE_SUBSET = [
  '<r><a>&#233;</a></r>',
  '<r><a>&foo;</a></r>',
  '<r><a>&amp;lt;</a></r>',
  '<r><!-- c --><a>1</a></r>',
  '<r><a><![CDATA[x]]></a></r>',
  '<r><?pi x?><a>1</a></r>',
  '<r>mixed<a>1</a></r>',
  '<r><a>1</b></r>',
  '<r><a>1</a>',
  '<r><a x=1>1</a></r>',
  '<r><c:d:e>1</c:d:e></r>',
];

describe('parseRecordXml', () => {
  it('equals fast-xml-parser on the GLEIF fixtures', async () => {
    const all = [
      ...(await records('bods-gleif-pipeline_lei-cdf-3.1_excerpt_2records.xml', 'LEIRecord')),
      ...(await records('20260901-0800-gleif-goldencopy-lei2-golden-copy.xml', 'LEIRecord')),
      ...(await records('pygleif_rr-cdf_record_excerpt_097900BEJX0000001852.xml', 'RelationshipRecord')),
    ];
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const xml of all) {
      const fast = parseRecordXml(xml, isArray);
      expect(fast).toBeDefined();
      expect(JSON.stringify(fast)).toBe(JSON.stringify(gleifXmlParser.parse(xml)));
    }
  });

  it('leaves out skipped top-level elements and nothing else', async () => {
    for (const xml of await records('bods-gleif-pipeline_lei-cdf-3.1_excerpt_2records.xml', 'LEIRecord')) {
      const full = gleifXmlParser.parse(xml) as { LEIRecord: Record<string, unknown> };
      delete full.LEIRecord.Extension;
      expect(JSON.stringify(parseRecordXml(xml, isArray, new Set(['Extension'])))).toBe(JSON.stringify(full));
    }
  });

  const cases = [
    '<r><a x="1"><b>t</b></a></r>',
    '<r><a xml:lang="en" type="T">t &amp; &lt;x&gt; &quot;q&quot; &apos;</a></r>',
    '<r><a x="1"/><c/><c></c><d x="2"></d></r>',
    '<r xmlns:lei="u" lei:z="q"><a>\n <b>t</b>\n</a><b>1</b><a>2</a><a>3</a></r>',
    '<lei:r xmlns="x"><lei:OtherAddress><lei:x>1</lei:x></lei:OtherAddress><OtherAddress/></lei:r>',
    "<r><a x='1' y = \"2\" >v</a ><a>v2</a></r>",
    '<r><OtherEntityName>a</OtherEntityName><n>x</n><OtherEntityName type="T">b</OtherEntityName></r>',
    '<r>\n  <a>  spaced  </a>\t<b>\ttab\nnl</b>\n</r>',
    '<r><a>\u00e9\u20ac\ud83d\ude00</a></r>',
  ];
  it.each(cases)('equals fast-xml-parser on %j', (xml) => {
    const fast = parseRecordXml(xml, isArray);
    expect(fast).toBeDefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(gleifXmlParser.parse(xml)));
  });

  it.each(OUTSIDE_SUBSET)('steps aside on %j', (xml) => {
    expect(parseRecordXml(xml, isArray)).toBeUndefined();
  });
});

// flatten() of the tree, without the whitespace the tree keeps between child elements ('#text' of an
// element with children), which flatRecordXml leaves out (every reader of the flat form trims it away).
function treeFlat(xml: string, skipTopLevel: string[] = []): Record<string, string> {
  const tree = gleifXmlParser.parse(xml) as Record<string, unknown>;
  const out: Record<string, string> = {};
  flatten(Object.values(tree)[0], '', out);
  const keys = Object.keys(out);
  for (const k of keys) {
    if (skipTopLevel.some((p) => k.startsWith(p))) delete out[k];
    else if (!out[k].trim() && keys.some((o) => o !== k && o.startsWith(k ? `${k}.` : '') && isContainer(tree, k))) delete out[k];
  }
  return out;
}

// True when the element at dotted path `k` (as flatten names it) has child elements in the tree.
function isContainer(tree: Record<string, unknown>, k: string): boolean {
  let node: unknown = Object.values(tree)[0];
  for (const part of k ? k.split('.') : []) {
    if (Array.isArray(node)) node = node[Number(part) - 1];
    else if (node && typeof node === 'object') node = (node as Record<string, unknown>)[part];
    else return false;
  }
  if (Array.isArray(node)) return false;
  return !!node && typeof node === 'object' && Object.keys(node).some((c) => c !== '#text' && !c.startsWith('@_'));
}

describe('flatRecordXml', () => {
  it('equals the flattened tree on the GLEIF fixtures (Extension skipped)', async () => {
    const all = [
      ...(await records('bods-gleif-pipeline_lei-cdf-3.1_excerpt_2records.xml', 'LEIRecord')),
      ...(await records('20260901-0800-gleif-goldencopy-lei2-golden-copy.xml', 'LEIRecord')),
      ...(await records('pygleif_rr-cdf_record_excerpt_097900BEJX0000001852.xml', 'RelationshipRecord')),
    ];
    for (const xml of all) {
      const fast = flatRecordXml(xml, isArray, ['Extension']);
      expect(fast).toBeDefined();
      expect(fast).toEqual(treeFlat(xml, ['Extension']));
      expect(Object.keys(fast!).some((k) => k.startsWith('Extension'))).toBe(false);
    }
  });

  it.each([
    '<r><a x="1"><b>t</b></a></r>',
    '<r><a xml:lang="en" type="T">t &amp; &lt;x&gt; &quot;q&quot; &apos;</a></r>',
    '<r><a x="1"/><c/><d x="2"></d><e></e></r>',
    '<r xmlns:lei="u" lei:z="q"><a>\n <b>t</b>\n</a><b>1</b></r>',
    '<lei:r xmlns="x"><lei:OtherAddress><lei:x>1</lei:x></lei:OtherAddress><OtherAddress/></lei:r>',
    "<r><a x='1' y = \"2\" >v</a ></r>",
    '<r><OtherEntityName>a</OtherEntityName><n>x</n><OtherEntityName type="T">b</OtherEntityName></r>',
    '<r>\n  <a>  spaced  </a>\t<b>\ttab\nnl</b>\n</r>',
    '<r><a>\u00e9\u20ac\ud83d\ude00</a></r>',
    '<r><Extension><x>1</x></Extension><a>1</a></r>',
  ])('equals the flattened tree on %j', (xml) => {
    expect(flatRecordXml(xml, isArray)).toEqual(treeFlat(xml));
  });

  it.each([
    ...OUTSIDE_SUBSET,
    '<r><a>1</a><b/><a>2</a></r>', // a repeated name that is not isArray: the tree makes an array
  ])('steps aside on %j', (xml) => {
    expect(flatRecordXml(xml, isArray)).toBeUndefined();
  });
});

// The reader predicts each child (name, whitespace before it, attributes) from the records before it
// and reads leaves in one step: whatever came before, every record must read as the tree says.
describe('flatRecordXml after other records (predicted tags)', () => {
  const variants = [
    '<lei:R>\n   <lei:LEI>A</lei:LEI>\n   <lei:E>\n      <lei:N xml:lang="nl">Naam</lei:N>\n      <lei:C>NL</lei:C>\n   </lei:E>\n</lei:R>',
    // other whitespace, other attribute value, a missing and an extra element
    '<lei:R>\n\t<lei:LEI>B</lei:LEI>\n\t<lei:E>\n\t\t<lei:N xml:lang="en">Name</lei:N>\n\t\t<lei:X>x</lei:X>\n\t</lei:E>\n</lei:R>',
    // without prefix, attributes spaced otherwise, an element with a longer name sharing the prefix
    '<R><LEI>C</LEI><E><N  xml:lang="nl" >N</N><NN>nn</NN><C>BE</C></E></R>',
    // the predicted name as the prefix of another name, an empty leaf, a self-closing leaf
    '<lei:R><lei:LEIX>D</lei:LEIX><lei:E><lei:N xml:lang="nl"></lei:N><lei:C/></lei:E></lei:R>',
    // a leaf whose end tag has whitespace, a child where a leaf was, entities
    '<lei:R><lei:LEI >E</lei:LEI ><lei:E><lei:N xml:lang="nl">a &amp; b &lt;c&gt;</lei:N><lei:C><lei:D>1</lei:D></lei:C></lei:E></lei:R>',
    // repeated (isArray) and attributes written after the children; an attribute key equal to a child path
    '<lei:R><lei:E type="T"><lei:OtherEntityName type="A">o1</lei:OtherEntityName><lei:OtherEntityName>o2</lei:OtherEntityName><lei:type>child</lei:type></lei:E></lei:R>',
    '<lei:R><lei:E xml:lang="nl" lang="x"><lei:xmllang>child</lei:xmllang></lei:E></lei:R>',
    // tricky values: backslash, tab, newline, quote, non-ASCII
    '<lei:R><lei:LEI>F</lei:LEI><lei:E><lei:N xml:lang="nl">back\\slash\t"q" \u00e9\u20ac\ud83d\ude00\nline</lei:N></lei:E></lei:R>',
  ];
  it('equals the flattened tree in every order', () => {
    for (let round = 0; round < 3; round++) {
      const order = round === 1 ? [...variants].reverse() : round === 2 ? [...variants, ...variants] : variants;
      for (const xml of order) expect(flatRecordXml(xml, isArray), xml).toEqual(treeFlat(xml));
    }
  });

  it('reads a leaf and the sibling predicted after it right, whatever follows the leaf', () => {
    const seq = [
      '<r>\n <a>1</a>\n <b>2</b>\n</r>',
      '<r>\n <a>1</a>\n <bb>2</bb>\n</r>',
      '<r>\n <a>1</a>\n <b>2</b>\n</r>',
      '<r>\n <a>1</a>\n</r>',
      '<r>\n <a>1</a><b>2</b></r>',
      '<r>\n <a>1</a>\n <b x="1">2</b>\n</r>',
      '<r>\n <a>1</a>\n <b/>\n</r>',
      '<r>\n <a>1</a>\n <b><c>3</c></b>\n</r>',
      '<r>\n <a>1</a>\n <b >2</b>\n</r>',
      '<r>\n <a>1</a>\n <x:b>2</x:b>\n</r>',
      '<r>\n <a>1</a>\n <b>2</b>\n <OtherEntityName>o</OtherEntityName>\n <OtherEntityName>p</OtherEntityName>\n</r>',
    ];
    for (const xml of [...seq, ...seq.slice().reverse(), ...seq]) expect(flatRecordXml(xml, isArray), xml).toEqual(treeFlat(xml));
    for (const xml of ['<r>\n <a>1</a>\n <b>2</c>\n</r>', '<r>\n <a>1</a>\n <b>2</b>\n <b>3</b>\n</r>', '<r>\n <a>1</a>\n x<b>2</b>\n</r>']) {
      flatRecordXml(seq[0], isArray);
      expect(flatRecordXml(xml, isArray), xml).toBeUndefined();
    }
  });

  it('steps aside on the same malformed records after well-formed ones', () => {
    const bad = [
      '<lei:R>\n   <lei:LEI>A</lei:LEIX>\n</lei:R>',
      '<lei:R>\n   <lei:LEI>A</lei:LEI>\n   <lei:E>\n      <lei:N xml:lang="nl">Naam</lei:C>\n   </lei:E>\n</lei:R>',
      '<lei:R>\n   <lei:LEI>A<b/></lei:LEI>\n</lei:R>',
      '<lei:R>\n   x<lei:LEI>A</lei:LEI>\n</lei:R>',
      '<lei:R>\n   <lei:LEI>A</lei:LEI>\n   <lei:LEI>B</lei:LEI>\n</lei:R>',
    ];
    for (const xml of [variants[0], ...bad, variants[0], ...bad]) {
      if (xml === variants[0]) expect(flatRecordXml(xml, isArray)).toEqual(treeFlat(xml));
      else expect(flatRecordXml(xml, isArray), xml).toBeUndefined();
    }
  });

  it('writes an attribute key that equals a child path once, at the first position, with the attribute value', () => {
    expect(Object.entries(flatRecordXml('<r><a type="attr"><type>child</type><b>1</b></a></r>', isArray)!)).toEqual([
      ['a.type', 'attr'],
      ['a.b', '1'],
    ]);
  });

  it.each(['<r><a.b>1</a.b></r>', '<r><a x.y="1">1</a></r>', '<r><a 1="1">1</a></r>'])('steps aside on a name that could repeat a key: %j', (xml) => {
    expect(flatRecordXml(xml, isArray)).toBeUndefined();
  });

  it('gives the view: paths, values, JSON keys and lookups of the last record read', () => {
    const v = readFlatRecord('<r><a x="1">t</a><OtherEntityName>o</OtherEntityName></r>', isArray)!;
    expect(v.paths.slice(0, v.count)).toEqual(['a', 'a.x', 'OtherEntityName.1']);
    expect(v.values.slice(0, v.count)).toEqual(['t', '1', 'o']);
    expect(v.jsonKey(2)).toBe('"OtherEntityName.1":');
    expect(v.get('a.x')).toBe('1');
    expect(v.get('OtherEntityName')).toBeUndefined();
    readFlatRecord('<r><b>2</b></r>', isArray);
    expect(v.get('a')).toBeUndefined();
    expect(v.get('b')).toBe('2');
  });
});
