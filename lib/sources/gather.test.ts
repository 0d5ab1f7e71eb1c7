// gather and allSources against the replay of the NDW measuring points and travel times: the bronnen entry of
// a failure names the source that failed (from the error), never the label of the part, also when the
// operation's time budget ends a part that reads two sources.
import { describe, expect, it } from 'vitest';
import { allSources, gather } from './gather';
import { meetlocaties, ndwMeetlocaties, ndwReistijden, reistijden, reistijdenRond } from './ndw-verkeer';
import { SourceError } from './source-error';
import { metReplay } from '@/test/upstream/met-replay';

// A source budget far beyond the operation budgets below: only those end a stalled call here.
const harnas = metReplay({ bronnen: ['ndw-meetlocaties', 'ndw-reistijden'], env: { BRON_TIMEOUT_MS: '30000' } });
const ROTTERDAM = { lon: 4.47756318, lat: 51.9155987 };
const entries = (bronnen: { bron: string; status: string; foutsoort: string | null }[]) => bronnen.map((b) => [b.bron, b.status, b.foutsoort]);

describe('gather', () => {
  it('names the stalled inner source when the budget ends a part that reads two, and the other as answering', async () => {
    await reistijden(); // cached: answers at once below
    harnas.replay().setFault('ndw-meetlocaties', { kind: 'timeout' });
    // The part is labelled with the travel times (as /v1/adres does), but the measuring points are what stalls.
    const { results, bronnen } = await gather({ reistijden: { source: ndwReistijden, run: (s) => reistijdenRond(ROTTERDAM, 5000, 5, s) } }, { budgetMs: 300 });
    expect(results.reistijden).toBeNull();
    expect(entries(bronnen)).toEqual([
      ['ndw-meetlocaties', 'onbeschikbaar', 'timeout'],
      ['ndw-reistijden', 'ok', null],
    ]);
  });

  it('keeps the parts that answered and gives the failing one null', async () => {
    await meetlocaties();
    harnas.replay().setFault('ndw-reistijden', { kind: 'http500' });
    const { results, bronnen } = await gather(
      { locaties: { source: ndwMeetlocaties, run: (s) => meetlocaties(s) }, tijden: { source: ndwReistijden, run: (s) => reistijden(s) } },
      { budgetMs: 10_000 },
    );
    expect(results.locaties?.locaties.length).toBeGreaterThan(0);
    expect(results.tijden).toBeNull();
    expect(entries(bronnen)).toEqual([
      ['ndw-meetlocaties', 'ok', null],
      ['ndw-reistijden', 'onbeschikbaar', 'http_500'],
    ]);
  });

  it('reports every declared source of a part that fails without naming one (a bug)', async () => {
    const { results, bronnen } = await gather(
      {
        kapot: {
          source: [ndwMeetlocaties, ndwReistijden],
          run: async () => {
            throw new TypeError('bug');
          },
        },
      },
      {},
    );
    expect(results.kapot).toBeNull();
    expect(entries(bronnen)).toEqual([
      ['ndw-meetlocaties', 'onbeschikbaar', 'onleesbaar'],
      ['ndw-reistijden', 'onbeschikbaar', 'onleesbaar'],
    ]);
  });
});

describe('allSources', () => {
  it('returns every result when all answer', async () => {
    const [locs, tijden] = await allSources([
      [ndwMeetlocaties, meetlocaties],
      [ndwReistijden, reistijden],
    ] as const);
    expect(entries([...locs.bronnen, ...tijden.bronnen])).toEqual([
      ['ndw-meetlocaties', 'ok', null],
      ['ndw-reistijden', 'ok', null],
    ]);
  });

  it('fails with the failing source first and the one that answered, whatever the order of the calls', async () => {
    await reistijden();
    harnas.replay().setFault('ndw-meetlocaties', { kind: 'http500' });
    const err = await allSources([
      [ndwReistijden, reistijden],
      [ndwMeetlocaties, meetlocaties],
    ] as const).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    const e = err as SourceError;
    expect(e.sourceId).toBe('ndw-meetlocaties');
    expect(e.httpStatus).toBe(500);
    expect(entries(e.bronnen)).toEqual([
      ['ndw-meetlocaties', 'onbeschikbaar', 'http_500'],
      ['ndw-reistijden', 'ok', null],
    ]);
    expect(entries(e.failed)).toEqual([['ndw-meetlocaties', 'onbeschikbaar', 'http_500']]);
  });

  it('names both when both fail', async () => {
    harnas.replay().setFault('ndw-meetlocaties', { kind: 'http500' });
    harnas.replay().setFault('ndw-reistijden', { kind: 'http500' });
    const err = (await allSources([
      [ndwMeetlocaties, meetlocaties],
      [ndwReistijden, reistijden],
    ] as const).catch((e: unknown) => e)) as SourceError;
    expect(err).toBeInstanceOf(SourceError);
    expect(entries(err.failed)).toEqual([
      ['ndw-meetlocaties', 'onbeschikbaar', 'http_500'],
      ['ndw-reistijden', 'onbeschikbaar', 'http_500'],
    ]);
    expect(err.message).toBe('NDW meetlocaties (DATEX II v2, measurement_current): antwoordde met HTTP-status 500; NDW actuele reistijden (DATEX II v2, traveltime): antwoordde met HTTP-status 500');
  });
});
