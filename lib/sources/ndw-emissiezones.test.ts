// The NDW emission zones on the recorded DATEX II v3 publication (samples/live/ndw/datex3_juherr_datex4j,
// two real zones: 's-Hertogenbosch and Amersfoort), and point queries on them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMilieuzones, ring } from './ndw-emissiezones-convert';
import { zonesBijPunt } from './ndw-emissiezones';

const xml = fs.readFileSync(path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'ndw', 'emission-zones.xml'), 'utf8');
const { publicatietijd, zones } = parseMilieuzones(xml);

describe('parseMilieuzones (recorded publication)', () => {
  it('reads both zones with name, kind, status, authority, regulation and validity', () => {
    expect(publicatietijd).toBe('2026-07-23T06:00:00.000473953Z');
    expect(zones.map((z) => z.naam)).toEqual(["ZE 's-Hertogenbosch", 'ZE Amersfoort 2027']);
    expect(zones[0]).toMatchObject({
      id: 'NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0',
      soort: 'lowEmissionZone',
      status: 'active',
      instantie: "'s-Hertogenbosch",
      besluit: 'gmb-2024-403036',
      url: 'https://www.s-hertogenbosch.nl/ondernemer/milieu-en-afval/milieuzone-zero-emissie-zone/',
      geldig_vanaf: '2025-03-01T00:00:00Z',
      geldig_tot: '2999-01-01T00:00:00Z',
      toegang: 'noEntry',
    });
    expect(zones[1]).toMatchObject({ instantie: 'Amersfoort', geldig_vanaf: '2027-01-01T00:00:00Z' });
  });

  it('turns "lat lon" lists into GeoJSON polygons in WGS84 and RD', () => {
    const g = zones[0].geometrie.wgs84 as { type: string; coordinates: number[][][][] };
    expect(g.type).toBe('MultiPolygon');
    expect(g.coordinates).toHaveLength(1);
    expect(g.coordinates[0][0]).toHaveLength(132);
    expect(g.coordinates[0][0][0]).toEqual([5.294504572, 51.691127953]);
    expect((zones[1].geometrie.wgs84 as { coordinates: unknown[] }).coordinates).toHaveLength(5);
    const rd = (zones[0].geometrie.rd as { coordinates: number[][][][] }).coordinates[0][0][0];
    expect(rd[0]).toBeGreaterThan(148000);
    expect(rd[0]).toBeLessThan(152000);
    expect(rd[1]).toBeGreaterThan(410000);
    expect(rd[1]).toBeLessThan(414000);
    expect(ring('52.1 5.3 52.2 5.4')).toEqual([[5.3, 52.1], [5.4, 52.2]]);
  });

  it('keeps the vehicle conditions as a tree: N1-N3 vans and trucks, exempt when zero-emission', () => {
    const top = zones[0].voorwaarden;
    expect(top).toMatchObject({ soort: 'groep', operator: 'and', negatie: false });
    const groups = top && top.soort === 'groep' ? top.voorwaarden : [];
    expect(groups[0]).toEqual({ soort: 'geldigheid', negatie: false, van: '2025-03-01T00:00:00Z', tot: '2999-01-01T00:00:00Z' });
    const vehicles = groups[1];
    expect(vehicles.soort === 'groep' && vehicles.voorwaarden.map((v) => v.soort === 'voertuig' && v.eu_voertuigcategorie)).toEqual(['n1', 'n2', 'n3']);
    const exceptions = groups.filter((g) => g.soort === 'groep' && g.negatie);
    expect(exceptions).toHaveLength(1);
    const json = JSON.stringify(exceptions);
    expect(json).toContain('"euroklasse":"euro5"');
    expect(json).toContain('"brandstof":"battery"');
    expect(json).toContain('"leeftijd":{"vergelijking":"greaterThanOrEqualTo","jaren":40}');
    expect(json).toContain('"bijzonder_voertuig":"motorCaravan"');
    expect(json).toContain('"eigenaar":"permanentResident"');
    // Every vehicle condition says something.
    const empty = JSON.stringify(zones.map((z) => z.voorwaarden)).match(/"eu_voertuigcategorie":null,"bijzonder_voertuig":null,"eigenaar":null,"brandstof":null,"euroklasse":null,"leeftijd":null/g);
    expect(empty).toBeNull();
  });
});

describe('zonesBijPunt', () => {
  it('says a point in Amersfoort centre lies in the Amersfoort zone, distance 0', () => {
    const r = zonesBijPunt(zones, { lon: 5.3872, lat: 52.1551 }, 2);
    expect(r[0]).toMatchObject({ binnen: true, afstand_m: 0, zone: { naam: 'ZE Amersfoort 2027' } });
    expect(r[1].binnen).toBe(false);
    expect(r[1].afstand_m).toBeGreaterThan(40_000);
    expect('geometrie' in r[0].zone).toBe(false);
  });

  it('gives the nearest zones with their distance for a point outside all zones (Rotterdam)', () => {
    const r = zonesBijPunt(zones, { lon: 4.4777, lat: 51.9172 }, 1);
    expect(r).toHaveLength(1);
    expect(r[0].binnen).toBe(false);
    expect(r[0].zone.naam).toBe("ZE 's-Hertogenbosch");
    expect(r[0].afstand_m).toBeGreaterThan(55_000);
    expect(r[0].afstand_m).toBeLessThan(65_000);
  });
});

describe('milieuzonesBijPunt against the replay of the gzipped publication', () => {
  it('fetches, unzips and caches the national file, and fails as the named source', async () => {
    const { startReplayServer } = await import('@/test/upstream/server');
    const { clearSourceCache } = await import('./fetch');
    const { SourceError } = await import('./source-error');
    const { milieuzonesBijPunt } = await import('./ndw-emissiezones');
    process.env.LOG_LEVEL = 'silent';
    const replay = await startReplayServer();
    process.env.BRON_NDW_EMISSIEZONES_URL = replay.sourceUrl('ndw-emissiezones');
    try {
      clearSourceCache();
      const first = await milieuzonesBijPunt({ lon: 5.3872, lat: 52.1551 }, 3);
      expect(first.data.zones.map((z) => [z.zone.naam, z.binnen])).toEqual([
        ['ZE Amersfoort 2027', true],
        ["ZE 's-Hertogenbosch", false],
      ]);
      expect(first.bronnen[0]).toMatchObject({ bron: 'ndw-emissiezones', status: 'ok', licentie: 'CC0 1.0', opname: { soort: 'opgenomen' } });
      const hits = replay.hits('ndw-emissiezones');
      const again = await milieuzonesBijPunt({ lon: 4.4777, lat: 51.9172 }, 1);
      expect(again.bronnen[0].cache).toBe(true);
      expect(replay.hits('ndw-emissiezones')).toBe(hits);

      clearSourceCache();
      replay.setFault('ndw-emissiezones', { kind: 'malformed' });
      const err = await milieuzonesBijPunt({ lon: 5, lat: 52 }, 1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SourceError);
      expect((err as InstanceType<typeof SourceError>).bron).toMatchObject({ bron: 'ndw-emissiezones', foutsoort: 'onleesbaar' });
    } finally {
      await replay.close();
      delete process.env.BRON_NDW_EMISSIEZONES_URL;
    }
  });
});
