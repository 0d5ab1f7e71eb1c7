// Readable labels for the URI-valued fields of DCAT-AP-DONL metadata (data.overheid.nl): a small table of
// the closed lists (EU languages, frequencies and file types, DONL dataset status, access rights, common
// licences) and, for everything else (OWMS organisations and themes), a label derived from the URI's last
// segment: ".../owms/terms/Hoogeveen_(gemeente)" → "Hoogeveen (gemeente)". Pure functions.
import { z } from 'zod';

export const uriLabelSchema = z
  .object({
    uri: z.string().nullable().describe('De waarde zoals de catalogus hem vastlegt (meestal een URI); null als er alleen een tekst is'),
    label: z.string().describe('Leesbare Nederlandse naam'),
  })
  .describe('Waarde uit een gecontroleerde lijst: URI plus leesbaar label');
export type UriLabel = z.infer<typeof uriLabelSchema>;

const EU = 'http://publications.europa.eu/resource/authority';

const TAAL: Record<string, string> = {
  NLD: 'Nederlands', ENG: 'Engels', DEU: 'Duits', FRA: 'Frans', FRY: 'Fries', SPA: 'Spaans', PAP: 'Papiaments', MUL: 'Meertalig',
};

const FREQUENTIE: Record<string, string> = {
  ANNUAL: 'Jaarlijks', ANNUAL_2: 'Halfjaarlijks', ANNUAL_3: 'Drie keer per jaar', BIENNIAL: 'Tweejaarlijks', TRIENNIAL: 'Driejaarlijks',
  QUARTERLY: 'Per kwartaal', MONTHLY: 'Maandelijks', MONTHLY_2: 'Twee keer per maand', BIMONTHLY: 'Tweemaandelijks',
  WEEKLY: 'Wekelijks', BIWEEKLY: 'Tweewekelijks', DAILY: 'Dagelijks', DAILY_2: 'Twee keer per dag', HOURLY: 'Elk uur',
  CONT: 'Continu', UPDATE_CONT: 'Voortdurend bijgewerkt', IRREG: 'Onregelmatig', NEVER: 'Nooit', OTHER: 'Anders', UNKNOWN: 'Onbekend',
};

/** EU file types whose label is not simply the code. */
const BESTANDSTYPE: Record<string, string> = {
  GEOJSON: 'GeoJSON', RDF_XML: 'RDF/XML', RDF_TURTLE: 'Turtle', JSON_LD: 'JSON-LD', SHP: 'Shapefile', TXT: 'Tekst',
  WMS_SRVC: 'WMS', WFS_SRVC: 'WFS', WMTS_SRVC: 'WMTS', HTML: 'HTML', XLSX: 'XLSX', XLS: 'XLS', MAP_PRVW: 'Kaartvoorbeeld',
};

const STATUS: Record<string, string> = {
  beschikbaar: 'Beschikbaar', in_onderzoek: 'In onderzoek', gepland: 'Gepland', niet_beschikbaar: 'Niet beschikbaar',
};

const TOEGANG: Record<string, string> = {
  PUBLIC: 'Openbaar', RESTRICTED: 'Beperkt openbaar', NON_PUBLIC: 'Niet openbaar',
  publiek: 'Openbaar', beperkt: 'Beperkt openbaar', niet_publiek: 'Niet openbaar',
};

const LICENTIE: [RegExp, string][] = [
  [/publicdomain\/zero\/1\.0|^cc-?0|cc-zero/i, 'CC0 1.0'],
  [/publicdomain\/mark\/1\.0|publiek-domein/i, 'Publiek domein'],
  [/licenses\/by\/4\.0|^cc-by-4\.0$/i, 'CC BY 4.0'],
  [/licenses\/by-sa\/4\.0|^cc-by-sa-4\.0$/i, 'CC BY-SA 4.0'],
];

/** The last path (or fragment) segment of a URI as readable text: underscores to spaces, %-escapes decoded. */
export function labelUitUri(uri: string): string {
  const zonderSlot = uri.trim().replace(/[/#]+$/, '');
  const segment = zonderSlot.slice(Math.max(zonderSlot.lastIndexOf('/'), zonderSlot.lastIndexOf('#')) + 1) || zonderSlot;
  let tekst = segment;
  try {
    tekst = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  return tekst.replace(/_/g, ' ').replace(/\s+/g, ' ').trim() || uri;
}

/** The code after a known list's prefix (case as written), or null when the URI is not in that list. */
function codeIn(uri: string, prefixes: string[]): string | null {
  for (const p of prefixes) if (uri.toLowerCase().startsWith(p.toLowerCase() + '/')) return uri.slice(p.length + 1).replace(/\/+$/, '');
  return null;
}

/** Any URI-valued field as {uri, label}: the vocabulary table where the list is known, else the derived label. */
export function uriLabel(value: string | null | undefined): UriLabel | null {
  const v = value?.trim();
  if (!v) return null;
  if (!/^https?:\/\//i.test(v)) return { uri: null, label: v };
  const taal = codeIn(v, [`${EU}/language`]);
  if (taal !== null) return { uri: v, label: TAAL[taal.toUpperCase()] ?? taal };
  const freq = codeIn(v, [`${EU}/frequency`]);
  if (freq !== null) return { uri: v, label: FREQUENTIE[freq.toUpperCase()] ?? labelUitUri(v) };
  const type = codeIn(v, [`${EU}/file-type`]);
  if (type !== null) return { uri: v, label: BESTANDSTYPE[type.toUpperCase()] ?? type.toUpperCase() };
  const status = codeIn(v, ['http://data.overheid.nl/status']);
  if (status !== null) return { uri: v, label: STATUS[status] ?? labelUitUri(v) };
  // DONL writes its own access-rights list as ".../acessrights/..." (sic); both spellings and the EU list are accepted.
  const toegang = codeIn(v, [`${EU}/access-right`, 'http://data.overheid.nl/acessrights', 'http://data.overheid.nl/accessrights']);
  if (toegang !== null) return { uri: v, label: TOEGANG[toegang] ?? labelUitUri(v) };
  return { uri: v, label: labelUitUri(v) };
}

/** The label of a resource format: EU file-type URI, a MIME type or a plain word ("PDF", "csv") → "CSV", "PDF", … */
export function formaatLabel(format: string | null | undefined): string | null {
  const v = format?.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) return uriLabel(v)?.label ?? null;
  const mime = v.toLowerCase().match(/^[a-z]+\/([a-z0-9.+-]+)/);
  if (mime) {
    const sub = mime[1];
    if (sub === 'geo+json' || sub === 'vnd.geo+json') return 'GeoJSON';
    if (sub === 'vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'XLSX';
    if (sub === 'vnd.ms-excel') return 'XLS';
    return sub.replace(/^x-/, '').toUpperCase();
  }
  const word = v.replace(/^\./, '');
  return BESTANDSTYPE[word.toUpperCase()] ?? (word.toLowerCase() === 'geojson' ? 'GeoJSON' : word.toUpperCase());
}

/** The licence of a dataset as {uri, label}: CKAN license_id (often a URI) with license_title as the preferred label. */
export function licentieLabel(licenseId: string | null | undefined, licenseTitle: string | null | undefined): UriLabel | null {
  const id = licenseId?.trim() || null;
  const titel = licenseTitle?.trim() || null;
  if (!id && !titel) return null;
  const bekend = id ? LICENTIE.find(([re]) => re.test(id))?.[1] : undefined;
  return { uri: id, label: titel ?? bekend ?? (id && /^https?:/i.test(id) ? labelUitUri(id) : (id ?? '')) };
}
