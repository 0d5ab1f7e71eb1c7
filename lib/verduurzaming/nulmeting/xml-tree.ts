// The small, namespace-aware element tree the nulmeting extractors read, and the helpers to walk it by
// local name. Element and attribute names are local names (prefix removed); `ns` keeps the resolved
// namespace URI so a caller can tell two roots with the same local name apart (the outer EP-Online
// `Energieprestatie` from the embedded NTA 8800 `Energieprestatie`).

export interface XmlElement {
  /** Local name, without prefix. */
  name: string;
  /** Resolved namespace URI; null when the element is in no namespace. */
  ns: string | null;
  /** Attributes by local name (namespace declarations left out); values entity-decoded. */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated, trimmed, entity-decoded text content of this element itself (not of its children). */
  text: string;
}

/** First child with this local name (exact), or null. */
export function child(el: XmlElement | null | undefined, name: string): XmlElement | null {
  if (!el) return null;
  for (const c of el.children) if (c.name === name) return c;
  return null;
}

/** All children with this local name. */
export function children(el: XmlElement | null | undefined, name: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c) => c.name === name);
}

/** Follows a path of local names ("EPSurvey/Summary/Labelklasse"), first match at every step. */
export function at(el: XmlElement | null | undefined, path: string): XmlElement | null {
  let cur: XmlElement | null = el ?? null;
  for (const step of path.split('/')) {
    cur = child(cur, step);
    if (!cur) return null;
  }
  return cur;
}

/** Trimmed text at a path, or null when the element is missing or empty. */
export function textAt(el: XmlElement | null | undefined, path: string): string | null {
  const found = at(el, path);
  return found && found.text !== '' ? found.text : null;
}

/** First child whose local name matches case-insensitively (for tolerant legacy formats). */
export function childCi(el: XmlElement | null | undefined, name: string): XmlElement | null {
  if (!el) return null;
  const wanted = name.toLowerCase();
  for (const c of el.children) if (c.name.toLowerCase() === wanted) return c;
  return null;
}
