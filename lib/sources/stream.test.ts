// Streaming fetch of large gzip feeds against a replay of a GENERATED national-size measurement site table:
// the consumer receives the feed in many small chunks (never one string), the parsed result is cached, concurrent
// callers share one refresh, an expired entry is read again, and failures are classified like fetchSource's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { siteTableChunks, type SiteSpec } from '@/test/upstream/ndw-datex';
import { clearSourceCache } from './fetch';
import { streamSource } from './stream';
import { SourceError } from './source-error';
import { MEETLOCATIES_BESTAND, meetlocaties, ndwMeetlocaties } from './ndw-verkeer';

const SITES = 30_000;
let replay: ReplayServer;
let unpackedBytes = 0;
let plainBytes = 0;

function* sites(): Generator<SiteSpec> {
  for (let i = 0; i < SITES; i++) {
    const lon = 3.4 + ((i * 7919) % 3700) / 1000;
    const lat = 50.8 + ((i * 104729) % 2700) / 1000;
    yield i % 3 === 0
      ? { id: `GEN_RT_${i}`, naam: `A${1 + (i % 99)} generated ${i}`, richting: 'northBound', van: [lon, lat], tot: [lon + 0.005, lat + 0.004], lengte_m: 560 }
      : { id: `GEN_LUS_${i}`, naam: `N${100 + (i % 800)} hmp ${i}`, rijstroken: 2, punt: [lon, lat] };
  }
}

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '20000';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-ndw-stream-'));
  const src = path.join(dir, 'ndw-meetlocaties');
  fs.mkdirSync(src);
  const xml = Buffer.from([...siteTableChunks('2026-11-22T23:51:00Z', sites())].join(''));
  unpackedBytes = xml.byteLength;
  fs.writeFileSync(path.join(src, 'measurement_current.xml.gz'), gzipSync(xml, { level: 1 }));
  // A small, complete (closed) document; a cut one is unreadable (see the truncation tests below).
  const plain = Buffer.from([...siteTableChunks('2026-11-22T23:51:00Z', [...sites()].slice(0, 500))].join(''));
  plainBytes = plain.byteLength;
  fs.writeFileSync(path.join(src, 'plain.xml'), plain);
  fs.writeFileSync(
    path.join(src, 'routes.json'),
    JSON.stringify({
      source: 'ndw-meetlocaties',
      routes: [
        { path: '/measurement_current.xml.gz', file: 'measurement_current.xml.gz', kind: 'opgebouwd', contentType: 'application/gzip' },
        { path: '/plain.xml', file: 'plain.xml', kind: 'opgebouwd', contentType: 'application/xml' },
      ],
    }),
  );
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_NDW_MEETLOCATIES_URL = replay.sourceUrl('ndw-meetlocaties');
}, 60_000);
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_NDW_MEETLOCATIES_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
  delete process.env.BRON_EERSTE_BYTE_MS;
  delete process.env.BRON_STILTE_MS;
});

/** Waits for a state (never for a fixed time): polls every few milliseconds until the check holds. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}

const count = async (chunks: AsyncIterable<string>) => {
  let n = 0;
  for await (const c of chunks) n += c.length;
  return n;
};

describe('streamSource', () => {
  it('hands a large gzip feed to the consumer in small chunks, never as one string', async () => {
    expect(unpackedBytes).toBeGreaterThan(25_000_000);
    const sizes: number[] = [];
    const r = await streamSource(ndwMeetlocaties, MEETLOCATIES_BESTAND, async (chunks) => {
      for await (const c of chunks) sizes.push(c.length);
      return sizes.length;
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(unpackedBytes); // ASCII: characters = bytes
    expect(sizes.length).toBeGreaterThan(200);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64 * 1024);
    expect(r.bron).toMatchObject({ bron: 'ndw-meetlocaties', status: 'ok', cache: false });
    expect(r.bron.opname?.soort).toBe('opgebouwd');
  }, 60_000);

  it('parses and indexes the whole national-size table, then answers from the cached index without a new call', async () => {
    const before = replay.hits('ndw-meetlocaties');
    const first = await meetlocaties();
    expect(first.data.locaties).toHaveLength(SITES);
    expect(first.data.publicatietijd).toBe('2026-11-22T23:51:00Z');
    const second = await meetlocaties();
    expect(second.data).toBe(first.data);
    expect(second.bronnen[0].cache).toBe(true);
    expect(second.bronnen[0].duur_ms).toBe(0);
    expect(replay.hits('ndw-meetlocaties') - before).toBe(1);
  }, 60_000);

  it('coalesces concurrent refreshes: five callers, one upstream call, the same result', async () => {
    const before = replay.hits('ndw-meetlocaties');
    const all = await Promise.all([1, 2, 3, 4, 5].map(() => meetlocaties()));
    expect(replay.hits('ndw-meetlocaties') - before).toBe(1);
    expect(new Set(all.map((a) => a.data)).size).toBe(1);
  }, 60_000);

  it('reads the file again after the TTL, and reads an uncompressed body too', async () => {
    const before = replay.hits('ndw-meetlocaties');
    const a = await streamSource(ndwMeetlocaties, '/plain.xml', count, { ttlMs: 40 });
    const b = await streamSource(ndwMeetlocaties, '/plain.xml', count, { ttlMs: 40 });
    expect(b.bron.cache).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    const c = await streamSource(ndwMeetlocaties, '/plain.xml', count, { ttlMs: 40 });
    expect([a.data, b.data, c.data]).toEqual([plainBytes, plainBytes, plainBytes]);
    expect(c.bron.cache).toBe(false);
    expect(replay.hits('ndw-meetlocaties') - before).toBe(2);
  });

  it.each([
    ['http500', 'http', 'http_500'],
    ['malformed', 'onleesbaar', 'onleesbaar'],
    ['reset', 'netwerk', 'netwerk'],
  ] as const)('classifies a %s fault like fetchSource (%s)', async (fault, kind, foutsoort) => {
    replay.setFault('ndw-meetlocaties', { kind: fault });
    const err = await meetlocaties().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect((err as SourceError).kind).toBe(kind);
    expect((err as SourceError).bron).toMatchObject({ bron: 'ndw-meetlocaties', status: 'onbeschikbaar', foutsoort });
  }, 60_000);

  it('classifies a feed that never answers as timeout, and content that is not XML as unreadable', async () => {
    process.env.BRON_TIMEOUT_MS = '300';
    replay.setFault('ndw-meetlocaties', { kind: 'timeout' });
    const err = await meetlocaties().catch((e: unknown) => e);
    process.env.BRON_TIMEOUT_MS = '20000';
    expect((err as SourceError).bron.foutsoort).toBe('timeout');
    replay.clearFaults();
    const bad = await streamSource(ndwMeetlocaties, '/plain.xml', async (chunks) => {
      for await (const c of chunks) if (c.includes('measurementSiteRecord')) throw new Error('cannot read');
      return 0;
    }).catch((e: unknown) => e);
    expect((bad as SourceError).bron.foutsoort).toBe('onleesbaar');
  });

  // The whole-download budget of this feed is minutes (20 s in this file); a silent feed must end long before.
  it('ends a feed whose headers do not arrive within the first-byte budget as a timeout naming the source', async () => {
    process.env.BRON_EERSTE_BYTE_MS = '500';
    replay.setFault('ndw-meetlocaties', { kind: 'stil' });
    const started = performance.now();
    const err = await meetlocaties().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ kind: 'timeout', sourceId: 'ndw-meetlocaties' });
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('ends a feed that falls silent mid-body for longer than the idle budget as a timeout', async () => {
    process.env.BRON_STILTE_MS = '500';
    replay.setFault('ndw-meetlocaties', { kind: 'stil-na-kop' });
    const started = performance.now();
    const err = await meetlocaties().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout', sourceId: 'ndw-meetlocaties' });
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('ends a feed at its total budget while a body read is pending (the read does not settle by itself)', async () => {
    process.env.BRON_TIMEOUT_MS = '700';
    process.env.BRON_STILTE_MS = '60000';
    replay.setFault('ndw-meetlocaties', { kind: 'stil-na-kop' });
    const started = performance.now();
    const err = await meetlocaties().catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout', sourceId: 'ndw-meetlocaties' });
    expect(performance.now() - started).toBeLessThan(15_000);
    process.env.BRON_TIMEOUT_MS = '20000';
  });

  it('does not count the consumer\'s own work against the idle budget', async () => {
    process.env.BRON_STILTE_MS = '200';
    const r = await streamSource(ndwMeetlocaties, '/plain.xml', async (chunks) => {
      let n = 0;
      for await (const c of chunks) {
        n += c.length;
        await new Promise((res) => setTimeout(res, 300)); // slower than the idle budget per chunk
      }
      return n;
    });
    expect(r.data).toBe(plainBytes);
  });

  it.each([
    ['kort', MEETLOCATIES_BESTAND, 'onvolledig'], // gzip feed: fewer bytes than Content-Length, connection closed
    ['kort', '/plain.xml', 'onvolledig'],
    ['afgekapt', '/plain.xml', 'onleesbaar'], // half an XML document with a matching Content-Length: root not closed
  ] as const)('refuses a %s body of %s as %s, never as data', async (fault, pad, kind) => {
    replay.setFault('ndw-meetlocaties', { kind: fault });
    const err = await streamSource(ndwMeetlocaties, pad, count).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ kind, sourceId: 'ndw-meetlocaties' });
    expect((err as SourceError).bron).toMatchObject({ status: 'onbeschikbaar', foutsoort: kind });
  }, 60_000);

  it('serves the expired result, marked verouderd, while a refresh hangs and after it failed', async () => {
    process.env.BRON_EERSTE_BYTE_MS = '500';
    const read = () => streamSource(ndwMeetlocaties, '/plain.xml', count, { ttlMs: 1 });
    const warm = await read();
    await new Promise((r) => setTimeout(r, 5)); // past the 1 ms TTL
    replay.setFault('ndw-meetlocaties', { kind: 'stil' });
    const before = replay.hits('ndw-meetlocaties');
    const trigger = read();
    await until(() => replay.hits('ndw-meetlocaties') > before);
    const during = await read();
    expect(during.data).toBe(plainBytes);
    expect(during.bron).toMatchObject({ bron: 'ndw-meetlocaties', status: 'ok', cache: true, verouderd: true, opgehaald_op: warm.bron.opgehaald_op });
    const failed = await trigger;
    expect(failed.bron.verouderd).toBe(true);
    replay.clearFaults();
    await until(async () => !(await read()).bron.verouderd);
  });
});
