// Variants of a recorded upstream XML answer for tolerance tests (issue 21), the XML counterpart of
// test/tolerance.ts: the same idea on the parsed tree of lib/juridisch/xml.ts (XmlNode), because an XML
// answer has elements and attributes where JSON has fields. Pure functions; the converters take the tree
// (readUitspraak, readToestand, readManifest).
//
// A path names elements by local name from the root (root not included), '/'-separated, and ends in
// '@attr' for an attribute: `RDF/Description/identifier`, `RDF/Description@about`, `@label` (the root's). Like `[]` in
// test/tolerance.ts, a step reaches every element of that name: removing a path removes it everywhere.
import type { XmlNode } from '@/lib/juridisch/xml';

const elements = (n: XmlNode): XmlNode[] => n.children.filter((c): c is XmlNode => typeof c !== 'string');
const hasText = (n: XmlNode) => n.children.some((c) => typeof c === 'string' && c.trim() !== '');

/**
 * Every element and attribute path below the root, each once, in document order. Elements named in
 * `leaves` (text bodies) contribute themselves and their attributes, not what is inside them.
 */
export function xmlFieldPaths(root: XmlNode, opts: { leaves?: ReadonlySet<string>; under?: string } = {}): string[] {
  const out = new Set<string>();
  const walk = (n: XmlNode, prefix: string) => {
    for (const a of Object.keys(n.attrs)) out.add(`${prefix}@${a}`);
    if (prefix && opts.leaves?.has(n.name)) return;
    for (const c of elements(n)) {
      const p = prefix ? `${prefix}/${c.name}` : c.name;
      out.add(p);
      walk(c, p);
    }
  };
  walk(root, '');
  const all = [...out];
  return opts.under ? all.filter((p) => p.startsWith(`${opts.under}/`) || p.startsWith(`${opts.under}@`)) : all;
}

/**
 * A deep copy of the tree without the element or attribute at the path (everywhere the path reaches). A
 * step `**` stands for any number of elements (zero or more): `**\/artikel/kop/nr` is every article's number.
 */
export function withoutXmlField(root: XmlNode, path: string): XmlNode {
  const copy = structuredClone(root);
  const [elementPath, attr] = path.split('@');
  const steps = elementPath ? elementPath.split('/') : [];
  const go = (n: XmlNode, rest: string[]) => {
    if (!rest.length) {
      if (attr !== undefined) delete n.attrs[attr];
      return;
    }
    const [step, ...more] = rest;
    if (step === '**') {
      go(n, more);
      for (const c of elements(n)) go(c, rest);
      return;
    }
    if (!more.length && attr === undefined) {
      n.children = n.children.filter((c) => typeof c === 'string' || c.name !== step);
      return;
    }
    for (const c of elements(n)) if (c.name === step) go(c, more);
  };
  go(copy, steps);
  return copy;
}

/**
 * Every element gets an attribute it never had, and every element that holds only elements (no text of
 * its own, not a leaf) gets a child element it never had, with text and a nested element: an upstream
 * adding fields. Elements with text are left without a new child, as a new child would change their text.
 */
export function withExtraXml(root: XmlNode, leaves: ReadonlySet<string> = new Set()): XmlNode {
  const go = (n: XmlNode, inLeaf: boolean): XmlNode => {
    const leaf = inLeaf || leaves.has(n.name);
    const kids = n.children.map((c) => (typeof c === 'string' ? c : go(c, leaf)));
    const extra: XmlNode = { name: 'veld_dat_niemand_kent', attrs: { soort: 'x' }, children: ['x', { name: 'genest_nieuw_veld', attrs: {}, children: ['y'] }] };
    return {
      name: n.name,
      attrs: { ...n.attrs, attribuut_dat_niemand_kent: 'x' },
      children: !leaf && !hasText(n) ? [...kids, extra] : kids,
    };
  };
  return go(root, false);
}

/**
 * Attributes in reverse order everywhere, and in every element that holds only elements, its children
 * grouped by name with the groups in reverse order of first appearance (elements of one name keep their
 * order among themselves, as the order of a repeated element is content, not layout).
 */
export function reversedXml(root: XmlNode, leaves: ReadonlySet<string> = new Set()): XmlNode {
  const go = (n: XmlNode, inLeaf: boolean): XmlNode => {
    const leaf = inLeaf || leaves.has(n.name);
    const kids = n.children.map((c) => (typeof c === 'string' ? c : go(c, leaf)));
    let children = kids;
    if (!leaf && !hasText(n)) {
      const names = [...new Set(elements(n).map((c) => c.name))].reverse();
      children = names.flatMap((name) => kids.filter((c): c is XmlNode => typeof c !== 'string' && c.name === name));
    }
    return { name: n.name, attrs: Object.fromEntries(Object.entries(n.attrs).reverse()), children };
  };
  return go(root, false);
}
