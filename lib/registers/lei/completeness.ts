// Completeness of a GLEIF file (LEI-CDF Level 1, RR-CDF Level 2), checked after it was read to the end and
// before anything is published: a cut or mismatching file throws ImportRefused(…, 'onvolledig'), which no
// --forceer overrides. XML: the header's RecordCount must equal the records in the file (all of them, not
// only the Dutch ones kept) and the root element must be closed after the last record. A header without
// RecordCount is noted (then the closed root is the only guard). CSV carries no count: a last row with
// fewer fields than the header (cut mid-row) is refused; a CSV cut at a row boundary is only caught by the
// ZIP directory and CRC (GLEIF publishes its files zipped, common/zip.ts) and by the plausibility guard.
// Pure: no I/O.
import { ImportRefused } from '../common/refusal';
import type { XmlEnd } from '../common/xml-elements';

export type GleifFormat = 'LEI-CDF' | 'RR-CDF';

export interface XmlReadFacts {
  /** Records read in full (every country, every type). */
  gelezen: number;
  /** The header's RecordCount, null when absent. */
  recordCount: number | null;
  /** How the document ended; undefined when the reader never reached the end. */
  end?: XmlEnd;
}

/** What the check found, for the manifest's file entry (bestanden[].controle). */
export interface Completeness {
  records: number;
  record_count: number | null;
  /** null for a CSV (no root element). */
  hoofdelement_gesloten: boolean | null;
  /** Set when a check could not be made (no RecordCount in the header). */
  melding: string | null;
}

const fmt = (n: number) => n.toLocaleString('nl-NL');

/** Checks a GLEIF XML file read to its end; throws ImportRefused('onvolledig') when it is not complete. */
export function checkGleifXml(file: string, format: GleifFormat, facts: XmlReadFacts): Completeness {
  const { gelezen, recordCount, end } = facts;
  const refuse = (why: string) => new ImportRefused(`${file}: ${why}; niet gepubliceerd.`, 'onvolledig');
  if (!end || end.root === null) throw refuse(`geen ${format}-XML: het bestand heeft geen hoofdelement (leeg of een ander bestand)`);
  const kop = recordCount === null ? '' : ` van de ${fmt(recordCount)} die de kop noemt (RecordCount)`;
  if (end.unfinished > 0)
    throw refuse(
      `het bestand is afgebroken midden in een record (${fmt(end.unfinished)} record${end.unfinished === 1 ? '' : 's'} zonder eindtag); ${fmt(gelezen)} volledige records gelezen${kop}`,
    );
  if (!end.rootClosed) throw refuse(`het hoofdelement <${end.root}> wordt niet afgesloten: het bestand is afgebroken na ${fmt(gelezen)} records${kop}`);
  if (recordCount !== null && recordCount !== gelezen)
    throw refuse(`de kop noemt ${fmt(recordCount)} records (RecordCount), het bestand bevat er ${fmt(gelezen)}`);
  return {
    records: gelezen,
    record_count: recordCount,
    hoofdelement_gesloten: true,
    melding:
      recordCount === null
        ? `De kop van ${file} heeft geen RecordCount: het aantal records is niet te controleren; alleen het afgesloten hoofdelement is gecontroleerd.`
        : null,
  };
}

/** Checks a GLEIF CSV read to its end: a last row with fewer fields than the header is a cut file. */
export function checkGleifCsv(file: string, format: GleifFormat, facts: { gelezen: number; header: number; lastRowFields: number | null }): Completeness {
  if (facts.header === 0) throw new ImportRefused(`${file}: geen ${format}-CSV: het bestand is leeg; niet gepubliceerd.`, 'onvolledig');
  if (facts.lastRowFields !== null && facts.lastRowFields < facts.header)
    throw new ImportRefused(
      `${file}: de laatste regel heeft ${facts.lastRowFields} van de ${facts.header} kolommen: het bestand is afgebroken; niet gepubliceerd.`,
      'onvolledig',
    );
  return {
    records: facts.gelezen,
    record_count: null,
    hoofdelement_gesloten: null,
    melding: `${file} is een CSV zonder aantal records: alleen de laatste regel is gecontroleerd (een ZIP wordt ook op de centrale map en CRC gecontroleerd).`,
  };
}
