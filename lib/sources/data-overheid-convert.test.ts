// Conversion of the data-overheid fixtures (CKAN package dicts with DCAT-AP-DONL URIs): labels, formats,
// queryable flags and shortened descriptions.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import {
  BESCHRIJVING_MAX,
  cbsTabel,
  ckanPackageSchema,
  instantieFilter,
  isoTijd,
  korteBeschrijving,
  querySoort,
  toDatasetDetail,
  toDatasetSamenvatting,
  type CkanPackage,
} from './data-overheid-convert';
import { formaatLabel, labelUitUri, licentieLabel, uriLabel } from './data-overheid-labels';

function fixture(name: string): CkanPackage {
  const body = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'data-overheid', `package_show-${name}.json`), 'utf8')) as { result: unknown };
  return ckanPackageSchema.parse(body.result);
}

describe('labels for URI-valued fields', () => {
  it.each([
    ['http://publications.europa.eu/resource/authority/language/NLD', 'Nederlands'],
    ['http://publications.europa.eu/resource/authority/frequency/ANNUAL', 'Jaarlijks'],
    ['http://publications.europa.eu/resource/authority/frequency/QUARTERLY', 'Per kwartaal'],
    ['http://publications.europa.eu/resource/authority/frequency/IRREG', 'Onregelmatig'],
    ['http://publications.europa.eu/resource/authority/file-type/CSV', 'CSV'],
    ['http://publications.europa.eu/resource/authority/file-type/GEOJSON', 'GeoJSON'],
    ['http://publications.europa.eu/resource/authority/file-type/WMS_SRVC', 'WMS'],
    ['http://publications.europa.eu/resource/authority/file-type/ODS', 'ODS'],
    ['http://data.overheid.nl/status/beschikbaar', 'Beschikbaar'],
    ['http://data.overheid.nl/status/in_onderzoek', 'In onderzoek'],
    ['http://publications.europa.eu/resource/authority/access-right/PUBLIC', 'Openbaar'],
    ['http://data.overheid.nl/acessrights/publiek', 'Openbaar'],
    ['http://standaarden.overheid.nl/owms/terms/Hoogeveen_(gemeente)', 'Hoogeveen (gemeente)'],
    ['http://standaarden.overheid.nl/owms/terms/Financi%C3%ABn_(thema)', 'Financiën (thema)'],
    ['http://standaarden.overheid.nl/owms/terms/Centraal_Bureau_voor_de_Statistiek/', 'Centraal Bureau voor de Statistiek'],
  ])('%s → %s', (uri, label) => {
    expect(uriLabel(uri)).toEqual({ uri, label });
  });

  it('keeps plain text as a label without URI and derives from fragments', () => {
    expect(uriLabel('Gemeente Hoogeveen')).toEqual({ uri: null, label: 'Gemeente Hoogeveen' });
    expect(uriLabel('  ')).toBeNull();
    expect(labelUitUri('http://example.org/vocab#Open_data')).toBe('Open data');
  });

  it.each([
    ['PDF', 'PDF'],
    ['csv', 'CSV'],
    ['.geojson', 'GeoJSON'],
    ['text/csv', 'CSV'],
    ['application/geo+json', 'GeoJSON'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'XLSX'],
    ['http://publications.europa.eu/resource/authority/file-type/JSON', 'JSON'],
  ])('format %s → %s', (format, label) => {
    expect(formaatLabel(format)).toBe(label);
  });

  it('labels licences by title, else by a known URI', () => {
    expect(licentieLabel('http://creativecommons.org/publicdomain/zero/1.0/deed.nl', null)).toEqual({
      uri: 'http://creativecommons.org/publicdomain/zero/1.0/deed.nl',
      label: 'CC0 1.0',
    });
    expect(licentieLabel('cc-by-4.0', 'Creative Commons Attribution 4.0')?.label).toBe('Creative Commons Attribution 4.0');
    expect(licentieLabel(null, null)).toBeNull();
  });
});

describe('dataset summaries from the fixtures', () => {
  it('summarises the waste dataset: authority, themes, formats, licence, dates, links', () => {
    const s = toDatasetSamenvatting(fixture('hoogeveen-afvalinzameling-2024'));
    expect(s).toMatchObject({
      id: '5f3e2a10-7c41-4d8b-9e2a-1b6c0d4e8f11',
      naam: 'hoogeveen-afvalinzameling-2024',
      titel: 'Afvalinzameling per wijk 2024',
      instantie: 'Hoogeveen (gemeente)',
      instantie_uri: 'http://standaarden.overheid.nl/owms/terms/Hoogeveen_(gemeente)',
      themas: [{ label: 'Afval (thema)' }],
      formaten: ['CSV', 'PDF'],
      gewijzigd_op: '2025-02-14T00:00:00.000Z',
      url: 'https://data.overheid.nl/dataset/hoogeveen-afvalinzameling-2024',
      query_url: '/v1/datasets/hoogeveen-afvalinzameling-2024/query',
    });
    // Markdown removed: bold markers and the link target.
    expect(s.beschrijving).toContain('huishoudelijk afval');
    expect(s.beschrijving).toContain('Zie de toelichting voor');
    expect(s.beschrijving).not.toMatch(/\*\*|\]\(|https:/);
  });

  it('shortens long descriptions at a word boundary with …', () => {
    const s = toDatasetSamenvatting(fixture('hoogeveen-bomen'));
    expect(s.beschrijving!.length).toBeLessThanOrEqual(BESCHRIJVING_MAX);
    expect(s.beschrijving!.endsWith('…')).toBe(true);
    expect(s.beschrijving).toMatch(/^Alle bomen in beheer van de gemeente Hoogeveen/);
    expect(korteBeschrijving('kort')).toBe('kort');
    expect(korteBeschrijving('')).toBeNull();
    expect(korteBeschrijving('a'.repeat(400))).toBe(`${'a'.repeat(BESCHRIJVING_MAX - 1)}…`);
  });

  it('marks resources queryable: CSV, JSON, GeoJSON and CBS tables, not PDF, WMS or HTML', () => {
    expect(toDatasetDetail(fixture('hoogeveen-afvalinzameling-2024')).resources.map((r) => [r.formaat, r.soort])).toEqual([
      ['CSV', 'csv'],
      ['PDF', null],
    ]);
    expect(toDatasetDetail(fixture('hoogeveen-bomen')).resources.map((r) => [r.formaat, r.bevraagbaar])).toEqual([
      ['CSV', true],
      ['WMS', false],
    ]);
    expect(toDatasetDetail(fixture('hoogeveen-speelplaatsen')).resources.map((r) => r.soort)).toEqual(['json', 'json']);
    const cbs = toDatasetDetail(fixture('cbs-kerncijfers-wijken-en-buurten-2024'));
    expect(cbs.resources.map((r) => [r.soort, r.formaat])).toEqual([
      ['cbs-tabel', 'JSON'],
      [null, 'HTML'],
    ]);
    expect(cbs.instantie).toBe('Centraal Bureau voor de Statistiek');
    const pdf = toDatasetSamenvatting(fixture('hoogeveen-jaarverslag-2023'));
    expect(pdf.formaten).toEqual(['PDF']);
    expect(pdf.query_url).toBeNull();
  });

  it('recognises CBS table URLs in any case, and files by extension when the format is missing', () => {
    expect(cbsTabel('https://opendata.cbs.nl/ODataApi/odata/85984NED')).toBe('85984NED');
    expect(cbsTabel('https://opendata.cbs.nl/odatafeed/OData/37296ned/TypedDataSet')).toBe('37296NED');
    expect(cbsTabel('https://opendata.cbs.nl/statline/#/CBS/nl/dataset/85984NED/table')).toBeNull();
    expect(querySoort({ url: 'https://example.nl/data/bestand.CSV', format: null })).toBe('csv');
    expect(querySoort({ url: 'https://example.nl/kaart.geojson', format: '' })).toBe('json');
    expect(querySoort({ url: 'https://example.nl/bestand.csv', format: 'XLSX' })).toBeNull();
    expect(querySoort({ url: 'https://example.nl/export', format: null, mimetype: 'text/csv' })).toBe('csv');
  });

  it('reads CKAN times without zone as UTC', () => {
    expect(isoTijd('2025-10-01T06:02:55.900113')).toBe('2025-10-01T06:02:55.900Z');
    expect(isoTijd('2025-10-01T06:02:55+02:00')).toBe('2025-10-01T04:02:55.000Z');
    expect(isoTijd('geen datum')).toBeNull();
  });

  it('filters an organisation by its URI as authority or publisher, quoting safely', () => {
    const uri = 'http://standaarden.overheid.nl/owms/terms/Hoogeveen_(gemeente)';
    expect(instantieFilter('Hoogeveen (gemeente)')).toBe(`authority:"${uri}" OR publisher:"${uri}"`);
    expect(instantieFilter(uri)).toBe(`authority:"${uri}" OR publisher:"${uri}"`);
    expect(instantieFilter('a" OR *:*')).toBe(
      'authority:"http://standaarden.overheid.nl/owms/terms/a\\"_OR_*:*" OR publisher:"http://standaarden.overheid.nl/owms/terms/a\\"_OR_*:*"',
    );
  });
});
