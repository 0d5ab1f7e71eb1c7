// Querying a JSON file: the records are a top-level array, the features of GeoJSON (their properties, plus
// the geometry as `geometrie`), or the one array of records inside an object such as {"data": [...]} or
// {"result": {"records": [...]}} (the largest array of objects, at most two levels deep). Pure functions.

/** The records of a parsed JSON document, or null when it holds no list of records. */
export function recordsUitJson(doc: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(doc)) return doc.map(asRecord);
  if (!isObject(doc)) return null;
  if (doc.type === 'FeatureCollection' && Array.isArray(doc.features)) {
    return doc.features.map((f) => {
      const feature = isObject(f) ? f : {};
      const props = isObject(feature.properties) ? feature.properties : {};
      return { ...props, geometrie: feature.geometry ?? null };
    });
  }
  const lijst = grootsteLijst(doc, 2);
  return lijst ? lijst.map(asRecord) : null;
}

/** Column names in order of first appearance over all records. */
export function kolommenVan(records: Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}

function grootsteLijst(obj: Record<string, unknown>, depth: number): unknown[] | null {
  let best: unknown[] | null = null;
  for (const v of Object.values(obj)) {
    const cand = Array.isArray(v) && v.some(isObject) ? v : isObject(v) && depth > 1 ? grootsteLijst(v, depth - 1) : null;
    if (cand && (!best || cand.length > best.length)) best = cand;
  }
  return best;
}

function asRecord(v: unknown): Record<string, unknown> {
  return isObject(v) ? v : { waarde: v ?? null };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
