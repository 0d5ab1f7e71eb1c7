// GLEIF golden copy Level 2 relationship records (RR-CDF 2.1 XML) of the universe's groups: for each
// child an IS_DIRECTLY_CONSOLIDATED_BY record to its direct parent and an IS_ULTIMATELY_CONSOLIDATED_BY
// record to its top (office → holding → top; office or holding → top; Dutch institutions → often a foreign
// group), plus INACTIVE records of offices that moved between holdings. StartNode is the child, EndNode
// the parent, as GLEIF writes it. Pure: yields text.
import { addDays, dayBetween, timestampOn } from './dates';
import { xmlText } from './encoding';
import { contentDate, GLEIF_LEI, louOf } from './lei';
import type { MarketMonth } from './market';
import { rngFor, type Rng } from './prng';
import { leiOfRef, NONE, type Universe } from './universe';

const I = (n: number) => '    '.repeat(n);
const el = (n: number, name: string, value: string) => `${I(n)}<rr:${name}>${xmlText(value)}</rr:${name}>\n`;

export function rrHeaderXml(peildatum: string, recordCount: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rr:RelationshipData xmlns:rr="http://www.gleif.org/data/schema/rr/2016" xmlns:gleif="http://www.gleif.org/data/schema/golden-copy/extensions/1.0">\n' +
    '<rr:Header>\n' +
    el(1, 'ContentDate', contentDate(peildatum)) +
    el(1, 'Originator', GLEIF_LEI) +
    el(1, 'FileContent', 'GLEIF_FULL_PUBLISHED') +
    el(1, 'RecordCount', String(recordCount)) +
    '</rr:Header>\n<rr:RelationshipRecords>\n'
  );
}

export const RR_FOOTER = '</rr:RelationshipRecords>\n</rr:RelationshipData>\n';

interface RelationshipSpec {
  child: string;
  parent: string;
  type: 'IS_DIRECTLY_CONSOLIDATED_BY' | 'IS_ULTIMATELY_CONSOLIDATED_BY';
  active: boolean;
  /** start of the relationship period (a market's takeover); random long before the peildatum when absent */
  start?: string;
}

function relationshipXml(q: Rng, peildatum: string, r: RelationshipSpec): string {
  const start = r.start ?? dayBetween(q, '2005-01-01', addDays(peildatum, -400));
  const end = r.active ? null : dayBetween(q, addDays(start, 200), addDays(peildatum, -30));
  const filed = dayBetween(q, start > '2017-05-01' ? start : '2017-05-01', addDays(peildatum, -90));
  const regStatus = !r.active ? 'RETIRED' : q.chance(0.12) ? 'LAPSED' : 'PUBLISHED';
  const next = regStatus === 'PUBLISHED' ? dayBetween(q, addDays(peildatum, 1), addDays(peildatum, 364)) : dayBetween(q, addDays(filed, 1), addDays(peildatum, -1));
  const last = dayBetween(q, filed, addDays(peildatum, -1));
  const standard = q.weighted([['IFRS', 45], ['OTHER_ACCOUNTING_STANDARD', 50], ['US_GAAP', 5]] as const);
  const periods: [string, string, string | null][] = [
    ['ACCOUNTING_PERIOD', `${Number(peildatum.slice(0, 4)) - 1}-01-01`, null],
    ['RELATIONSHIP_PERIOD', start, end],
    ['DOCUMENT_FILING_PERIOD', filed, null],
  ];
  return (
    '<rr:RelationshipRecord>\n' +
    `${I(1)}<rr:Relationship>\n` +
    `${I(2)}<rr:StartNode>\n${el(3, 'NodeID', r.child)}${el(3, 'NodeIDType', 'LEI')}${I(2)}</rr:StartNode>\n` +
    `${I(2)}<rr:EndNode>\n${el(3, 'NodeID', r.parent)}${el(3, 'NodeIDType', 'LEI')}${I(2)}</rr:EndNode>\n` +
    el(2, 'RelationshipType', r.type) +
    `${I(2)}<rr:RelationshipPeriods>\n` +
    periods
      .map(
        ([type, s, e]) =>
          `${I(3)}<rr:RelationshipPeriod>\n${el(4, 'StartDate', `${s}T00:00:00Z`)}${e ? el(4, 'EndDate', `${e}T00:00:00Z`) : ''}${el(4, 'PeriodType', type)}${I(3)}</rr:RelationshipPeriod>\n`,
      )
      .join('') +
    `${I(2)}</rr:RelationshipPeriods>\n` +
    el(2, 'RelationshipStatus', r.active ? 'ACTIVE' : 'INACTIVE') +
    `${I(2)}<rr:RelationshipQualifiers>\n${I(3)}<rr:RelationshipQualifier>\n${el(4, 'QualifierDimension', 'ACCOUNTING_STANDARD')}${el(4, 'QualifierCategory', standard)}${I(3)}</rr:RelationshipQualifier>\n${I(2)}</rr:RelationshipQualifiers>\n` +
    `${I(1)}</rr:Relationship>\n` +
    `${I(1)}<rr:Registration>\n` +
    el(2, 'InitialRegistrationDate', timestampOn(q, filed)) +
    el(2, 'LastUpdateDate', timestampOn(q, last)) +
    el(2, 'RegistrationStatus', regStatus) +
    el(2, 'NextRenewalDate', timestampOn(q, next)) +
    el(2, 'ManagingLOU', louOf(r.child)) +
    el(2, 'ValidationSources', q.chance(0.8) ? 'FULLY_CORROBORATED' : 'PARTIALLY_CORROBORATED') +
    el(2, 'ValidationDocuments', q.pick(['ACCOUNTS_FILING', 'SUPPORTING_DOCUMENTS', 'OTHER_OFFICIAL_DOCUMENTS'])) +
    `${I(1)}</rr:Registration>\n` +
    '</rr:RelationshipRecord>\n'
  );
}

/**
 * The relationship records of the universe, child by child (u.relationships of them); with a market month
 * (market.ts) also the takeovers up to that month (two records each, the relationship period starting on
 * the takeover day, registered in the takeover's month so the records are equal in every later month).
 */
export function* rrRecords(u: Universe, m?: MarketMonth): Generator<string> {
  for (let i = 0; i < u.nCompanies; i++) {
    const t = m?.takeover(i);
    if (t) {
      const child = leiOfRef(u, i);
      const q = rngFor(u.seed, 'rr-overname', i);
      const registered = m!.plan.peildata[t.maand - 1];
      yield relationshipXml(q, registered, { child, parent: leiOfRef(u, t.direct), type: 'IS_DIRECTLY_CONSOLIDATED_BY', active: true, start: t.dag });
      yield relationshipXml(q, registered, { child, parent: leiOfRef(u, t.ultimate), type: 'IS_ULTIMATELY_CONSOLIDATED_BY', active: true, start: t.dag });
    }
    if (u.direct[i] === NONE) continue;
    const child = leiOfRef(u, i);
    const q = rngFor(u.seed, 'rr', i);
    yield relationshipXml(q, u.peildatum, { child, parent: leiOfRef(u, u.direct[i]), type: 'IS_DIRECTLY_CONSOLIDATED_BY', active: true });
    yield relationshipXml(q, u.peildatum, { child, parent: leiOfRef(u, u.ultimate[i]), type: 'IS_ULTIMATELY_CONSOLIDATED_BY', active: true });
    if (u.formerDirect[i] !== NONE)
      yield relationshipXml(q, u.peildatum, { child, parent: leiOfRef(u, u.formerDirect[i]), type: 'IS_DIRECTLY_CONSOLIDATED_BY', active: false });
  }
}
