// The three addrreg operations through the route wrapper, against the replay server serving the
// pdok-locatieserver fixtures: what a caller sees for good requests, bad parameters and a failing source.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import { addrregSuggest } from './suggest';
import { addrregAdressen } from './adressen';
import { addrregLookup } from './lookup';
import type { BronEntry } from '@/lib/sources/bron';
import type { InvalidParam } from '@/lib/api/problems';
import type { Locatie, Suggestie } from '@/lib/sources/pdok-locatieserver-convert';

/** What a caller reads: the envelope of a 200, or the members of a problem document. */
interface Answer<T> {
  api: string;
  onderdeel: string;
  data: T;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  invalid_params: InvalidParam[];
}
type SuggestData = { aantal: number; suggesties: Suggestie[] };
type AdressenData = { aantal: number; start: number; rows: number; adressen: Locatie[] };

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_PDOK_LOCATIESERVER_URL = replay.sourceUrl('pdok-locatieserver');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_PDOK_LOCATIESERVER_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function call<T = unknown>(op: Operation, query: string) {
  const res = await route(op).GET(new Request(`http://localhost${op.path}${query}`), { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Answer<T> };
}

describe('GET /v1/addrreg/suggest', () => {
  it('suggests Damrak addresses with id, weergavenaam and type, limited to rows', async () => {
    const { status, body } = await call<SuggestData>(addrregSuggest, '?q=damrak&rows=3');
    expect(status).toBe(200);
    expect(body.api).toBe('addrreg');
    expect(body.onderdeel).toBe('suggest');
    expect(body.data.suggesties).toEqual([
      { id: 'weg-720bbb75123262212590df2376686efd', weergavenaam: 'Damrak, Amsterdam', type: 'weg' },
      { id: 'adr-08803762f9a1ad91d96141cf97603965', weergavenaam: 'Damrak 1, 1012LG Amsterdam', type: 'adres' },
      { id: 'adr-27bddf57ff3e372af1e1c34c5209d835', weergavenaam: 'Damrak 5, 1012LG Amsterdam', type: 'adres' },
    ]);
    expect(body.bronnen[0]).toMatchObject({ bron: 'pdok-locatieserver', status: 'ok', licentie: expect.stringContaining('CC0') });
    expect(body.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('answers other search texts with the recorded real suggest response', async () => {
    const { status, body } = await call<SuggestData>(addrregSuggest, '?q=westeringlaan');
    expect(status).toBe(200);
    expect(body.data.suggesties).toHaveLength(6);
    expect(body.data.aantal).toBe(105);
    expect(body.bronnen[0].opname?.soort).toBe('opgenomen');
  });

  it('names the source in a 502 problem when the Locatieserver fails', async () => {
    replay.setFault('pdok-locatieserver', { kind: 'http500' });
    const { status, body } = await call<SuggestData>(addrregSuggest, '?q=damrak');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('pdok-locatieserver');
  });
});

describe('GET /v1/addrreg/adressen', () => {
  it('returns standardised objects with paging fields and both coordinate systems', async () => {
    const { status, body } = await call<AdressenData>(addrregAdressen, '?q=damrak 1&rows=5');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ aantal: 162, start: 0, rows: 5 });
    expect(body.data.adressen).toHaveLength(5);
    const damrak1 = body.data.adressen[1];
    expect(damrak1).toMatchObject({
      type: 'adres',
      straatnaam: 'Damrak',
      huisnummer: 1,
      postcode: '1012LG',
      woonplaats: 'Amsterdam',
      gemeente: { code: 'GM0363', naam: 'Amsterdam' },
      wijk_code: 'WK0363AB',
    });
    expect(damrak1.coordinaten.wgs84).toEqual({ lon: 4.89531, lat: 52.37632 });
    expect(damrak1.coordinaten.rd?.x).toBeGreaterThan(120_000);
  });

  it('converts the recorded free answer for another search', async () => {
    const { status, body } = await call<AdressenData>(addrregAdressen, '?q=Bolstraat 1 Utrecht');
    expect(status).toBe(200);
    expect(body.data.aantal).toBe(165);
    expect(body.data.adressen[0].nummeraanduiding_id).toBe('0344200000159102');
  });

  it('returns an empty list when nothing matches', async () => {
    const { status, body } = await call<AdressenData>(addrregAdressen, '?q=xyzzy');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ aantal: 0, adressen: [] });
  });

  it('gives a 502 naming the source when the upstream answer is cut off', async () => {
    replay.setFault('pdok-locatieserver', { kind: 'malformed' });
    const { status, body } = await call<AdressenData>(addrregAdressen, '?q=damrak');
    expect(status).toBe(502);
    expect(body.detail).toContain('PDOK Locatieserver');
  });
});

describe('GET /v1/addrreg/lookup', () => {
  it('returns the fully normalised recorded object for a known id', async () => {
    const { status, body } = await call<Locatie>(addrregLookup, '?id=adr-bf54db721969487ed33ba84d9973c702');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      weergavenaam: 'Europalaan 93, 3526KP Utrecht',
      gemeente: { code: 'GM0344', naam: 'Utrecht' },
      percelen: ['UTT00-R-364'],
      coordinaten: { wgs84: { lon: 5.10696041, lat: 52.06415055 }, rd: { x: 135782.745, y: 452910.011 } },
    });
  });

  it('looks up a suggestion id (suggest -> lookup round trip)', async () => {
    const suggestion = (await call<SuggestData>(addrregSuggest, '?q=damrak')).body.data.suggesties[1];
    const { status, body } = await call<Locatie>(addrregLookup, `?id=${suggestion.id}`);
    expect(status).toBe(200);
    expect(body.data.weergavenaam).toBe(suggestion.weergavenaam);
  });

  it('answers 404 not_found when the Locatieserver does not know the id', async () => {
    const { status, body } = await call<Locatie>(addrregLookup, '?id=adr-00000000000000000000000000000000');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
  });
});

describe('invalid requests (400 invalid_parameter, before any upstream call)', () => {
  it.each([
    ['/v1/addrreg/suggest', '', 'q'],
    ['/v1/addrreg/suggest', '?q=a', 'q'],
    ['/v1/addrreg/suggest', '?q=damrak&rows=26', 'rows'],
    ['/v1/addrreg/suggest', '?q=damrak&rows=0', 'rows'],
    ['/v1/addrreg/suggest', '?q=damrak&fl=id', 'fl'],
    ['/v1/addrreg/adressen', '?q=damrak&rows=51', 'rows'],
    ['/v1/addrreg/adressen', '?q=damrak&start=-1', 'start'],
    ['/v1/addrreg/adressen', '?q=damrak&start=10001', 'start'],
    ['/v1/addrreg/adressen', '?q= ', 'q'],
    ['/v1/addrreg/lookup', '', 'id'],
    ['/v1/addrreg/lookup', '?id=adr-123', 'id'],
    ['/v1/addrreg/lookup', '?id=Damrak 1', 'id'],
  ])('%s%s -> 400 naming %s', async (opPath, query, name) => {
    const before = replay.hits('pdok-locatieserver');
    const op = [addrregSuggest, addrregAdressen, addrregLookup].find((o) => o.path === opPath) as Operation;
    const { status, body } = await call(op, query);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
    expect(replay.hits('pdok-locatieserver')).toBe(before);
  });

  it('accepts an id in capitals (ids are case-insensitive hex)', async () => {
    const { status } = await call<Locatie>(addrregLookup, '?id=ADR-BF54DB721969487ED33BA84D9973C702');
    expect(status).toBe(200);
  });
});

describe('a search text the Locatieserver cannot parse', () => {
  let own: ReplayServer;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-pdok-'));
    fs.mkdirSync(path.join(dir, 'pdok-locatieserver'));
    fs.writeFileSync(
      path.join(dir, 'pdok-locatieserver', 'fout.json'),
      JSON.stringify({ error: { msg: "org.apache.solr.search.SyntaxError: Cannot parse '\"damrak': Lexical error", code: 400 } }),
    );
    fs.writeFileSync(
      path.join(dir, 'pdok-locatieserver', 'routes.json'),
      JSON.stringify({ source: 'pdok-locatieserver', routes: [{ path: '/free', file: 'fout.json', kind: 'opgebouwd', status: 400 }] }),
    );
    own = await startReplayServer({ fixturesDir: dir });
    process.env.BRON_PDOK_LOCATIESERVER_URL = own.sourceUrl('pdok-locatieserver');
  });
  afterAll(async () => {
    await own.close();
    process.env.BRON_PDOK_LOCATIESERVER_URL = replay.sourceUrl('pdok-locatieserver');
  });

  it('is the caller\'s 400 on q with the upstream reason, not a 502', async () => {
    const { status, body } = await call<AdressenData>(addrregAdressen, '?q="damrak');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.detail).toContain("Cannot parse");
    expect(body.invalid_params[0].name).toBe('q');
  });
});
