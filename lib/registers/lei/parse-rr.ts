// Streaming parsers of GLEIF Level 2 relationship records (RR-CDF 1.1/2.x), XML and CSV. Only
// IS_DIRECTLY_CONSOLIDATED_BY and IS_ULTIMATELY_CONSOLIDATED_BY between two LEIs are kept; StartNode
// is the child, EndNode the parent. Dates may carry trailing spaces or be epoch milliseconds.
import { readCsv } from '../common/csv';
import { firstElementText, splitXmlElements, type XmlEnd } from '../common/xml-elements';
import { gleifFlat } from './parse-xml';
import { gleifDate, KEPT_RELATIONSHIP_TYPES, type LeiRelationship } from './record';

export interface RrParseStats {
  gelezen: number;
  contentDate: string | null;
  /** XML: the header's RecordCount (null when absent). */
  recordCount?: number | null;
  /** XML: how the document ended, once read to its end. */
  end?: XmlEnd;
  /** CSV: header columns and the fields of the last row (completeness, completeness.ts). */
  csv?: { header: number; lastRowFields: number | null };
}

const clean = (v: string | undefined): string | null => {
  const s = v?.trim();
  return s ? s : null;
};

/** The relationship's fields under their GLEIF dotted paths (the same in the CSV and the flattened XML). */
const paths = {
  start: 'Relationship.StartNode.NodeID',
  startType: 'Relationship.StartNode.NodeIDType',
  end: 'Relationship.EndNode.NodeID',
  endType: 'Relationship.EndNode.NodeIDType',
  type: 'Relationship.RelationshipType',
  status: 'Relationship.RelationshipStatus',
};

function build(get: (k: string) => string | null, perioden: LeiRelationship['perioden']): LeiRelationship | null {
  const type = get(paths.type)?.toUpperCase();
  if (!type || !KEPT_RELATIONSHIP_TYPES.has(type)) return null;
  const start = get(paths.start)?.toUpperCase();
  const end = get(paths.end)?.toUpperCase();
  if (!start || !end) return null;
  const st = get(paths.startType)?.toUpperCase();
  const et = get(paths.endType)?.toUpperCase();
  if ((st && st !== 'LEI') || (et && et !== 'LEI')) return null;
  return {
    start_lei: start,
    end_lei: end,
    type,
    status: get(paths.status),
    registratie_status: get('Registration.RegistrationStatus'),
    laatste_wijziging: gleifDate(get('Registration.LastUpdateDate')),
    perioden,
  };
}

/** Yields the kept relationships of an RR CSV byte stream (columns Relationship.StartNode.NodeID, ...). */
export async function* parseRrCsv(source: AsyncIterable<Buffer | string>, stats: RrParseStats = { gelezen: 0, contentDate: null }): AsyncGenerator<LeiRelationship> {
  let header: string[] | null = null;
  const csv = (stats.csv = { header: 0, lastRowFields: null as number | null });
  for await (const { fields } of readCsv(source, { encoding: 'utf-8' })) {
    if (!header) {
      header = fields.map((h) => h.trim());
      csv.header = header.length;
      continue;
    }
    csv.lastRowFields = fields.length;
    const rec: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) rec[header[i]] = fields[i] ?? '';
    stats.gelezen++;
    const get = (k: string) => clean(rec[k]);
    const perioden: LeiRelationship['perioden'] = [];
    for (let i = 1; `Relationship.Period.${i}.startDate` in rec || `Relationship.Period.${i}.periodType` in rec; i++) {
      const p = {
        start: gleifDate(rec[`Relationship.Period.${i}.startDate`]),
        eind: gleifDate(rec[`Relationship.Period.${i}.endDate`]),
        type: clean(rec[`Relationship.Period.${i}.periodType`]),
      };
      if (p.start || p.eind || p.type) perioden.push(p);
    }
    const r = build(get, perioden);
    if (r) yield r;
  }
}

/** Yields the kept relationships of an RR XML byte stream (rr:RelationshipRecord elements). */
export async function* parseRrXml(source: AsyncIterable<Buffer | string>, stats: RrParseStats = { gelezen: 0, contentDate: null }): AsyncGenerator<LeiRelationship> {
  const onHeader = (text: string) => {
    stats.contentDate = firstElementText(text, 'ContentDate');
    const rc = firstElementText(text, 'RecordCount');
    stats.recordCount = rc && /^\d+$/.test(rc) ? Number(rc) : null;
  };
  for await (const piece of splitXmlElements(source, { tags: ['RelationshipRecord'], onHeader, onEnd: (e) => (stats.end = e), lines: false })) {
    stats.gelezen++;
    if (!/CONSOLIDATED_BY/.test(piece.xml)) continue;
    const flat = gleifFlat(piece.xml, 'RelationshipRecord');
    const get = (k: string) => clean(flat[k]);
    const perioden: LeiRelationship['perioden'] = [];
    for (let i = 1; `Relationship.RelationshipPeriods.RelationshipPeriod.${i}.PeriodType` in flat || `Relationship.RelationshipPeriods.RelationshipPeriod.${i}.StartDate` in flat; i++) {
      const base = `Relationship.RelationshipPeriods.RelationshipPeriod.${i}`;
      perioden.push({ start: gleifDate(flat[`${base}.StartDate`]), eind: gleifDate(flat[`${base}.EndDate`]), type: clean(flat[`${base}.PeriodType`]) });
    }
    const r = build(get, perioden);
    if (r) yield r;
  }
}
