// GET /v1/datasets/{id}/query: the rows of one tabular file of a catalogue dataset, without registration.
// CSV files stream in and reading stops once the page is complete; JSON and GeoJSON files are read whole
// (within the size cap); CBS StatLine tables are asked through the CBS OData API. Downloads are checked
// against SSRF (lib/datasets/download.ts), capped in size and time, and never cached.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intAtLeast, intParam } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import type { BronEntry } from '@/lib/sources/bron';
import { toonDataset, type DatasetDetail, type ResourceSamenvatting } from '@/lib/sources/data-overheid';
import { cbsTabel, resourceSamenvattingSchema } from '@/lib/sources/data-overheid-convert';
import { DownloadError, downloadLimits, formatBytes, openDownload, readAllText } from '@/lib/datasets/download';
import { queryCsv } from '@/lib/datasets/csv';
import { kolommenVan, recordsUitJson } from '@/lib/datasets/json';
import { queryCbsTabel } from '@/lib/datasets/cbs';
import { parseFilters, parseKolommen, queryRecords, type QueryAntwoord, type QueryVraag } from '@/lib/datasets/query';

const filterSchema = z.object({
  kolom: z.string(),
  filterwaarde: z.string().describe('De waarde waarop de kolom gefilterd is (exacte gelijkheid)'),
});

const queryData = z.object({
  dataset: z
    .object({
      id: z.string().nullable().describe('Id (uuid) in de catalogus; null als de catalogus het niet geeft'),
      naam: z.string().describe('Korte naam in de catalogus'),
      titel: z.string().nullable(),
      url: z.string().nullable().describe('Pagina van de dataset op data.overheid.nl; null zonder naam en id'),
      licentie: z.string().nullable().describe('Naam van de licentie van de dataset (geldt voor de records)'),
      licentie_uri: z.string().nullable().describe('De licentie zoals de catalogus haar vastlegt (meestal een URI)'),
    })
    .describe('De bevraagde dataset'),
  resource: resourceSamenvattingSchema.describe('Het bevraagde bestand'),
  kolommen: z.array(z.string()).describe('Kolommen van de records, in volgorde (de selectie uit kolommen, anders alle)'),
  records: z
    .array(z.record(z.string(), z.unknown()))
    .describe('De rijen van het bestand als objecten per kolom. CSV: tekst zoals in het bestand, een leeg veld is null. JSON en CBS: waarden zoals de bron ze levert; GeoJSON: de properties plus geometrie'),
  start: z.number().int().describe('Index van de eerste rij (na filteren)'),
  rows: z.number().int().describe('Gevraagd aantal rijen'),
  totaal: z
    .number()
    .int()
    .nullable()
    .describe('Aantal rijen dat aan de filters voldoet, als dat bekend is (het hele bestand is gelezen); anders null. CSV-bestanden worden na de pagina nog tot 2 MB doorgelezen om te tellen'),
  meer: z.boolean().describe('true als er na deze pagina nog rijen volgen (volgende pagina: start + rows)'),
  filters: z.array(filterSchema).describe('Toegepaste filters'),
  resources: z.array(resourceSamenvattingSchema).describe('Alle bestanden van de dataset, met bevraagbaar true/false'),
});

const datasetId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{2,100}$/, { message: 'dataset-id is de korte naam (kleine letters, cijfers, - en _) of de uuid uit de catalogus' })
  .transform((s) => s.toLowerCase())
  .pipe(z.string())
  .describe('Dataset: korte naam (CKAN name) of id (uuid) uit de catalogus, bijvoorbeeld uit /v1/catalogus/datasets')
  .meta({ examples: ['hoogeveen-afvalinzameling-2024'] });

const geldig = (parse: (s: string) => unknown) => (s: string, ctx: z.RefinementCtx) => {
  const r = parse(s);
  if (typeof r === 'string') ctx.addIssue({ code: 'custom', message: r });
};

export const datasetQuery = operation({
  id: 'dataset-query',
  path: '/v1/datasets/{id}/query',
  api: 'catalogus',
  bronType: 'bron-api',
  summary: 'Rijen van een dataset uit de nationale catalogus bevragen, zonder registratie',
  description:
    'Bevraagt een tabelbestand (resource) van een dataset van data.overheid.nl: CSV (scheidingsteken ; of , en een BOM worden herkend), ' +
    'JSON (een lijst, of een object met één lijst records zoals {"data": [...]}), GeoJSON (properties plus geometrie) en CBS StatLine-tabellen ' +
    '(bevraagd via de OData-API van het CBS). Zonder resource wordt het eerste bevraagbare bestand gebruikt; resources in het antwoord zegt per bestand of het bevraagbaar is. ' +
    'filter is kolom:waarde (exacte gelijkheid na het weghalen van spaties aan begin en eind), meerdere gescheiden door komma’s; ' +
    'meerdere waarden voor één kolom betekenen "één van", verschillende kolommen moeten allemaal kloppen; een komma in een waarde schrijf je als \\,. ' +
    `Bestanden worden niet bewaard: elke pagina leest het bestand opnieuw, en stopt zodra de pagina vol is. Grenzen: ${formatBytes(downloadLimits().maxBytes)} per bestand ` +
    '(DATASET_MAX_BYTES) en 20 seconden (DATASET_TIMEOUT_MS), met de kopregels binnen 5 seconden en nooit meer dan 10 seconden stilte midden in het bestand. ' +
    'Een bestand dat voor zijn einde ophoudt (minder bytes dan aangekondigd, verbinding verbroken, laatste CSV-regel afgekapt) is een 502, nooit een halve pagina. Alleen bestanden op openbare http(s)-adressen worden opgehaald. ' +
    '422 unsupported_format noemt het formaat en de bevraagbare bestanden; 422 resource_not_queryable: bestand te groot of adres geweigerd; ' +
    '502 noemt de bron die faalde (data-overheid, cbs-statline of dataset-bestand).',
  sources: ['data-overheid', 'cbs-statline'],
  params: {
    path: z.object({ id: datasetId }),
    query: z.object({
      resource: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .describe('Bestand: id uit resources, of de index (vanaf 0). Standaard het eerste bevraagbare bestand')
        .meta({ examples: ['0'] }),
      rows: intParam(1, 1000, 'Aantal rijen (1-1000)').default(100).meta({ examples: [10] }),
      start: intAtLeast(0, 'Index van de eerste rij na filteren (vanaf 0)').default(0).meta({ examples: [0] }),
      filter: z
        .string()
        .max(2000)
        .superRefine(geldig(parseFilters))
        .optional()
        .describe('Filters kolom:waarde, gescheiden door komma’s, bijvoorbeeld Wijk:Centrum,Afvalstroom:GFT')
        .meta({ examples: ['Wijk:Centrum'] }),
      kolommen: z
        .string()
        .max(4000)
        .superRefine(geldig(parseKolommen))
        .optional()
        .describe('Kolommen in het antwoord, gescheiden door komma’s (standaard alle)')
        .meta({ examples: ['Wijk,Afvalstroom,Kilogram'] }),
    }),
  },
  statuses: [200, 400, 404, 422, 502],
  response: queryData,
  onderdeel: 'query',
  maxAgeSeconds: 300,
  async handle({ path, query, ctx }) {
    const ds = await toonDataset(path.id, ctx.signal);
    if (!ds.data) {
      throw new Problem('not_found', { detail: `Dataset ${path.id} staat niet in de catalogus van data.overheid.nl.` });
    }
    // The catalogue was asked by this id, so it names the dataset when the answer carries no name.
    const dataset = { ...ds.data, naam: ds.data.naam ?? path.id };
    const resource = kiesResource(dataset, query.resource);
    const filters = query.filter ? (parseFilters(query.filter) as { kolom: string; waarde: string }[]) : [];
    const vraag: QueryVraag = {
      start: query.start,
      rows: query.rows,
      filters,
      kolommen: query.kolommen ? (parseKolommen(query.kolommen) as string[]) : null,
    };
    const result =
      resource.soort === 'cbs-tabel'
        ? await queryCbsTabel(cbsTabel(resource.url)!, vraag, ctx.signal)
        : await queryBestand(dataset, resource, vraag, ctx.signal);
    return {
      data: {
        dataset: { id: dataset.id, naam: dataset.naam, titel: dataset.titel, url: dataset.url, licentie: dataset.licentie, licentie_uri: dataset.licentie_uri },
        resource,
        kolommen: result.data.kolommen,
        records: result.data.rijen,
        start: query.start,
        rows: query.rows,
        totaal: result.data.totaal,
        meer: result.data.meer,
        filters: result.data.filters.map((f) => ({ kolom: f.kolom, filterwaarde: f.waarde })),
        resources: dataset.resources,
      },
      bronnen: [...ds.bronnen, ...result.bronnen],
    };
  },
});

const kort = (r: ResourceSamenvatting) => ({ index: r.index, id: r.id, naam: r.naam, formaat: r.formaat });

/** The resource asked for (id or index), else the first queryable one; 404 when unknown, 422 when not queryable. */
export function kiesResource(dataset: DatasetDetail, gevraagd: string | undefined): ResourceSamenvatting {
  const bevraagbaar = dataset.resources.filter((r) => r.bevraagbaar);
  const formaten = [...new Set(dataset.resources.map((r) => r.formaat ?? 'onbekend'))];
  if (gevraagd === undefined) {
    if (bevraagbaar[0]) return bevraagbaar[0];
    throw new Problem('unsupported_format', {
      detail:
        `Dataset ${dataset.naam} heeft geen bestand dat deze dienst kan bevragen (formaten: ${formaten.join(', ') || 'geen bestanden'}). ` +
        'Bevraagbaar zijn CSV, JSON, GeoJSON en CBS-tabellen.',
      extra: { formaten, bevraagbare_resources: [] },
    });
  }
  const resource = /^\d+$/.test(gevraagd)
    ? dataset.resources[Number(gevraagd)]
    : dataset.resources.find((r) => r.id?.toLowerCase() === gevraagd.toLowerCase());
  if (!resource) {
    throw new Problem('not_found', {
      detail: `Dataset ${dataset.naam} heeft geen bestand ${gevraagd}; kies een id of index (0-${dataset.resources.length - 1}) uit resources.`,
      extra: { resources: dataset.resources.map(kort) },
    });
  }
  if (!resource.bevraagbaar) {
    const lijst = bevraagbaar.map((r) => `${r.index} (${r.formaat}${r.naam ? `, ${r.naam}` : ''})`).join('; ');
    throw new Problem('unsupported_format', {
      detail:
        `Bestand ${resource.index}${resource.naam ? ` (${resource.naam})` : ''} heeft formaat ${resource.formaat ?? 'onbekend'}; dat kan deze dienst niet bevragen. ` +
        (lijst ? `Bevraagbare bestanden van deze dataset: ${lijst}.` : 'Deze dataset heeft geen bevraagbare bestanden.'),
      extra: { formaat: resource.formaat, formaat_uri: resource.formaat_uri, bevraagbare_resources: bevraagbaar.map(kort) },
    });
  }
  return resource;
}

/** Downloads a CSV or JSON resource and answers the page; download failures become 422 or 502 problems. */
async function queryBestand(
  dataset: DatasetDetail,
  resource: ResourceSamenvatting,
  vraag: QueryVraag,
  signal: AbortSignal,
): Promise<{ data: QueryAntwoord; bronnen: BronEntry[] }> {
  const naam = `Bestand ${resource.index}${resource.naam ? ` (${resource.naam})` : ''}`;
  if (!resource.url) throw new Problem('resource_not_queryable', { detail: `${naam} heeft geen adres in de catalogus.`, extra: { reden: 'geen_adres' } });
  try {
    const download = await openDownload(resource.url, { signal });
    try {
      if (/^text\/html/i.test(download.contentType ?? '')) throw new DownloadError('onleesbaar', 'gaf een HTML-pagina in plaats van een gegevensbestand');
      let data: QueryAntwoord;
      if (resource.soort === 'csv') {
        data = await queryCsv(download.bytes, vraag, download.gelezen);
      } else {
        const text = await readAllText(download);
        let doc: unknown;
        try {
          doc = JSON.parse(text);
        } catch {
          throw new DownloadError('onleesbaar', 'gaf geen geldige JSON');
        }
        const records = recordsUitJson(doc);
        if (!records) {
          throw new Problem('resource_not_queryable', {
            detail: `${naam} is JSON zonder lijst van records (verwacht: een lijst, GeoJSON of een object met één lijst).`,
            extra: { reden: 'geen_records' },
          });
        }
        data = queryRecords(records, kolommenVan(records), vraag);
      }
      const bron = download.bron({
        titel: `${naam} van dataset ${dataset.naam} (${download.url.host})`,
        licentie: dataset.licentie ?? 'onbekend (zie de dataset)',
        attributie: `Bron: ${dataset.instantie ?? 'de aanbieder'}, via data.overheid.nl`,
      });
      return { data, bronnen: [bron] };
    } finally {
      download.close();
    }
  } catch (err) {
    throw alsProblem(err, naam, resource);
  }
}

function alsProblem(err: unknown, naam: string, resource: ResourceSamenvatting): unknown {
  if (err instanceof Problem) return err;
  const host = hostVan(resource.url);
  if (!(err instanceof DownloadError)) {
    // csv-parse gives up on input that is no CSV at all.
    if (err instanceof Error && (err as { code?: string }).code?.startsWith('CSV_')) {
      return new Problem('source_unavailable', { detail: `${naam} bij ${host} is geen leesbaar CSV-bestand.`, extra: { bron: 'dataset-bestand', resource_id: resource.id } });
    }
    return err;
  }
  if (err.soort === 'geweigerd') {
    return new Problem('resource_not_queryable', {
      detail: `${naam} wordt niet opgehaald: ${err.reden}`,
      extra: { reden: 'adres_geweigerd', resource_id: resource.id },
    });
  }
  if (err.soort === 'te_groot') {
    const max = downloadLimits().maxBytes;
    return new Problem('resource_not_queryable', {
      detail: `${naam} ${err.reden}, de grens voor bevragen via deze dienst. Download het bestand zelf: ${resource.url}`,
      extra: { reden: 'te_groot', max_bytes: max, resource_id: resource.id },
    });
  }
  return new Problem('source_unavailable', {
    detail: `${naam} bij ${host} ${err.reden}.`,
    extra: { bron: 'dataset-bestand', resource_id: resource.id, ...(err.httpStatus ? { http_status: err.httpStatus } : {}) },
  });
}

function hostVan(url: string | null): string {
  try {
    return url ? new URL(url).host : 'de aanbieder';
  } catch {
    return 'de aanbieder';
  }
}
