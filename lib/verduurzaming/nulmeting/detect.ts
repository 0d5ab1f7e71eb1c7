// Which energy format a parsed document is: decided by the root's local name and namespace, then by
// version elements and, where the version number is shared (7.00 = v4.0 and the 2019 set), by
// structure. Only fixed element paths are consulted, never free text, so prose that mentions a label
// or a postcode (an RSS feed) is not mistaken for energy data.
import { Problem } from '@/lib/api/problems';
import { at, child, childCi, textAt, type XmlElement } from './xml-tree';

export const NS_MONITORING = 'http://schemas.ep-online.nl/monitoringbestand';
export const NS_MAATWERKADVIES = 'http://schemas.ep-online.nl/maatwerkadviesbestand';
export const NS_NTA8800 = 'urn:nl.nta.8800.export';

export type Formaat =
  | { soort: 'monitoringsbestand'; versie: 'v4.4' | 'v4.0' | '2019' | null; naam: string }
  | { soort: 'maatwerkadvies'; versie: 'v2.0' | 'v1.0' | null; naam: string }
  | { soort: 'nta8800'; naam: string }
  | { soort: 'pandcertificaat'; record: XmlElement; prefix: string; naam: string };

// Tolerant of the "monitoringsbestand" spelling and of an http/https or trailing-slash variant.
const MONITORING_NS = /^https?:\/\/schemas\.ep-online\.nl\/monitorings?bestand\/?$/;
const MAATWERKADVIES_NS = /^https?:\/\/schemas\.ep-online\.nl\/maatwerkadviesbestand\/?$/;

/** The format of the document, or null when it is not a recognised energy format. */
export function detectFormat(root: XmlElement): Formaat | null {
  if (root.name === 'Energieprestatie') {
    const outerChildren = child(root, 'EPMeta') ?? child(root, 'EPObject') ?? child(root, 'EPSurvey');
    const innerChildren = child(root, 'Versie') ?? child(root, 'Gebouw') ?? child(root, 'Vereenvoudigd_Label');
    const ns = root.ns ?? '';
    if (MONITORING_NS.test(ns) || (outerChildren && ns !== NS_NTA8800)) return monitoringsbestand(root);
    if (ns === NS_NTA8800 || innerChildren) return nta8800(root);
    return null;
  }
  if (root.name === 'TailoredAdvice' && (MAATWERKADVIES_NS.test(root.ns ?? '') || child(root, 'TAMeta') || child(root, 'TAAdvice'))) {
    return maatwerkadvies(root);
  }
  return pandcertificaat(root);
}

function versionNumber(text: string | null): number | null {
  if (text === null || !/^\d{1,3}(\.\d{1,3})?$/.test(text)) return null;
  return Number(text);
}

function monitoringsbestand(root: XmlElement): Formaat {
  // EPMeta/Version: 11.00 = v4.4; 7.00 = v4.0 or the 2019 set (told apart by structure). The inner
  // NTA 8800 Versie is not consulted: the embedded block is never read (see safe-xml SKIPPED).
  const version = versionNumber(textAt(root, 'EPMeta/Version'));
  let versie: 'v4.4' | 'v4.0' | '2019' | null = null;
  if (version === 11) versie = 'v4.4';
  else if (version === 7) versie = hasV40Structure(root) ? 'v4.0' : '2019';
  return { soort: 'monitoringsbestand', versie, naam: `ep-online-monitoringsbestand-${versie ?? 'onbekende-versie'}` };
}

/** v4.0 (Version 7.00) has SurveyMethod/PermitPreNTA, Opnametype and Labelklassegrenzen; the 2019 set has none of them. */
function hasV40Structure(root: XmlElement): boolean {
  const summary = at(root, 'EPSurvey/Summary');
  return Boolean(at(summary, 'SurveyMethod/PermitPreNTA') ?? at(summary, 'SurveyMethod/Opnametype') ?? child(summary, 'Labelklassegrenzen'));
}

function maatwerkadvies(root: XmlElement): Formaat {
  const version = versionNumber(textAt(root, 'TAMeta/Version'));
  let versie: 'v2.0' | 'v1.0' | null = null;
  if (version === 2) versie = 'v2.0';
  else if (version === 1) versie = 'v1.0';
  return { soort: 'maatwerkadvies', versie, naam: `ep-online-maatwerkadvies-${versie ?? 'onbekende-versie'}` };
}

function nta8800(root: XmlElement): Formaat {
  const versie = textAt(root, 'Versie');
  const v = versie !== null && /^\d{1,2}\.\d{1,2}$/.test(versie) ? `-v${versie}` : '';
  return { soort: 'nta8800', naam: `nta-8800-export${v}` };
}

/**
 * The legacy EP-Online XML export (v2 mutation file, `Pandcertificaat` records with `Pand_*` fields) and
 * the 2008-2013 Agentschap NL file (`PandVanMeting_*` fields). Looked for at most two levels below the root.
 */
function pandcertificaat(root: XmlElement): Formaat | null {
  const records: { el: XmlElement; prefix: string }[] = [];
  const consider = (el: XmlElement) => {
    const prefix = legacyPrefix(el);
    if (prefix) records.push({ el, prefix });
  };
  consider(root);
  if (records.length === 0) {
    for (const c of root.children) {
      consider(c);
      if (!legacyPrefix(c)) for (const g of c.children) consider(g);
    }
  }
  if (records.length === 0) return null;
  if (records.length > 1) {
    throw new Problem('unprocessable_xml', {
      detail:
        `Het bestand bevat ${records.length} energielabelregistraties (een bulkexport). ` +
        'Een nulmeting leest het bestand van één woning; upload het bestand van die ene woning.',
    });
  }
  const { el, prefix } = records[0];
  return {
    soort: 'pandcertificaat',
    record: el,
    prefix,
    naam: prefix === 'Pand_' ? 'ep-online-pandcertificaat-legacy' : 'agentschap-nl-pandvanmeting-legacy',
  };
}

function legacyPrefix(el: XmlElement): string | null {
  for (const prefix of ['Pand_', 'PandVanMeting_']) {
    if (childCi(el, `${prefix}energieklasse`) || childCi(el, `${prefix}energieprestatieindex`)) return prefix;
  }
  return null;
}
