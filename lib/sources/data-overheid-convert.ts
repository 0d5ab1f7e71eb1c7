// Conversion of data.overheid.nl CKAN answers (package_search, package_show; DCAT-AP-DONL fields) to this
// service's conventions: snake_case, ISO 8601 times, {uri, label} for URI-valued fields, and per resource
// whether /v1/datasets/{id}/query can read it (CSV, JSON/GeoJSON, or a CBS StatLine table). Pure functions;
// the client in data-overheid.ts does the I/O.
import { z } from 'zod';
import { int, lowerKeys, str } from './values';
import { formaatLabel, licentieLabel, uriLabel, uriLabelSchema, type UriLabel } from './data-overheid-labels';

/** Landing pages of datasets on the portal. */
export const PORTAAL_DATASET_URL = 'https://data.overheid.nl/dataset/';
/** Length of `beschrijving` in search results (the full text is in the catalogue). */
export const BESCHRIJVING_MAX = 300;

/** An object read with its keys in any case (CKAN writes lower case; a proxy or another CKAN may not). */
const anyCase = <T extends z.ZodType>(schema: T) => z.preprocess((v) => lowerKeys(v) ?? v, schema);

/** A CKAN field that DCAT-AP-DONL fills with one URI or a list of them. */
const oneOrMany = z.union([z.string(), z.array(z.string())]).nullable().optional();

// Every field is optional: a package or resource lacking one is still listed (with null for what is missing),
// never dropped and never turning the whole answer unreadable.
export const ckanResourceSchema = anyCase(z.looseObject({
  id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
  format: z.string().nullable().optional(),
  mimetype: z.string().nullable().optional(),
  size: z.union([z.number(), z.string()]).nullable().optional(),
}));
export type CkanResource = z.infer<typeof ckanResourceSchema>;

export const ckanPackageSchema = anyCase(z.looseObject({
  id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  authority: z.string().nullable().optional(),
  publisher: z.string().nullable().optional(),
  theme: oneOrMany,
  language: oneOrMany,
  dataset_status: z.string().nullable().optional(),
  access_rights: z.string().nullable().optional(),
  frequency: z.string().nullable().optional(),
  source_catalog: z.string().nullable().optional(),
  license_id: z.string().nullable().optional(),
  license_title: z.string().nullable().optional(),
  modified: z.string().nullable().optional(),
  metadata_modified: z.string().nullable().optional(),
  organization: anyCase(z.looseObject({ name: z.string().nullable().optional(), title: z.string().nullable().optional() }).nullable().optional()),
  tags: z.array(z.looseObject({ name: z.string().nullable().optional() })).nullable().optional(),
  resources: z.array(ckanResourceSchema).nullable().optional(),
}));
export type CkanPackage = z.infer<typeof ckanPackageSchema>;

/** The standard CKAN action envelope; `result` is checked per action. */
export const ckanEnvelopeSchema = z.looseObject({
  success: z.boolean(),
  result: z.unknown().optional(),
  error: z.looseObject({ message: z.unknown().optional(), __type: z.string().optional() }).nullable().optional(),
});

export const ckanSearchResultSchema = anyCase(z.looseObject({
  count: z.preprocess((v) => int(v) ?? v, z.number().int().nonnegative()),
  results: z.array(ckanPackageSchema),
}));

/** How the query operation reads a resource; null: not queryable. */
export type QuerySoort = 'csv' | 'json' | 'cbs-tabel';

export const datasetSamenvattingSchema = z.object({
  id: z.string().nullable().describe('Id (uuid) van de dataset in de catalogus; null als de catalogus het niet geeft'),
  naam: z
    .string()
    .nullable()
    .describe('Korte naam van de dataset in de catalogus (CKAN name, anders de uuid); bruikbaar als {id} in /v1/datasets/{id}/query; null als beide ontbreken'),
  titel: z.string().nullable(),
  beschrijving: z.string().nullable().describe(`Beschrijving, ingekort tot ${BESCHRIJVING_MAX} tekens (… als ingekort); opmaak (Markdown) verwijderd`),
  instantie: z.string().nullable().describe('Naam van de verantwoordelijke instantie (DCAT-AP-DONL authority, anders publisher)'),
  instantie_uri: z.string().nullable().describe('OWMS-URI van die instantie; null als de catalogus alleen een naam geeft'),
  themas: z.array(uriLabelSchema).nullable().describe('Thema’s (OWMS-URI’s) met leesbare naam; null als de catalogus geen thema-veld geeft'),
  formaten: z.array(z.string()).nullable().describe('Formaten van de bestanden, zonder dubbelen, bijvoorbeeld ["CSV", "PDF"]; null als de catalogus geen bestandenlijst geeft'),
  licentie: z.string().nullable().describe('Naam van de licentie van de dataset'),
  licentie_uri: z.string().nullable().describe('De licentie zoals de catalogus haar vastlegt (meestal een URI); null als er alleen een naam is'),
  gewijzigd_op: z.iso.datetime({ offset: true }).nullable().describe('Laatste wijziging van de dataset (ISO 8601; DONL modified, anders metadata_modified)'),
  url: z.string().nullable().describe('Pagina van de dataset op data.overheid.nl; null zonder naam en id'),
  query_url: z.string().nullable().describe('Pad om de gegevens te bevragen (/v1/datasets/{naam}/query); null als geen bestand bevraagbaar is'),
}).meta({ id: 'DatasetSamenvatting' });
export type DatasetSamenvatting = z.infer<typeof datasetSamenvattingSchema>;

export const datasetZoekresultaatSchema = z.object({
  totaal: z.number().int().describe('Totaal aantal gevonden datasets in de catalogus'),
  start: z.number().int().describe('Index van de eerste teruggegeven dataset'),
  rows: z.number().int().describe('Gevraagd aantal datasets'),
  datasets: z.array(datasetSamenvattingSchema).describe('Gevonden datasets, meest relevant eerst'),
});
export type DatasetZoekresultaat = z.infer<typeof datasetZoekresultaatSchema>;

export const resourceSamenvattingSchema = z.object({
  index: z.number().int().describe('Positie in de lijst (vanaf 0); bruikbaar als parameter resource'),
  id: z.string().nullable().describe('Id van het bestand (resource) in de catalogus; bruikbaar als parameter resource; null als de catalogus het niet geeft (gebruik dan index)'),
  naam: z.string().nullable(),
  formaat: z.string().nullable().describe('Formaat, leesbaar (CSV, JSON, PDF, …)'),
  formaat_uri: z.string().nullable().describe('Formaat zoals de catalogus het vastlegt (EU-bestandstype-URI of tekst)'),
  url: z.string().nullable().describe('Adres van het bestand bij de aanbieder'),
  bevraagbaar: z.boolean().describe('true als deze operatie het bestand kan bevragen'),
  soort: z.enum(['csv', 'json', 'cbs-tabel']).nullable().describe('Hoe het bestand bevraagd wordt; null als het niet bevraagbaar is'),
});
export type ResourceSamenvatting = z.infer<typeof resourceSamenvattingSchema>;

/** A dataset as the query operation needs it: identity, licence, attribution and its resources. */
export interface DatasetDetail {
  id: string | null;
  naam: string | null;
  titel: string | null;
  url: string | null;
  instantie: string | null;
  instantie_uri: string | null;
  licentie: string | null;
  licentie_uri: string | null;
  resources: ResourceSamenvatting[];
}

const CBS_TABEL = /^https?:\/\/opendata\.cbs\.nl\/(?:odataapi|odatafeed)\/odata\/([0-9a-z]{5,12})(?:[/?#]|$)/i;

/** The CBS StatLine table id of a resource URL (opendata.cbs.nl/ODataApi|ODataFeed/odata/<TABLE>, any case), or null. */
export function cbsTabel(url: string | null | undefined): string | null {
  const m = url?.trim().match(CBS_TABEL);
  return m ? m[1].toUpperCase() : null;
}

/** How a resource can be queried: a CBS table by its URL, else CSV or JSON by format (or, without one, by file extension). */
export function querySoort(r: Pick<CkanResource, 'url' | 'format' | 'mimetype'>): QuerySoort | null {
  if (cbsTabel(r.url)) return 'cbs-tabel';
  const label = formaatLabel(r.format) ?? formaatLabel(r.mimetype);
  if (label === 'CSV') return 'csv';
  if (label === 'JSON' || label === 'GeoJSON') return 'json';
  if (label) return null;
  const pad = safePath(r.url);
  if (/\.csv$/i.test(pad)) return 'csv';
  if (/\.(geo)?json$/i.test(pad)) return 'json';
  return null;
}

function safePath(url: string | null | undefined): string {
  try {
    return url ? new URL(url).pathname : '';
  } catch {
    return '';
  }
}

/** The resources of a package as listed by the query operation, in catalogue order. */
export function toResources(pkg: CkanPackage): ResourceSamenvatting[] {
  return (pkg.resources ?? []).map((r, index) => {
    // A resource without an address cannot be downloaded, whatever its format says.
    const soort = str(r.url) ? querySoort(r) : null;
    const formaatUri = str(r.format);
    return {
      index,
      id: str(r.id),
      naam: str(r.name),
      formaat: soort === 'cbs-tabel' && !formaatUri ? 'CBS-tabel' : formaatLabel(r.format) ?? formaatLabel(r.mimetype),
      formaat_uri: formaatUri,
      url: str(r.url),
      bevraagbaar: soort !== null,
      soort,
    };
  });
}

/** Text without Markdown/HTML markup, whitespace collapsed, shortened to `max` characters at a word boundary. */
export function korteBeschrijving(notes: string | null | undefined, max = BESCHRIJVING_MAX): string | null {
  const plain = (notes ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return null;
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** A CKAN timestamp as ISO 8601 in UTC: CKAN writes metadata times without a zone (they are UTC). */
export function isoTijd(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  const withZone = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(v) || !v.includes('T') ? v : `${v}Z`;
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const list = (v: string | string[] | null | undefined): string[] => (v == null ? [] : Array.isArray(v) ? v : [v]).map((s) => s.trim()).filter(Boolean);

/** The name to address a dataset by: its CKAN name, else its uuid (CKAN accepts either in package_show and on the portal). */
const naamVan = (pkg: CkanPackage): string | null => str(pkg.name) ?? str(pkg.id);
const portaalUrl = (naam: string | null): string | null => (naam ? PORTAAL_DATASET_URL + encodeURIComponent(naam) : null);

/** The responsible organisation: DCAT-AP-DONL authority, else publisher, else the CKAN organisation's title. */
export function instantieVan(pkg: CkanPackage): UriLabel | null {
  return uriLabel(pkg.authority) ?? uriLabel(pkg.publisher) ?? (str(pkg.organization?.title) ? { uri: null, label: str(pkg.organization?.title)! } : null);
}

/** One search result as a dataset summary. */
export function toDatasetSamenvatting(pkg: CkanPackage): DatasetSamenvatting {
  const resources = toResources(pkg);
  const formaten = [...new Set(resources.map((r) => r.formaat).filter((f): f is string => f !== null))];
  const naam = naamVan(pkg);
  return {
    id: str(pkg.id),
    naam,
    titel: str(pkg.title),
    beschrijving: korteBeschrijving(pkg.notes),
    ...alsNaamEnUri('instantie', instantieVan(pkg)),
    // A field the catalogue leaves out is unknown (null); an empty list is "none".
    themas: pkg.theme == null ? null : list(pkg.theme).map((t) => uriLabel(t)).filter((t): t is UriLabel => t !== null),
    formaten: pkg.resources == null ? null : formaten,
    ...alsNaamEnUri('licentie', licentieLabel(pkg.license_id, pkg.license_title)),
    gewijzigd_op: isoTijd(pkg.modified) ?? isoTijd(pkg.metadata_modified),
    url: portaalUrl(naam),
    query_url: naam && resources.some((r) => r.bevraagbaar) ? `/v1/datasets/${encodeURIComponent(naam)}/query` : null,
  };
}

/** A controlled value as two fields: `<veld>` its readable name (a string, as elsewhere in the API) and `<veld>_uri`. */
function alsNaamEnUri<K extends string>(veld: K, v: UriLabel | null): Record<K, string | null> & Record<`${K}_uri`, string | null> {
  return { [veld]: v?.label ?? null, [`${veld}_uri`]: v?.uri ?? null } as Record<K, string | null> & Record<`${K}_uri`, string | null>;
}

/** A package_show result as the query operation needs it. */
export function toDatasetDetail(pkg: CkanPackage): DatasetDetail {
  return {
    id: str(pkg.id),
    naam: naamVan(pkg),
    titel: str(pkg.title),
    url: portaalUrl(naamVan(pkg)),
    ...alsNaamEnUri('instantie', instantieVan(pkg)),
    ...alsNaamEnUri('licentie', licentieLabel(pkg.license_id, pkg.license_title)),
    resources: toResources(pkg),
  };
}

/** The OWMS URI for an `instantie` parameter: a URI as given, or a label as shown in results ("Hoogeveen (gemeente)"). */
export function instantieUri(instantie: string): string {
  const v = instantie.trim();
  if (/^https?:\/\//i.test(v)) return v;
  return `http://standaarden.overheid.nl/owms/terms/${v.replace(/\s+/g, '_')}`;
}

/** The Solr filter query (fq) for an organisation: its URI as authority or as publisher, as a quoted phrase. */
export function instantieFilter(instantie: string): string {
  const phrase = `"${instantieUri(instantie).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `authority:${phrase} OR publisher:${phrase}`;
}
