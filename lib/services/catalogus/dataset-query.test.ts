// GET /v1/datasets/{id}/query through the route wrapper against the replay server: package_show from the
// data-overheid fixtures, the files from the dataset-bestanden fixtures (their URLs point at the replay
// server through {{REPLAY_URL}}), and CBS table 85984NED from the cbs-statline fixtures.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import type { ResourceSamenvatting } from '@/lib/sources/data-overheid-convert';
import { datasetQuery } from './dataset-query';

interface Answer {
  data: {
    dataset: { id: string; naam: string; titel: string; url: string; licentie: string | null; licentie_uri: string | null };
    resource: ResourceSamenvatting;
    kolommen: string[];
    records: Record<string, unknown>[];
    start: number;
    rows: number;
    totaal: number | null;
    meer: boolean;
    filters: { kolom: string; filterwaarde: string }[];
    resources: ResourceSamenvatting[];
  };
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  reden: string;
  formaat: string;
  formaten: string[];
  bevraagbare_resources: { index: number; formaat: string }[];
  beschikbare_kolommen: string[];
  invalid_params: { name: string; reason: string }[];
}

const AFVAL = 'hoogeveen-afvalinzameling-2024';
let replay: ReplayServer;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_DATA_OVERHEID_URL = replay.sourceUrl('data-overheid');
  process.env.BRON_CBS_STATLINE_URL = replay.sourceUrl('cbs-statline');
});
afterAll(async () => {
  await replay.close();
  for (const k of ['BRON_DATA_OVERHEID_URL', 'BRON_CBS_STATLINE_URL', 'BRON_TIMEOUT_MS', 'DATASET_LOKAAL']) delete process.env[k];
});
beforeEach(() => {
  process.env.DATASET_LOKAAL = 'aan';
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
  delete process.env.DATASET_MAX_BYTES;
  delete process.env.DATASET_TIMEOUT_MS;
  delete process.env.DATASET_EERSTE_BYTE_MS;
  delete process.env.DATASET_STILTE_MS;
});

async function get(id: string, query = '') {
  const res = await route(datasetQuery).GET(new Request(`http://localhost/v1/datasets/${encodeURIComponent(id)}/query${query}`), {
    params: Promise.resolve({ id }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('GET /v1/datasets/{id}/query: CSV', () => {
  it('reads a ;-separated UTF-8 file with BOM, the first queryable resource by default', async () => {
    const { status, body } = await get(AFVAL);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.dataset).toMatchObject({ naam: AFVAL, titel: 'Afvalinzameling per wijk 2024', url: `https://data.overheid.nl/dataset/${AFVAL}` });
    expect(d.resource).toMatchObject({ index: 0, formaat: 'CSV', soort: 'csv', bevraagbaar: true });
    expect(d.kolommen).toEqual(['Wijk', 'Afvalstroom', 'Kilogram', 'Kilogram per inwoner', 'Opmerking']);
    expect(d.records).toHaveLength(20);
    expect(d.records[0]).toEqual({ Wijk: 'Centrum', Afvalstroom: 'Restafval', Kilogram: '412350', 'Kilogram per inwoner': '45,2', Opmerking: null });
    expect(d.records[1].Opmerking).toBe('één inzamelronde extra in december');
    expect(d.records[3].Afvalstroom).toBe('Plastic, metaal en drankenkartons (PMD)');
    expect(d).toMatchObject({ start: 0, rows: 100, totaal: 20, meer: false, filters: [] });
    expect(d.resources.map((r) => [r.formaat, r.bevraagbaar])).toEqual([['CSV', true], ['PDF', false]]);
    expect(body.bronnen.map((b) => b.bron)).toEqual(['data-overheid', 'dataset-bestand']);
    const bestand = body.bronnen[1];
    expect(bestand).toMatchObject({
      status: 'ok',
      licentie: 'Creative Commons Zero 1.0 (CC0)',
      attributie: 'Bron: Hoogeveen (gemeente), via data.overheid.nl',
      url: `${replay.url}/dataset-bestanden/hoogeveen/afvalinzameling-2024.csv`,
      cache: false,
    });
    expect(bestand.opname).toMatchObject({ bestand: 'dataset-bestanden/hoogeveen/afvalinzameling-2024.csv', soort: 'opgebouwd' });
  });

  it('filters, selects columns and pages', async () => {
    const { status, body } = await get(AFVAL, '?filter=Afvalstroom:GFT&kolommen=Wijk,Kilogram&rows=2&start=1');
    expect(status).toBe(200);
    expect(body.data.kolommen).toEqual(['Wijk', 'Kilogram']);
    expect(body.data.records).toEqual([
      { Wijk: 'Krakeel', Kilogram: '390510' },
      { Wijk: 'Erflanden', Kilogram: '259350' },
    ]);
    expect(body.data).toMatchObject({ totaal: 5, meer: true, start: 1, rows: 2, filters: [{ kolom: 'Afvalstroom', filterwaarde: 'GFT' }] });
  });

  it('ORs values of one column, ANDs columns, matches column names case-insensitively and unescapes \\,', async () => {
    const two = await get(AFVAL, `?filter=${encodeURIComponent('wijk:Centrum,wijk:Krakeel,Afvalstroom:GFT')}&kolommen=Wijk`);
    expect(two.body.data.records).toEqual([{ Wijk: 'Centrum' }, { Wijk: 'Krakeel' }]);
    expect(two.body.data.filters[0].kolom).toBe('Wijk');
    const pmd = await get(AFVAL, `?filter=${encodeURIComponent('Afvalstroom:Plastic\\, metaal en drankenkartons (PMD)')}`);
    expect(pmd.body.data.totaal).toBe(5);
  });

  it('reads a ,-separated file by resource id and dataset uuid, with quoted fields', async () => {
    const base = '?resource=b0c1e5d2-2222-4c1a-8d01-000000000001';
    const oak = await get('5f3e2a10-7c41-4d8b-9e2a-1b6c0d4e8f12', `${base}&filter=${encodeURIComponent('boomsoort:Quercus robur')}&rows=3`);
    expect(oak.status).toBe(200);
    expect(oak.body.data.dataset.naam).toBe('hoogeveen-bomen');
    expect(oak.body.data).toMatchObject({ totaal: 10, meer: true });
    expect(oak.body.data.records.map((r) => r.boomnummer)).toEqual(['HGV-01001', 'HGV-01005', 'HGV-01006']);
    const one = await get('hoogeveen-bomen', '?filter=boomnummer:HGV-01008');
    expect(one.body.data.records[0].straat).toBe('Hoofdstraat, hoek Grote Kerkstraat');
    const last = await get('hoogeveen-bomen', '?rows=10&start=20');
    expect(last.body.data.records.map((r) => r.boomnummer)).toEqual(['HGV-01021', 'HGV-01022', 'HGV-01023', 'HGV-01024', 'HGV-01025']);
    expect(last.body.data).toMatchObject({ totaal: 25, meer: false });
  });
});

describe('GET /v1/datasets/{id}/query: JSON and GeoJSON', () => {
  it('reads the records of {"data": [...]} with their JSON types', async () => {
    const { status, body } = await get('hoogeveen-speelplaatsen', '?filter=rolstoeltoegankelijk:true');
    expect(status).toBe(200);
    expect(body.data.resource).toMatchObject({ index: 0, formaat: 'JSON', soort: 'json' });
    expect(body.data.kolommen).toEqual(['id', 'naam', 'wijk', 'toestellen', 'leeftijd', 'rolstoeltoegankelijk']);
    expect(body.data.records.map((r) => r.id)).toEqual([1, 3, 5]);
    expect(body.data.records[0]).toMatchObject({ naam: 'Speeltuin De Weide', toestellen: 7, rolstoeltoegankelijk: true });
    expect(body.data.totaal).toBe(3);
    expect(body.bronnen[1].licentie).toBe('Creative Commons Naamsvermelding 4.0 (CC BY 4.0)');
  });

  it('reads GeoJSON features as properties plus geometrie', async () => {
    const { status, body } = await get('hoogeveen-speelplaatsen', '?resource=1&rows=2');
    expect(status).toBe(200);
    expect(body.data.resource.formaat).toBe('GeoJSON');
    expect(body.data.kolommen).toEqual(['naam', 'wijk', 'toestellen', 'geometrie']);
    expect(body.data.records[0]).toEqual({ naam: 'Speeltuin De Weide', wijk: 'De Weide', toestellen: 7, geometrie: { type: 'Point', coordinates: [6.4871, 52.7312] } });
    expect(body.data).toMatchObject({ totaal: 3, meer: true });
  });
});

describe('GET /v1/datasets/{id}/query: CBS table resource', () => {
  const CBS = 'cbs-kerncijfers-wijken-en-buurten-2024';

  it('pages the table through the CBS OData API', async () => {
    const { status, body } = await get(CBS, '?rows=2');
    expect(status).toBe(200);
    expect(body.data.resource).toMatchObject({ soort: 'cbs-tabel', url: 'https://opendata.cbs.nl/ODataApi/odata/85984NED' });
    expect(body.data.kolommen.slice(0, 3)).toEqual(['ID', 'WijkenEnBuurten', 'Gemeentenaam_1']);
    expect(body.data.records.map((r) => r.WijkenEnBuurten)).toEqual(['NL01', 'GM1680']);
    expect(body.data).toMatchObject({ meer: true, totaal: null });
    expect(body.bronnen.map((b) => b.bron)).toEqual(['data-overheid', 'cbs-statline', 'cbs-statline']);
  });

  it('filters on a dimension and selects columns', async () => {
    const { status, body } = await get(CBS, '?filter=WijkenEnBuurten:GM0118&kolommen=WijkenEnBuurten,AantalInwoners_5');
    expect(status).toBe(200);
    expect(body.data.records).toEqual([{ WijkenEnBuurten: 'GM0118', AantalInwoners_5: 56930 }]);
    expect(body.data).toMatchObject({ totaal: 1, meer: false, kolommen: ['WijkenEnBuurten', 'AantalInwoners_5'] });
  });

  it.each([
    ['?filter=AantalInwoners_5:veel', /numeriek/],
    ['?kolommen=Inwoners', /Onbekende kolom: Inwoners/],
  ])('answers 400 for %s', async (qs, detail) => {
    const { status, body } = await get(CBS, qs);
    expect(status).toBe(400);
    expect(body.detail).toMatch(detail);
  });

  it('gives a 502 naming CBS when the table cannot be read', async () => {
    replay.setFault('cbs-statline', { kind: 'http500' });
    const { status, body } = await get(CBS);
    expect(status).toBe(502);
    expect(body.bron).toBe('cbs-statline');
  });
});

describe('GET /v1/datasets/{id}/query: problems', () => {
  it.each([
    ['bestaat-niet', '', /bestaat-niet staat niet in de catalogus/],
    [AFVAL, '?resource=7', /geen bestand 7; kies een id of index \(0-1\)/],
    [AFVAL, '?resource=onbekend-id', /geen bestand onbekend-id/],
  ])('answers 404 for %s %s', async (id, qs, detail) => {
    const { status, body } = await get(id, qs);
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
    expect(body.detail).toMatch(detail);
  });

  it('answers 422 for a PDF-only dataset, naming the format', async () => {
    const { status, body } = await get('hoogeveen-jaarverslag-2023');
    expect(status).toBe(422);
    expect(body.errorCode).toBe('unsupported_format');
    expect(body.detail).toContain('formaten: PDF');
    expect(body.formaten).toEqual(['PDF']);
    expect(body.bevraagbare_resources).toEqual([]);
  });

  it('answers 422 for a non-queryable resource, listing the queryable ones', async () => {
    const pdf = await get(AFVAL, '?resource=1');
    expect(pdf.status).toBe(422);
    expect(pdf.body.formaat).toBe('PDF');
    expect(pdf.body.detail).toContain('formaat PDF');
    expect(pdf.body.detail).toContain('0 (CSV, Afvalinzameling per wijk 2024 (CSV))');
    expect(pdf.body.bevraagbare_resources).toEqual([{ index: 0, id: 'a0c1e5d2-1111-4c1a-8d01-000000000001', naam: 'Afvalinzameling per wijk 2024 (CSV)', formaat: 'CSV' }]);
    const wms = await get('hoogeveen-bomen', '?resource=1');
    expect(wms.body.formaat).toBe('WMS');
  });

  it.each([
    ['?rows=0', 'rows'],
    ['?rows=1001', 'rows'],
    ['?start=-1', 'start'],
    ['?filter=Wijk', 'filter'],
    ['?kolommen=Wijk,,Kilogram', 'kolommen'],
    ['?kolommen=Gewicht', 'kolommen'],
    ['?filter=Stadsdeel:Centrum', 'filter'],
    ['?filter=a:1&filter=b:2', 'filter'],
  ])('answers 400 for %s', async (qs, name) => {
    const { status, body } = await get(AFVAL, qs);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
  });

  it('lists the columns of the file when a column is unknown', async () => {
    const { body } = await get(AFVAL, '?kolommen=Gewicht');
    expect(body.beschikbare_kolommen).toEqual(['Wijk', 'Afvalstroom', 'Kilogram', 'Kilogram per inwoner', 'Opmerking']);
  });

  it('answers 400 for a malformed dataset id', async () => {
    const { status, body } = await get('a b');
    expect(status).toBe(400);
    expect(body.invalid_params[0].name).toBe('id');
  });

  it.each([
    ['hoogeveen-speelplaatsen', ''],
    [AFVAL, ''],
  ])('refuses a file over DATASET_MAX_BYTES with a 422 (%s)', async (id, qs) => {
    process.env.DATASET_MAX_BYTES = '500';
    const { status, body } = await get(id, qs);
    expect(status).toBe(422);
    expect(body.errorCode).toBe('resource_not_queryable');
    expect(body.reden).toBe('te_groot');
    expect(body.detail).toContain('is groter dan 500 bytes');
  });

  it('refuses a file on this machine without DATASET_LOKAAL=aan (SSRF)', async () => {
    delete process.env.DATASET_LOKAAL;
    const before = replay.hits('dataset-bestanden');
    const { status, body } = await get(AFVAL);
    expect(status).toBe(422);
    expect(body.errorCode).toBe('resource_not_queryable');
    expect(body.reden).toBe('adres_geweigerd');
    expect(body.detail).toContain('DATASET_LOKAAL=aan');
    expect(replay.hits('dataset-bestanden')).toBe(before);
  });

  it('gives a 502 naming data.overheid.nl when package_show fails', async () => {
    replay.setFault('data-overheid', { kind: 'malformed' });
    const { status, body } = await get(AFVAL);
    expect(status).toBe(502);
    expect(body.bron).toBe('data-overheid');
  });

  it.each([
    ['http500', AFVAL, /antwoordde met HTTP-status 500/],
    ['timeout', AFVAL, /gaf geen \(volledig\) antwoord binnen 0.5 s/],
    ['reset', AFVAL, /was niet bereikbaar/],
    ['malformed', 'hoogeveen-speelplaatsen', /gaf geen geldige JSON/],
  ] as const)('gives a 502 naming the file when its download fails (%s)', async (kind, id, detail) => {
    process.env.DATASET_TIMEOUT_MS = '500';
    replay.setFault('dataset-bestanden', { kind });
    const { status, body } = await get(id);
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('dataset-bestand');
    expect(body.detail).toContain(`bij 127.0.0.1:${replay.port}`);
    expect(body.detail).toMatch(detail);
  });

  // A half-delivered file is a failure naming the file, never a page of the rows that did arrive.
  it.each([
    ['afgekapt', AFVAL, /laatste regel houdt midden in op \(3 van 5 kolommen/],
    ['kort', AFVAL, /brak de verbinding af midden in het bestand|onvolledig bestand: \d+ van de aangekondigde \d+ bytes/],
    ['afgekapt', 'hoogeveen-speelplaatsen', /gaf geen geldige JSON/],
    ['kort', 'hoogeveen-speelplaatsen', /brak de verbinding af midden in het bestand|onvolledig bestand/],
  ] as const)('gives a 502 naming the file for a truncated body (%s, %s)', async (kind, id, detail) => {
    replay.setFault('dataset-bestanden', { kind });
    const { status, body } = await get(id);
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('dataset-bestand');
    expect(body.detail).toContain(`bij 127.0.0.1:${replay.port}`);
    expect(body.detail).toMatch(detail);
    expect(body).not.toHaveProperty('data');
  });

  it.each([
    ['stil', 'DATASET_EERSTE_BYTE_MS', /gaf geen antwoord binnen 0.3 s/],
    ['stil-na-kop', 'DATASET_STILTE_MS', /viel langer dan 0.3 s stil midden in het bestand/],
  ] as const)('ends a silent file server (%s) at its budget with a 502 naming the file, within seconds', async (kind, env, detail) => {
    process.env[env] = '300';
    replay.setFault('dataset-bestanden', { kind });
    const started = performance.now();
    const { status, body } = await get(AFVAL);
    expect(status).toBe(502);
    expect(body).toMatchObject({ errorCode: 'source_unavailable', bron: 'dataset-bestand' });
    expect(body.detail).toMatch(detail);
    expect(performance.now() - started).toBeLessThan(15_000); // not the 20 s of the whole download
  });
});
