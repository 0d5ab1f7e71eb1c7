// Variants of a recorded XML record (the trees of lib/sources/xml-records.ts that the NDW conversions receive) for
// the tolerance tests of issue 21: each element or attribute removed in turn, extra elements and attributes, another
// order. The XML counterpart of test/tolerance.ts (which works on JSON values); the conversions' outputs are checked
// with unknownsNotNull from there. test/xml-tolerance.ts does the same for the other XML tree of this code base
// (lib/juridisch/xml.ts, rechtspraak and BWB); the two trees are one concept in two homes (issue 24).
//
// Paths name elements by local name from the record's root, separated by '/', and an attribute with '@':
// `situationRecord/validity/validityTimeSpecification/overallStartTime`, `situationRecord/@id`. A path reaches every
// element of that name at each step (all same-name siblings).
import type { XNode } from '@/lib/sources/xml-records';

/** Every element and attribute path below the record's root, each once, in document order. */
export function xmlPaths(record: XNode): string[] {
  const out = new Set<string>();
  const walk = (n: XNode, prefix: string) => {
    for (const a of Object.keys(n.attrs)) out.add(`${prefix}@${a}`);
    for (const c of n.children) {
      const p = `${prefix}${c.name}`;
      out.add(p);
      walk(c, `${p}/`);
    }
  };
  walk(record, '');
  return [...out];
}

/** A deep copy of the record without the element(s) or attribute at the path. */
export function withoutXml(record: XNode, path: string): XNode {
  const copy = structuredClone(record);
  const steps = path.split('/');
  const go = (n: XNode, rest: string[]) => {
    const [step, ...more] = rest;
    if (step.startsWith('@')) {
      delete n.attrs[step.slice(1)];
      return;
    }
    if (!more.length) {
      n.children = n.children.filter((c) => c.name !== step);
      return;
    }
    for (const c of n.children) if (c.name === step) go(c, more);
  };
  go(copy, steps);
  return copy;
}

/** Every element gets an attribute and a child element it never had (appended last): an upstream adding fields. */
export function withExtraXml(record: XNode): XNode {
  const go = (n: XNode): XNode => ({
    name: n.name,
    attrs: { ...n.attrs, attribuutDatNiemandKent: 'x' },
    children: [...n.children.map(go), { name: 'elementDatNiemandKent', attrs: {}, children: [{ name: 'genest', attrs: {}, children: [], text: '1' }], text: 'x' }],
    text: n.text,
  });
  return go(record);
}

/**
 * Children in another order: the groups of same-name siblings reversed (the order within a group, which can carry
 * meaning such as the points of a line, is kept), and attributes reversed.
 */
export function reorderedXml(record: XNode): XNode {
  const go = (n: XNode): XNode => {
    const names = [...new Set(n.children.map((c) => c.name))].reverse();
    return {
      name: n.name,
      attrs: Object.fromEntries(Object.entries(n.attrs).reverse()),
      children: names.flatMap((name) => n.children.filter((c) => c.name === name).map(go)),
      text: n.text,
    };
  };
  return go(record);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The record written back as XML text (local names; an xsi:type attribute is written as xsi:type with the
 * namespace declared on the root), for conversions that take the document as text.
 */
export function toXml(n: XNode, root = true): string {
  const attrs = Object.entries(n.attrs)
    .map(([k, v]) => ` ${k === 'type' ? 'xsi:type' : k}="${escape(v)}"`)
    .join('');
  const ns = root ? ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' : '';
  return `<${n.name}${ns}${attrs}>${escape(n.text)}${n.children.map((c) => toXml(c, false)).join('')}</${n.name}>`;
}

/**
 * What removing a path does to a converted record: the function changes the expected record in place, or answers
 * 'weg' when the record is left out on purpose (WEG: always).
 */
export type Wijziging<T> = (r: T) => unknown;
export const WEG = (): 'weg' => 'weg';

const binnen = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The change that removing a path makes: its own entry in the table, else (an element that only contains read
 * fields) the changes of everything inside it together. Null when the table says nothing about the path.
 */
export function wijzigingVoor<T>(table: Record<string, Wijziging<T>>, path: string): Wijziging<T> | null {
  if (path in table) return table[path];
  const inside = Object.keys(table).filter((k) => binnen(k, path));
  if (!inside.length) return null;
  return (r) => (inside.map((k) => table[k](r)).includes('weg') ? 'weg' : undefined);
}

/**
 * The conversion as it should be without the path: per input record, its converted records changed as the table
 * says (or left out where it answers 'weg') when the path occurs in it, else unchanged.
 */
export function verwachtZonder<T>(records: XNode[], convert: (r: XNode) => T[], table: Record<string, Wijziging<T>>, path: string): T[] {
  const w = wijzigingVoor(table, path);
  return records.flatMap((r) => {
    const uit = convert(r);
    return w && xmlPaths(r).includes(path) ? uit.filter((x) => w(x) !== 'weg') : uit;
  });
}

/**
 * A record with several children of one name (a situation with several situationRecords) as that many records
 * with one each, so that a removed path's change applies to exactly the records that had the path.
 */
export function eenPerKind(record: XNode, name: string): XNode[] {
  const kinderen = record.children.filter((c) => c.name === name);
  if (kinderen.length <= 1) return [record];
  return kinderen.map((k) => ({ ...record, children: record.children.filter((c) => c.name !== name || c === k) }));
}

/** The paths neither in the table (itself or inside) nor below an unused prefix: fields unknown to the test. */
export function onbekendePaden<T>(paths: string[], table: Record<string, Wijziging<T>>, ongebruikt: readonly string[]): string[] {
  return paths.filter((p) => wijzigingVoor(table, p) === null && !ongebruikt.some((u) => binnen(p, u)));
}
