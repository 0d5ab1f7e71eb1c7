// The backlog derivation as pure functions on hand-made declarations, and the operation through route()
// on the real declarations (with the key variables set and emptied).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { operations } from '@/lib/api/registry';
import { sources } from '@/lib/sources/registry';
import { type BacklogItem, type Omgeving, backlog, bronStaat, dienstenBacklog, leidAf } from './backlog';
import { KANDIDATEN, type Kandidaat } from './kandidaten';

const omgeving = (env: Record<string, string | undefined> = {}): Omgeving => ({
  operaties: [
    { method: 'GET', path: '/v1/a/live', status: 'live' },
    { method: 'GET', path: '/v1/a/bezig', status: 'in ontwikkeling' },
  ],
  bronnen: [
    { id: 'open', titel: 'Open bron', keyEnvVar: undefined },
    { id: 'sleutel', titel: 'Bron met sleutel', keyEnvVar: 'TEST_SLEUTEL' },
  ],
  env,
  specificatie: new Set(['GET /v1/a/live', 'GET /v1/a/nieuw']),
});
const k = (id: string, bronnen: string[], pad: string, domein = 'Punt'): Kandidaat => ({
  id,
  titel: id,
  domein,
  beschrijving: '',
  bronnen,
  operatie: { methode: 'GET', pad },
});

describe('backlog derivation', () => {
  it('gives each source its state: live, sleutel-nodig while its key variable is empty, ontbreekt', () => {
    expect(bronStaat('open', omgeving())).toEqual({ id: 'open', titel: 'Open bron', toestand: 'live', sleutel_variabele: null });
    expect(bronStaat('sleutel', omgeving()).toestand).toBe('sleutel-nodig');
    expect(bronStaat('sleutel', omgeving({ TEST_SLEUTEL: '  ' })).toestand).toBe('sleutel-nodig');
    expect(bronStaat('sleutel', omgeving({ TEST_SLEUTEL: 'abc' }))).toEqual({ id: 'sleutel', titel: 'Bron met sleutel', toestand: 'live', sleutel_variabele: 'TEST_SLEUTEL' });
    expect(bronStaat('nieuw', omgeving())).toEqual({ id: 'nieuw', titel: null, toestand: 'ontbreekt', sleutel_variabele: null });
  });

  it('derives al-live, onderzoek, sleutel-nodig and direct-bouwbaar, in that order', () => {
    const o = omgeving();
    // Declared and live: al-live, even with a missing key or source.
    expect(leidAf(k('a', ['sleutel', 'nieuw'], '/v1/a/live'), o)).toMatchObject({ status: 'al-live', reden: 'GET /v1/a/live is gedeclareerd en live.' });
    // A source without a client: onderzoek, before a missing key.
    expect(leidAf(k('b', ['open', 'sleutel', 'nieuw', 'ander'], '/v1/a/nieuw'), o)).toMatchObject({
      status: 'onderzoek',
      reden: 'Nog geen client voor nieuw en ander: bron nog te onderzoeken.',
    });
    expect(leidAf(k('c', ['open', 'sleutel'], '/v1/a/nieuw'), o)).toMatchObject({
      status: 'sleutel-nodig',
      reden: 'Wacht op een API-sleutel: sleutel (TEST_SLEUTEL is leeg).',
      operatie: { methode: 'GET', pad: '/v1/a/nieuw', in_specificatie: true },
    });
    // The key set: every source is live → direct-bouwbaar.
    expect(leidAf(k('c', ['open', 'sleutel'], '/v1/a/nieuw'), omgeving({ TEST_SLEUTEL: 'x' }))).toMatchObject({
      status: 'direct-bouwbaar',
      reden: 'Alle 2 bronnen zijn live in de catalogus; /v1/a/nieuw is nog niet gedeclareerd.',
    });
    // Declared but not live yet: not al-live.
    expect(leidAf(k('d', ['open'], '/v1/a/bezig'), o)).toMatchObject({
      status: 'direct-bouwbaar',
      reden: 'De bron is live in de catalogus; /v1/a/bezig is gedeclareerd maar in ontwikkeling.',
      operatie: { in_specificatie: false },
    });
  });

  it('filters on domein (case-insensitive; unknown gives an empty list) and status, counting per status before the status filter', () => {
    const lijst = [k('a', ['open'], '/v1/a/live'), k('b', ['nieuw'], '/v1/b'), k('c', ['sleutel'], '/v1/c', 'Adres'), k('d', ['open'], '/v1/d')];
    const alles = backlog(lijst, omgeving());
    expect(alles.aantal).toBe(4);
    expect(alles.per_status).toEqual({ 'direct-bouwbaar': 1, 'sleutel-nodig': 1, onderzoek: 1, 'al-live': 1 });
    expect(alles.domeinen).toEqual(['Adres', 'Punt']);
    const punt = backlog(lijst, omgeving(), { domein: 'punt', status: 'direct-bouwbaar' });
    expect(punt.kandidaten.map((x) => x.id)).toEqual(['d']);
    expect(punt.per_status).toEqual({ 'direct-bouwbaar': 1, 'sleutel-nodig': 0, onderzoek: 1, 'al-live': 1 });
    expect(backlog(lijst, omgeving(), { domein: 'Onbekend' })).toMatchObject({ aantal: 0, kandidaten: [], per_status: { 'al-live': 0 } });
  });

  it('has unique candidate ids and /v1 operation paths', () => {
    expect(new Set(KANDIDATEN.map((x) => x.id)).size).toBe(KANDIDATEN.length);
    for (const x of KANDIDATEN) expect(x.operatie.pad).toMatch(/^\/v1\//);
  });
});

describe('GET /v1/diensten/backlog', () => {
  beforeAll(() => {
    process.env.LOG_LEVEL = 'silent';
  });
  const saved = { ep: process.env.EP_ONLINE_API_KEY, dnb: process.env.DNB_API_KEY };
  afterEach(() => {
    for (const [name, v] of [['EP_ONLINE_API_KEY', saved.ep], ['DNB_API_KEY', saved.dnb]] as const) {
      if (v === undefined) delete process.env[name];
      else process.env[name] = v;
    }
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function get(q = ''): Promise<{ status: number; body: { data: any; errorCode?: string; invalid_params?: { name: string }[] } }> {
    const res = await route(dienstenBacklog).GET(new Request(`http://localhost/v1/diensten/backlog${q}`), { params: Promise.resolve({}) });
    return { status: res.status, body: await res.json() };
  }
  const byId = (data: { kandidaten: BacklogItem[] }) => Object.fromEntries(data.kandidaten.map((x) => [x.id, x]));

  it('derives the statuses from the real declarations, with the keys unset', async () => {
    delete process.env.EP_ONLINE_API_KEY;
    delete process.env.DNB_API_KEY;
    const { status, body } = await get();
    expect(status).toBe(200);
    const d = byId(body.data);
    expect(body.data.aantal).toBe(KANDIDATEN.length);
    expect(d['punt-bgt']).toMatchObject({ status: 'al-live', operatie: { pad: '/v1/punt/{lon}/{lat}/bgt', in_specificatie: true } });
    expect(d['pand-woningtype'].status).toBe('al-live');
    expect(d['punt-verharding']).toMatchObject({
      status: 'direct-bouwbaar',
      reden: 'De bron is live in de catalogus; /v1/punt/{lon}/{lat}/verharding is nog niet gedeclareerd.',
      operatie: { in_specificatie: false },
      bronnen: [{ id: 'bgt', toestand: 'live', sleutel_variabele: null }],
    });
    expect(d['regio-energielabels']).toMatchObject({ status: 'sleutel-nodig', reden: 'Wacht op een API-sleutel: ep-online (EP_ONLINE_API_KEY is leeg).' });
    expect(d['finreg-rapportages'].status).toBe('sleutel-nodig');
    expect(d['punt-hittestress']).toMatchObject({ status: 'onderzoek', reden: 'Nog geen client voor rivm-atlas-leefomgeving: bron nog te onderzoeken.' });
    expect(d['punt-hittestress'].bronnen).toEqual([
      { id: 'rivm-atlas-leefomgeving', titel: null, toestand: 'ontbreekt', sleutel_variabele: null },
      { id: 'bgt', titel: sources.find((s) => s.id === 'bgt')!.titel, toestand: 'live', sleutel_variabele: null },
    ]);
    // Counts agree with the list.
    const counts = body.data.kandidaten.reduce((acc: Record<string, number>, x: { status: string }) => ({ ...acc, [x.status]: (acc[x.status] ?? 0) + 1 }), {});
    for (const [s, n] of Object.entries(body.data.per_status)) expect(counts[s] ?? 0).toBe(n);
    expect(body.data.per_status['sleutel-nodig']).toBe(2);
  });

  it('turns sleutel-nodig into direct-bouwbaar once the key is set', async () => {
    process.env.EP_ONLINE_API_KEY = 'test-sleutel';
    const { body } = await get('?status=direct-bouwbaar');
    expect(body.data.kandidaten.map((x: { id: string }) => x.id)).toContain('regio-energielabels');
    expect(body.data.kandidaten.every((x: { status: string }) => x.status === 'direct-bouwbaar')).toBe(true);
  });

  it('al-live matches the registry: every al-live candidate path is a declared live operation', async () => {
    const { body } = await get('?status=al-live');
    expect(body.data.aantal).toBeGreaterThanOrEqual(5);
    for (const x of body.data.kandidaten) expect(operations.some((o) => o.path === x.operatie.pad && o.status === 'live')).toBe(true);
  });

  it('filters on domein; an unknown domein gives an empty list', async () => {
    const punt = await get('?domein=punt');
    expect(punt.status).toBe(200);
    expect(punt.body.data.kandidaten.every((x: { domein: string }) => x.domein === 'Punt')).toBe(true);
    expect(punt.body.data.aantal).toBe(KANDIDATEN.filter((x) => x.domein === 'Punt').length);
    const leeg = await get('?domein=Ruimtevaart');
    expect(leeg.status).toBe(200);
    expect(leeg.body.data).toMatchObject({ aantal: 0, kandidaten: [] });
    expect(leeg.body.data.domeinen).toContain('Punt');
  });

  it('answers 400 for an unknown status', async () => {
    const { status, body } = await get('?status=klaar');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params?.map((p) => p.name)).toEqual(['status']);
  });
});
