// data.overheid.nl, the national open-data catalogue (CKAN action API 3 with DCAT-AP-DONL metadata):
// dataset search (package_search) and one dataset with its resources (package_show). Keyless, CC0 metadata.
// Search answers are cached 10 minutes (a catalogue changes slowly, but a publisher expects a new dataset
// to show up soon); package_show 1 hour (the query operation calls it on every page of a dataset).
import { source } from './source';
import { fetchSource, type SourceResponse } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { Problem } from '@/lib/api/problems';
import {
  ckanEnvelopeSchema,
  ckanPackageSchema,
  ckanSearchResultSchema,
  instantieFilter,
  toDatasetDetail,
  toDatasetSamenvatting,
  type DatasetDetail,
  type DatasetZoekresultaat,
} from './data-overheid-convert';
import { checkShape } from './drift';

export type { DatasetSamenvatting, DatasetZoekresultaat, DatasetDetail, ResourceSamenvatting } from './data-overheid-convert';

const MINUTE = 60_000;

export const dataOverheid = source({
  id: 'data-overheid',
  titel: 'data.overheid.nl (CKAN)',
  envVar: 'BRON_DATA_OVERHEID_URL',
  defaultBaseUrl: 'https://data.overheid.nl/data/api/3/action',
  licentie: 'CC0 1.0',
  attributie: 'Bron: data.overheid.nl',
  documentatie: 'https://docs.ckan.org/en/latest/api/index.html',
  ttlMs: 10 * MINUTE,
  timeoutMs: 8000,
});

/** Cache time of package_show answers. */
const PACKAGE_TTL_MS = 60 * MINUTE;

/**
 * Searches the open datasets of the national catalogue. `q` goes to CKAN's search as typed; `instantie`
 * (an OWMS URI, or the label shown in results, e.g. "Hoogeveen (gemeente)") becomes a filter on the
 * DCAT-AP-DONL authority or publisher. Without q and instantie every dataset matches (newest first).
 */
export async function zoekDatasets(opts: {
  q?: string;
  instantie?: string;
  rows: number;
  start: number;
  signal?: AbortSignal;
}): Promise<Sourced<DatasetZoekresultaat>> {
  const q = opts.q?.trim() || undefined;
  const fq = opts.instantie?.trim() ? instantieFilter(opts.instantie) : undefined;
  const res = await fetchSource<unknown>(dataOverheid, '/package_search', {
    query: { q, fq, rows: opts.rows, start: opts.start, sort: q ? undefined : 'metadata_modified desc' },
    acceptStatuses: [400, 409],
    signal: opts.signal,
  });
  if (res.status === 400 || res.status === 409) {
    // CKAN answers 409 "Search Query is invalid" (Solr could not parse q or fq): the caller's input.
    throw new Problem('invalid_parameter', {
      detail: `De catalogus kon de zoekvraag niet verwerken: ${ckanMessage(res.body)}`,
      invalidParams: [{ name: q ? 'q' : 'instantie', in: 'query', reason: 'zoekvraag niet verwerkbaar door de catalogus' }],
    });
  }
  const result = checkShape(dataOverheid, ckanSearchResultSchema, ckanResult(res), 'result');
  if (!result.success) throw unreadableAnswer(res.bron);
  return {
    data: {
      totaal: result.data.count,
      start: opts.start,
      rows: opts.rows,
      datasets: result.data.results.slice(0, opts.rows).map(toDatasetSamenvatting),
    },
    bronnen: [res.bron],
  };
}

/** One dataset with its resources (package_show by name or uuid); data is null when the catalogue does not know it. */
export async function toonDataset(id: string, signal?: AbortSignal): Promise<Sourced<DatasetDetail | null>> {
  const res = await fetchSource<unknown>(dataOverheid, '/package_show', {
    query: { id },
    acceptStatuses: [404],
    ttlMs: PACKAGE_TTL_MS,
    signal,
  });
  if (res.status === 404) return { data: null, bronnen: [res.bron] };
  const pkg = checkShape(dataOverheid, ckanPackageSchema, ckanResult(res), 'result');
  if (!pkg.success) throw unreadableAnswer(res.bron);
  return { data: toDatasetDetail(pkg.data), bronnen: [res.bron] };
}

/** The `result` of a successful CKAN envelope; anything else is an unreadable answer. */
function ckanResult(res: SourceResponse<unknown>): unknown {
  const env = checkShape(dataOverheid, ckanEnvelopeSchema, res.body);
  if (!env.success || !env.data.success) throw unreadableAnswer(res.bron);
  return env.data.result;
}

function ckanMessage(body: unknown): string {
  const env = ckanEnvelopeSchema.safeParse(body);
  const msg = env.success ? env.data.error?.message : undefined;
  const text = typeof msg === 'string' ? msg : msg && typeof msg === 'object' ? Object.values(msg).flat().join('; ') : 'onbekende fout';
  const clean = String(text).replace(/<[^>]*>/g, '').trim();
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean || 'onbekende fout';
}
