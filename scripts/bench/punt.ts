// Benchmark of GET /v1/punt/{lon}/{lat}/reistijden, /verkeer and /milieuzone over a GENERATED full-size national set
// (target with warm caches: p50 < 20 ms):
//   npm run bench:punt                       (110 000 measuring points, 3 000 situations, 40 emission zones, N=300 timed calls each)
//   SITES=150000 SITUATIONS=6000 N=500 npm run bench:punt
// The set is synthetic (labelled opgebouwd in its fixtures): a road network of random polylines over the RD
// extent of the Netherlands, measuring points every ~250 m along it (40 % travel-time sections with a start and
// end point, the rest loop detectors), a travel time for every section, and closures and speed limits as lines
// along the same roads, split over the two temporary-measures feeds and the actueel beeld. The gzip files are
// written to a temporary fixtures directory and served by the replay server, so the cold figures include the
// real streaming path (HTTP, gunzip, SAX parse, index build). Calls go through the route handler (validation,
// envelope, access). Prints the file sizes, the cold first call of each operation and warm p50/p95/max.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { route } from '@/lib/api/route';
import { puntReistijden } from '@/lib/services/punt/reistijden';
import { puntVerkeer } from '@/lib/services/punt/verkeer';
import { puntMilieuzone } from '@/lib/services/punt/milieuzone';
import { naarWgs84 } from '@/lib/geo/rd';
import { startReplayServer } from '@/test/upstream/server';
import { siteTableChunks, situationChunks, travelTimeChunks, type SiteSpec, type SituationSpec, type TravelTimeSpec } from '@/test/upstream/ndw-datex';
import { log } from './args';

process.env.LOG_LEVEL = 'silent';
process.env.BRON_TIMEOUT_MS ??= '300000';
const SITES = Number(process.env.SITES ?? 110_000);
const SITUATIONS = Number(process.env.SITUATIONS ?? 3000);
const N = Number(process.env.N ?? 300);
const ZONES = Number(process.env.ZONES ?? 40);
const STEP_M = 250;

// A small deterministic generator, so every run measures the same set.
let seed = 20261122;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return `p50 ${q(50).toFixed(1)} ms, p95 ${q(95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

type Rd = { x: number; y: number };
const wgs = (p: Rd): [number, number] => {
  const w = naarWgs84(p);
  return [Math.round(w.lon * 1e6) / 1e6, Math.round(w.lat * 1e6) / 1e6];
};

/** Random roads over the RD extent of the Netherlands: polylines of 5-60 km with a gentle random heading. */
function roads(totalPoints: number): Rd[][] {
  const out: Rd[][] = [];
  let points = 0;
  while (points < totalPoints) {
    let p = { x: 15_000 + rnd() * 260_000, y: 310_000 + rnd() * 300_000 };
    let heading = rnd() * 2 * Math.PI;
    const length = Math.round((5_000 + rnd() * 55_000) / STEP_M);
    const road: Rd[] = [p];
    for (let i = 0; i < length && points < totalPoints; i++) {
      heading += (rnd() - 0.5) * 0.2;
      p = { x: p.x + Math.cos(heading) * STEP_M, y: p.y + Math.sin(heading) * STEP_M };
      road.push(p);
      points++;
    }
    out.push(road);
  }
  return out;
}

async function main(): Promise<void> {
  process.env.PGLITE_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bench-punt-db-'));
  const t0 = performance.now();
  const network = roads(SITES);
  const sites: SiteSpec[] = [];
  const times: TravelTimeSpec[] = [];
  network.forEach((road, r) => {
    const nummer = r % 3 === 0 ? `A${1 + (r % 99)}` : `N${200 + (r % 700)}`;
    for (let i = 1; i < road.length; i++) {
      const id = `GEN_${r}_${i}`;
      if (i % 5 < 2) {
        const van = wgs(road[i - 1]);
        const tot = wgs(road[i]);
        sites.push({ id, naam: `${nummer} gegenereerd wegvak ${i}`, richting: 'northBound', rijstroken: 2, van, tot, lengte_m: STEP_M });
        const ref = Math.round((STEP_M / (100 / 3.6)) * 10) / 10;
        times.push({ id, meettijd: '2026-11-22T23:50:00Z', referentie_s: ref, duur_s: Math.round(ref * (1 + rnd()) * 10) / 10 });
      } else sites.push({ id, naam: `${nummer} hmp ${i}`, richting: 'northBound', rijstroken: 2, punt: wgs(road[i]) });
    }
  });
  const feeds: SituationSpec[][] = [[], [], []];
  for (let s = 0; s < SITUATIONS; s++) {
    const road = network[Math.floor(rnd() * network.length)];
    const start = Math.floor(rnd() * Math.max(1, road.length - 20));
    const lijn = road.slice(start, start + 5 + Math.floor(rnd() * 15)).map(wgs);
    const speed = s % 2 === 1;
    feeds[s % 3].push({
      id: `GEN_SIT_${s}`,
      records: [
        {
          id: `GEN_REC_${s}`,
          type: speed ? 'SpeedManagement' : 'RoadOrCarriagewayOrLaneManagement',
          subtype: speed ? 'speedRestrictionInOperation' : 'laneClosures',
          van: '2026-11-20T20:00:00Z',
          tot: '2027-01-31T05:00:00Z',
          oorzaak: 'roadMaintenance',
          beheerder: 'gegenereerd',
          weg: 'A1',
          origineel: 3,
          afgesloten: speed ? undefined : 1,
          beschikbaar: speed ? undefined : 2,
          limiet: speed ? 70 : undefined,
          lijn: lijn.length >= 2 ? lijn : [lijn[0]],
        },
      ],
    });
  }
  log(`set generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${sites.length} measuring points (${times.length} with a travel time), ${SITUATIONS} situations`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-punt-replay-'));
  const write = (source: string, files: [string, Iterable<string>][]) => {
    fs.mkdirSync(path.join(dir, source));
    const routes = files.map(([file, chunks]) => {
      const xml = Buffer.from([...chunks].join(''));
      const gz = gzipSync(xml, { level: 6 });
      fs.writeFileSync(path.join(dir, source, file), gz);
      log(`${source}/${file}: ${(xml.byteLength / 1e6).toFixed(1)} MB XML, ${(gz.byteLength / 1e6).toFixed(1)} MB gzip`);
      return { path: `/${file}`, file, kind: 'opgebouwd', contentType: 'application/gzip' };
    });
    fs.writeFileSync(path.join(dir, source, 'routes.json'), JSON.stringify({ source, routes }));
  };
  const pub = '2026-11-22T23:51:00Z';
  write('ndw-meetlocaties', [['measurement_current.xml.gz', siteTableChunks(pub, sites)]]);
  write('ndw-reistijden', [['traveltime.xml.gz', travelTimeChunks(pub, times)]]);
  write('ndw-verkeersmaatregelen', [
    ['tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz', situationChunks(pub, feeds[0])],
    ['tijdelijke_verkeersmaatregelen_maximum_snelheden.xml.gz', situationChunks(pub, feeds[1])],
    ['actueel_beeld.xml.gz', situationChunks(pub, feeds[2])],
  ]);
  sites.length = 0;
  times.length = 0;

  // Emission zones: the recorded national publication's first zone copied to ZONES city centres over the
  // country (each a polygon of ~150 vertices of 1.5-4 km radius), so point-in-polygon runs over a full set.
  const recorded = fs.readFileSync(path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'ndw', 'emission-zones.xml'), 'utf8');
  const zoneXml = /<cz:urbanVehicleAccessRegulation [\s\S]*?<\/cz:urbanVehicleAccessRegulation>/.exec(recorded)![0];
  const zoneBlocks: string[] = [];
  for (let z = 0; z < ZONES; z++) {
    const c = { x: 20_000 + rnd() * 250_000, y: 320_000 + rnd() * 280_000 };
    const r = 1500 + rnd() * 2500;
    const ring = Array.from({ length: 150 }, (_, i) => {
      const a = (i / 150) * 2 * Math.PI;
      const [lon, lat] = wgs({ x: c.x + Math.cos(a) * r * (0.8 + 0.2 * Math.sin(5 * a)), y: c.y + Math.sin(a) * r });
      return `${lat} ${lon}`;
    });
    ring.push(ring[0]);
    zoneBlocks.push(
      zoneXml
        .replace(/NDW11_de06481f-e23e-4c9a-987b-978a4b67e0c0/g, `BENCH_${z}`)
        .replace(/ZE 's-Hertogenbosch/g, `Benchzone ${z}`)
        .replace(/<loc:posList>[^<]*<\/loc:posList>/, `<loc:posList>${ring.join(' ')}</loc:posList>`),
    );
  }
  const zonesXml = recorded.replace(/<cz:urbanVehicleAccessRegulation [\s\S]*<\/cz:urbanVehicleAccessRegulation>/, zoneBlocks.join(''));
  fs.mkdirSync(path.join(dir, 'ndw-emissiezones'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'ndw-emissiezones', 'emissiezones.xml.gz'), gzipSync(zonesXml));
  fs.writeFileSync(
    path.join(dir, 'ndw-emissiezones', 'routes.json'),
    JSON.stringify({ source: 'ndw-emissiezones', routes: [{ path: '/emissiezones.xml.gz', file: 'emissiezones.xml.gz', kind: 'opgebouwd', contentType: 'application/gzip' }] }),
  );
  log(`ndw-emissiezones/emissiezones.xml.gz: ${ZONES} zones, ${(zonesXml.length / 1e6).toFixed(1)} MB XML`);

  const replay = await startReplayServer({ fixturesDir: dir });
  for (const id of ['ndw-meetlocaties', 'ndw-reistijden', 'ndw-verkeersmaatregelen', 'ndw-emissiezones']) process.env[`BRON_${id.toUpperCase().replace(/-/g, '_')}_URL`] = replay.sourceUrl(id);

  // Query points: random places over the same extent (some far from any road: the radius cut-off is measured too).
  const queries = Array.from({ length: N }, () => wgs({ x: 20_000 + rnd() * 250_000, y: 320_000 + rnd() * 280_000 }));
  const ops = [
    ['reistijden', route(puntReistijden)],
    ['verkeer', route(puntVerkeer)],
    ['milieuzone', route(puntMilieuzone)],
  ] as const;
  const call = async (name: string, handler: (typeof ops)[number][1], [lon, lat]: [number, number]) => {
    const res = await handler.GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/${name}`), { params: Promise.resolve({ lon: String(lon), lat: String(lat) }) });
    if (res.status !== 200) throw new Error(`${name}: status ${res.status}: ${await res.text()}`);
    return (await res.json()) as { data: { meetpunten?: unknown[]; maatregelen?: unknown[]; zones?: unknown[] } };
  };

  for (const [name, handler] of ops) {
    const t = performance.now();
    await call(name, handler, queries[0]);
    const rss = process.memoryUsage().rss / 1e6;
    console.log(`GET /v1/punt/{lon}/{lat}/${name}, cold first call (stream, parse, index): ${((performance.now() - t) / 1000).toFixed(1)} s (process rss ${rss.toFixed(0)} MB, generator data included)`);
  }
  for (const [name, handler] of ops) {
    for (let i = 0; i < 20; i++) await call(name, handler, queries[i]); // JIT warm-up
    const ms: number[] = [];
    let found = 0;
    for (const q of queries) {
      const t = performance.now();
      const body = await call(name, handler, q);
      ms.push(performance.now() - t);
      found += (body.data.meetpunten ?? body.data.maatregelen ?? body.data.zones ?? []).length;
    }
    const vraag = name === 'milieuzone' ? `${ZONES} zones, n 3` : 'radius 10 km, n 10';
    console.log(`GET /v1/punt/{lon}/{lat}/${name}, warm caches (${vraag}, mean ${(found / N).toFixed(1)} results): ${stats(ms)}`);
  }
  await replay.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(() => process.exit(0), (err: unknown) => {
  console.error(err);
  process.exit(1);
});
