// Streaming parser of the GLEIF Level 1 XML (LEI-CDF 3.x and 2.1): the file is split record by record
// (common/xml-elements.ts), records without any "NL" element value are skipped before parsing, the rest
// is read straight into the CSV's dotted paths (record-xml.ts flatRecordXml; records outside its XML
// subset go through fast-xml-parser and flatten) and filtered with isDutch. The import's worker uses
// parseLeiXmlEncoded: the same entities, read from record-xml.ts readFlatRecord's view straight to rows
// (the dossier as JSON text, record.ts encodedEntityFromFields), in one batch per input chunk.
import { XMLParser } from 'fast-xml-parser';
import { firstElementText, splitXmlElementBatches, splitXmlElements, type XmlEnd } from '../common/xml-elements';
import { encodedEntityFromFields, entityFromFlat, isDutch, type EncodedLeiEntity, type LeiEntity } from './record';
import { flatRecordXml, parseRecordXml, readFlatRecord } from './record-xml';

export interface XmlParseStats {
  gelezen: number;
  /** Header ContentDate (ISO) when present. */
  contentDate: string | null;
  recordCount: number | null;
  /** How the document ended (root closed, records cut), set once the file was read to its end. */
  end?: XmlEnd;
}

export const REPEATED = new Set([
  'OtherEntityName',
  'TransliteratedOtherEntityName',
  'AdditionalAddressLine',
  'OtherAddress',
  'RelationshipPeriod',
  'RelationshipQualifier',
  'RelationshipQuantifier',
  'SuccessorEntity',
  'OtherValidationAuthority',
]);

/** The parser used for one GLEIF record (namespace prefixes removed, entities not expanded). */
export const gleifXmlParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
});

const isRepeated = (name: string) => REPEATED.has(name);

/** One GLEIF record parsed as gleifXmlParser does: by the fast reader (record-xml.ts), else by fast-xml-parser. */
export function parseGleifRecord(xml: string, skipTopLevel?: ReadonlySet<string>): Record<string, unknown> {
  return parseRecordXml(xml, isRepeated, skipTopLevel) ?? (gleifXmlParser.parse(xml) as Record<string, unknown>);
}

/** Flattens a parsed record to GLEIF dotted paths: repeated elements get .1, .2; attribute type → .type, lang → .xmllang. */
export function flatten(node: unknown, prefix: string, out: Record<string, string>): void {
  if (node === null || node === undefined) return;
  if (Array.isArray(node)) {
    node.forEach((n, i) => flatten(n, `${prefix}.${i + 1}`, out));
    return;
  }
  if (typeof node !== 'object') {
    out[prefix] = String(node);
    return;
  }
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k === '#text') out[prefix] = String(v);
    else if (k.startsWith('@_')) {
      const a = k.slice(2);
      if (a === 'lang') out[`${prefix}.xmllang`] = String(v);
      else if (!a.startsWith('xmlns') && a !== 'xmlns') out[`${prefix}.${a}`] = String(v);
    } else flatten(v, prefix ? `${prefix}.${k}` : k, out);
  }
}

/**
 * One GLEIF record (root element `root`) in its flat dotted-path form, without top-level elements whose
 * name starts with one of `skipTopLevel`: read directly by flatRecordXml, else (XML outside its subset)
 * through the object tree (parseGleifRecord + flatten), which gives the same keys and values.
 */
export function gleifFlat(xml: string, root: string, skipTopLevel: readonly string[] = []): Record<string, string> {
  const fast = flatRecordXml(xml, isRepeated, skipTopLevel);
  if (fast) return fast;
  const parsed = parseGleifRecord(xml, new Set(skipTopLevel)) as Record<string, unknown>;
  const flat: Record<string, string> = {};
  flatten(parsed[root], '', flat);
  if (skipTopLevel.length) for (const k of Object.keys(flat)) if (skipTopLevel.some((p) => k.startsWith(p))) delete flat[k];
  return flat;
}

// Extension (GLEIF's geocoding, often half the record) is dropped from the flat record.
const SKIPPED = ['Extension'];

const headerReader = (stats: XmlParseStats) => (text: string) => {
  stats.contentDate = firstElementText(text, 'ContentDate');
  const rc = firstElementText(text, 'RecordCount');
  stats.recordCount = rc && /^\d+$/.test(rc) ? Number(rc) : null;
};

// Cheap pre-filter: a Dutch record has an element whose value is NL (or NL-xx) or the KvK's RA code.
const NL_VALUE = />\s*NL(-[A-Z0-9]+)?\s*</;
const maybeDutch = (xml: string) => NL_VALUE.test(xml) || xml.includes('RA000463');

/** The entity of one LEIRecord when it is Dutch, else null (through the flat object: any XML). */
function entityOfRecord(xml: string): LeiEntity | null {
  if (!maybeDutch(xml)) return null;
  const flat = gleifFlat(xml, 'LEIRecord', SKIPPED);
  if (!isDutch((k) => flat[k])) return null;
  return entityFromFlat(flat);
}

/** Yields every Dutch LEI entity of a Level 1 XML byte stream; header facts and counts go to `stats`. */
export async function* parseLeiXml(
  source: AsyncIterable<Buffer | string>,
  stats: XmlParseStats = { gelezen: 0, contentDate: null, recordCount: null },
): AsyncGenerator<LeiEntity> {
  for await (const piece of splitXmlElements(source, { tags: ['LEIRecord'], onHeader: headerReader(stats), onEnd: (e) => (stats.end = e), lines: false })) {
    stats.gelezen++;
    const e = entityOfRecord(piece.xml);
    if (e) yield e;
  }
}

/**
 * parseLeiXml for the import's rows: each entity's `ruw` as its JSON text (no dossier objects built),
 * yielded in batches (the Dutch entities of each input chunk, in order; batches may be empty).
 */
export async function* parseLeiXmlEncoded(
  source: AsyncIterable<Buffer | string>,
  stats: XmlParseStats = { gelezen: 0, contentDate: null, recordCount: null },
): AsyncGenerator<EncodedLeiEntity[]> {
  for await (const pieces of splitXmlElementBatches(source, { tags: ['LEIRecord'], onHeader: headerReader(stats), onEnd: (e) => (stats.end = e), lines: false })) {
    const out: EncodedLeiEntity[] = [];
    for (const piece of pieces) {
      stats.gelezen++;
      const xml = piece.xml;
      if (!maybeDutch(xml)) continue;
      // The fast path: the flat view straight to the row (same keys, values and order as the object).
      const view = readFlatRecord(xml, isRepeated, SKIPPED);
      if (view) {
        if (!isDutch((k) => view.get(k))) continue;
        const e = encodedEntityFromFields(view);
        if (e) out.push(e);
        continue;
      }
      const e = entityOfRecord(xml);
      if (e) out.push({ ...e, ruw: JSON.stringify(e.ruw), plain: false });
    }
    yield out;
  }
}
