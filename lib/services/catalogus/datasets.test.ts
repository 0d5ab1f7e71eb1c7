// GET /v1/catalogus/datasets through the route wrapper against the replay of the data-overheid fixtures
// (CKAN package_search answers built from the documented format, see fixtures/data-overheid/MANIFEST.md).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { zoekDatasets } from '@/lib/sources/data-overheid';
import type { DatasetZoekresultaat } from '@/lib/sources/data-overheid-convert';
import type { BronEntry } from '@/lib/sources/bron';
import { catalogusDatasets } from './datasets';

interface Answer {
  api: string;
  data: DatasetZoekresultaat;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  invalid_params: { name: string; reason: string }[];
}

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_DATA_OVERHEID_URL = replay.sourceUrl('data-overheid');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_DATA_OVERHEID_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(query: string) {
  const res = await route(catalogusDatasets).GET(new Request(`http://localhost/v1/catalogus/datasets${query}`), { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
}

describe('GET /v1/catalogus/datasets', () => {
  it('finds the Hoogeveen datasets with labels, formats and query links', async () => {
    const { status, body, headers } = await get('?q=Hoogeveen');
    expect(status).toBe(200);
    expect(body.api).toBe('catalogus');
    expect(headers.get('cache-control')).toContain('max-age=600');
    expect(body.data).toMatchObject({ totaal: 5, start: 0, rows: 10 });
    expect(body.data.datasets.map((d) => d.naam)).toEqual([
      'hoogeveen-afvalinzameling-2024',
      'hoogeveen-bomen',
      'hoogeveen-speelplaatsen',
      'cbs-kerncijfers-wijken-en-buurten-2024',
      'hoogeveen-jaarverslag-2023',
    ]);
    const afval = body.data.datasets[0];
    expect({ instantie: afval.instantie, instantie_uri: afval.instantie_uri }).toEqual({ instantie: 'Hoogeveen (gemeente)', instantie_uri: 'http://standaarden.overheid.nl/owms/terms/Hoogeveen_(gemeente)' });
    expect(afval.themas).toEqual([{ uri: 'http://standaarden.overheid.nl/owms/terms/Afval_(thema)', label: 'Afval (thema)' }]);
    expect(afval.formaten).toEqual(['CSV', 'PDF']);
    expect(afval.licentie).toBe('Creative Commons Zero 1.0 (CC0)');
    expect(afval.gewijzigd_op).toBe('2025-02-14T00:00:00.000Z');
    expect(afval.url).toBe('https://data.overheid.nl/dataset/hoogeveen-afvalinzameling-2024');
    expect(afval.query_url).toBe('/v1/datasets/hoogeveen-afvalinzameling-2024/query');
    expect(afval.beschrijving).toMatch(/^Ingezamelde hoeveelheden huishoudelijk afval per wijk/);
    expect(afval.beschrijving).not.toContain('**');
    const cbs = body.data.datasets[3];
    expect(cbs.instantie).toBe('Centraal Bureau voor de Statistiek');
    expect(cbs.formaten).toEqual(['JSON', 'HTML']);
    expect(cbs.query_url).toBe('/v1/datasets/cbs-kerncijfers-wijken-en-buurten-2024/query');
    const pdf = body.data.datasets[4];
    expect(pdf.formaten).toEqual(['PDF']);
    expect(pdf.query_url).toBeNull();
    expect(body.bronnen).toHaveLength(1);
    expect(body.bronnen[0]).toMatchObject({ bron: 'data-overheid', status: 'ok', licentie: 'CC0 1.0', attributie: 'Bron: data.overheid.nl' });
    expect(body.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('filters on the organisation by its label or URI (authority or publisher)', async () => {
    for (const instantie of ['Hoogeveen (gemeente)', 'http://standaarden.overheid.nl/owms/terms/Hoogeveen_(gemeente)']) {
      const { status, body } = await get(`?instantie=${encodeURIComponent(instantie)}`);
      expect(status).toBe(200);
      expect(body.data.totaal).toBe(4);
      expect(body.data.datasets.every((d) => d.instantie === 'Hoogeveen (gemeente)')).toBe(true);
    }
  });

  it('pages with rows and start and answers an unknown term with an empty list', async () => {
    const page = await get('?q=Hoogeveen&rows=2&start=2');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ totaal: 5, start: 2, rows: 2 });
    expect(page.body.data.datasets.map((d) => d.naam)).toEqual(['hoogeveen-speelplaatsen', 'cbs-kerncijfers-wijken-en-buurten-2024']);
    const none = await get('?q=Zwartsluis');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ totaal: 0, start: 0, rows: 10, datasets: [] });
  });

  it('never answers more datasets than rows, even if the catalogue does', async () => {
    const { body } = await get('?q=Hoogeveen&rows=3');
    expect(body.data.datasets).toHaveLength(3);
    expect(body.data.totaal).toBe(5);
  });

  it.each([
    ['?rows=0', 'rows'],
    ['?rows=101', 'rows'],
    ['?start=-1', 'start'],
    ['?rows=tien', 'rows'],
    ['?instantie=x', 'instantie'],
    ['?soort=csv', 'soort'],
  ])('answers 400 for %s', async (qs, name) => {
    const { status, body } = await get(qs);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
  });

  it('answers 400 when the catalogue cannot parse the search text (CKAN 409)', async () => {
    const { status, body } = await get(`?q=${encodeURIComponent('"Hoogeveen')}`);
    expect(status).toBe(400);
    expect(body.detail).toContain('Search Query is invalid');
  });

  it.each([
    ['http500', 'antwoordde met HTTP-status 500'],
    ['timeout', 'gaf geen antwoord binnen de tijdslimiet'],
    ['malformed', 'niet gelezen kon worden'],
  ] as const)('gives a 502 naming data.overheid.nl when it fails (%s)', async (kind, text) => {
    replay.setFault('data-overheid', { kind });
    const { status, body } = await get('?q=Hoogeveen');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('data-overheid');
    expect(body.detail).toContain('data.overheid.nl');
    expect(body.detail).toContain(text);
  });

  it('serves the region profile call (q=Hoogeveen, rows 5) from the cache the second time', async () => {
    const before = replay.hits('data-overheid');
    const first = await zoekDatasets({ q: 'Hoogeveen', rows: 5, start: 0 });
    expect(first.data.datasets).toHaveLength(5);
    expect(first.data.datasets.filter((d) => d.query_url !== null)).toHaveLength(4);
    const second = await zoekDatasets({ q: 'Hoogeveen', rows: 5, start: 0 });
    expect(second.bronnen[0].cache).toBe(true);
    expect(replay.hits('data-overheid') - before).toBe(1);
  });
});
