// Rijksmonumenten (RCE via the PDOK OGC API): conversion of features (numbers, register URL, geometry in
// WGS84 and RD, skipping sites without a monument number) and monumentenRond / monumentOpAdres against the
// replay server with the built fixtures around the demo addresses.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { clearSourceCache } from './fetch';
import { SourceError } from './source-error';
import { monumentOpAdres, monumentenRond } from './rce-monumenten';
import { monumentNummer, toMonument } from './rce-monumenten-convert';

const WITTE_DE_WITH_42A = { x: 92416.615, y: 436736.768 };
const ANJERSTRAAT_5 = { x: 228179.859, y: 527663.422 };
const BAAMBRUGSE_ZUWE_141D = { x: 125290.372, y: 471881.499 };

describe('conversion', () => {
  it('reads the number from a numeric localid or from the register link, and nothing else', () => {
    expect(monumentNummer({ localid: '524338' })).toBe('524338');
    expect(monumentNummer({ localid: '0032701' })).toBe('32701');
    expect(monumentNummer({ ci_citation: 'https://monumentenregister.cultureelerfgoed.nl/monumenten/46081' })).toBe('46081');
    expect(monumentNummer({ localid: 'gezicht-0599-01' })).toBeNull();
    expect(monumentNummer({})).toBeNull();
  });

  it('gives a point monument with register URL and coordinates in both systems', () => {
    const m = toMonument({
      type: 'Feature',
      properties: { localid: '524338', text: 'Witte de Withstraat 42, winkel-woonhuis', legalfoundationdate: '2002-03-14T00:00:00Z', siteprotectionclassification: 'cultural' },
      geometry: { type: 'Point', coordinates: [92416.615, 436736.768] },
    });
    expect(m).toMatchObject({
      rijksmonumentnummer: '524338',
      naam: 'Witte de Withstraat 42, winkel-woonhuis',
      categorie: 'cultuurhistorisch',
      status: 'ingeschreven',
      aanwijzingsdatum: '2002-03-14',
      register_url: 'https://monumentenregister.cultureelerfgoed.nl/monumenten/524338',
    });
    // The WGS84 point of Witte de Withstraat 42A as PDOK gives it (4.47756318, 51.9155987), within a metre.
    expect(m?.coordinaten?.wgs84.lon).toBeCloseTo(4.477563, 5);
    expect(m?.coordinaten?.wgs84.lat).toBeCloseTo(51.915599, 5);
    expect(m?.geometrie?.rd).toEqual({ type: 'Point', coordinates: [92416.615, 436736.768] });
  });
});

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_RCE_MONUMENTEN_URL = replay.sourceUrl('rce-monumenten');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_RCE_MONUMENTEN_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

describe('monumentenRond', () => {
  it('Witte de Withstraat 42A: the monuments within 100 m, nearest first, with distance', async () => {
    const r = await monumentenRond(WITTE_DE_WITH_42A, 100);
    expect(r.data.map((m) => [m.rijksmonumentnummer, m.afstand_m])).toEqual([
      ['524338', 0],
      ['524339', 11.8],
      ['524320', 51.9],
    ]);
    expect(r.bronnen[0]).toMatchObject({ bron: 'rce-monumenten', status: 'ok', licentie: 'CC0 1.0' });
    expect(r.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('a larger radius takes the bank building at 327 m too', async () => {
    const r = await monumentenRond(WITTE_DE_WITH_42A, 500);
    expect(r.data.map((m) => m.rijksmonumentnummer)).toEqual(['524338', '524339', '524320', '32701']);
  });

  it('Anjerstraat 5 Hoogeveen: the church at 398 m and an archaeological monument', async () => {
    const r = await monumentenRond(ANJERSTRAAT_5, 500);
    expect(r.data.map((m) => [m.rijksmonumentnummer, m.categorie, Math.round(m.afstand_m)])).toEqual([
      ['531200', 'archeologisch', 274],
      ['14523', 'cultuurhistorisch', 398],
    ]);
  });

  it('Baambrugse Zuwe 141D: none (the empty collection of the OGC API)', async () => {
    expect((await monumentenRond(BAAMBRUGSE_ZUWE_141D, 250)).data).toEqual([]);
  });
});

describe('monumentOpAdres', () => {
  it('42A lies in the contour of monument 524338 and on its point; the townscape without number is skipped', async () => {
    const r = await monumentOpAdres(WITTE_DE_WITH_42A);
    expect(r.data).toHaveLength(1);
    expect(r.data[0]).toMatchObject({ rijksmonumentnummer: '524338', ligging: ['binnen_contour', 'punt_op_adres'] });
    expect(r.data[0].geometrie?.rd).toMatchObject({ type: 'Polygon' });
    expect(r.bronnen.map((b) => b.bron)).toEqual(['rce-monumenten', 'rce-monumenten']);
  });

  it('Anjerstraat 5 is no monument (nearest point 274 m away)', async () => {
    expect((await monumentOpAdres(ANJERSTRAAT_5)).data).toEqual([]);
  });

  it('a failing source is a SourceError naming rce-monumenten', async () => {
    replay.setFault('rce-monumenten', { kind: 'http500' });
    await expect(monumentOpAdres(WITTE_DE_WITH_42A)).rejects.toSatisfy((e) => e instanceof SourceError && e.sourceId === 'rce-monumenten');
  });
});
