// The finreg import through the DNB JSON API (DNB_API_KEY set, no file) on a fresh PGlite directory,
// against the replay server serving test/upstream/fixtures/dnb-api (built from the official OpenAPI
// spec, labelled opgebouwd; no real recording exists). A small recording proxy in front of the replay
// server shows what reached the upstream: the key header, the paging and the 25 relation numbers per
// details call. A 500 on one register fails the import naming that register and leaves the previous
// version serving; without the key the CSV downloads are used as before.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { dnbApi } from '@/lib/sources/dnb-api';
import { useTestDatabase } from '@/test/db/test-database';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { readManifest } from '../common/manifest';
import { publishedImportId } from '../common/publish';
import { combinedSha256, FINREG_REGISTER, importFinreg } from './import';
import { getFinregDossier } from './query';

const SLOW = 120_000;
const PEIL = new Date('2026-11-20T06:00:00Z');
const KEY = 'test-sleutel-3f9a';
const FIX = path.join(FIXTURES_DIR, 'dnb-api');
const ENV = ['BRON_DNB_API_URL', 'DNB_API_KEY', 'BRON_DNB_REGISTER_URL', 'BRON_TIMEOUT_MS'] as const;

/** sha-256 of fixture files concatenated, i.e. of the answer bodies in request order. */
const shaOf = (...files: string[]) => {
  const h = createHash('sha256');
  for (const f of files) h.update(fs.readFileSync(path.join(FIX, f)));
  return h.digest('hex');
};
const sizeOf = (...files: string[]) => files.reduce((s, f) => s + fs.statSync(path.join(FIX, f)).size, 0);

interface Seen {
  url: URL;
  key: string | undefined;
}

/** A pass-through proxy that records each request's URL and key header (and the most in flight) before asking `target`. */
async function recordingProxy(target: () => string): Promise<{ url: string; seen: Seen[]; maxInFlight: () => number; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer(async (req, res) => {
    const key = req.headers['ocp-apim-subscription-key'];
    seen.push({ url: new URL(req.url ?? '/', 'http://proxy.local'), key: Array.isArray(key) ? key.join(',') : key });
    maxInFlight = Math.max(maxInFlight, ++inFlight);
    res.on('close', () => inFlight--);
    try {
      const up = await fetch(target() + req.url, { headers: { accept: String(req.headers.accept ?? '*/*') } });
      const body = Buffer.from(await up.arrayBuffer());
      res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json', 'content-length': body.length });
      res.end(body);
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('finreg import through the DNB JSON API', () => {
  useTestDatabase('pglite', 'nlods-finreg-api-');
  const saved: Record<string, string | undefined> = {};
  let replay: ReplayServer;
  let failing: ReplayServer;
  let upstream: () => string;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  const tmpDirs: string[] = [];

  beforeAll(async () => {
    for (const k of ENV) saved[k] = process.env[k];
    replay = await startReplayServer();
    // The same fixtures, but the details call of register WTTTK answers HTTP 500.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-dnb-api-'));
    tmpDirs.push(dir);
    fs.cpSync(FIX, path.join(dir, 'dnb-api'), { recursive: true });
    const routesFile = path.join(dir, 'dnb-api', 'routes.json');
    const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as { routes: { path: string; status?: number }[] };
    for (const r of spec.routes) if (r.path === '/api/publicregister/NL/WTTTK/Organizations') r.status = 500;
    fs.writeFileSync(routesFile, JSON.stringify(spec));
    failing = await startReplayServer({ fixturesDir: dir });
    upstream = () => replay.url;
    proxy = await recordingProxy(() => upstream());
    process.env.BRON_DNB_API_URL = `${proxy.url}/dnb-api`;
    process.env.DNB_API_KEY = KEY;
    process.env.BRON_TIMEOUT_MS = '10000';
    // Would the CSV path be taken, its downloads fail at once (closed port).
    process.env.BRON_DNB_REGISTER_URL = 'http://127.0.0.1:9/registerdownload/csv';
  });

  afterAll(async () => {
    await proxy?.close();
    await replay?.close();
    await failing?.close();
    for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
    for (const k of ENV) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('walks registers, all relation-number pages and details in calls of 25, and publishes', { timeout: SLOW }, async () => {
    const r = await importFinreg({ peildatum: PEIL });
    expect(r.aantallen).toEqual({
      instellingen: 29,
      registraties: 30,
      registraties_geldig: 28,
      registraties_beeindigd: 2,
      registraties_WFTDG: 26,
      registraties_WTTTK: 4,
      instellingen_WFTDG: 26,
      instellingen_WTTTK: 3,
      bestanden: 2,
      gelezen: 31,
      overgeslagen: 0,
      waarschuwingen: 1, // F9026 is listed but not in the details
      herhaald: 0,
      conflicten: 0,
    });

    // What reached the upstream: the key header on every call, never the key in a URL, the paging, and
    // the details of 25 relation numbers in one call.
    expect(proxy.seen.map((s) => s.key)).toEqual(proxy.seen.map(() => KEY));
    expect(proxy.seen.some((s) => s.url.search.includes(KEY))).toBe(false);
    const calls = proxy.seen.map((s) => `${s.url.pathname.replace('/dnb-api', '')}${s.url.search ? '?' : ''}${[...new Set(s.url.searchParams.keys())].join('&')}`);
    expect(calls).toEqual([
      '/api/publicregister/Registers',
      '/api/publicregister/WFTDG/Organizations?page&pageSize',
      '/api/publicregister/WFTDG/Organizations?page&pageSize',
      '/api/publicregister/NL/WFTDG/Organizations?relationNumbers',
      '/api/publicregister/NL/WFTDG/Organizations?relationNumbers',
      '/api/publicregister/WTTTK/Organizations?page&pageSize',
      '/api/publicregister/NL/WTTTK/Organizations?relationNumbers',
    ]);
    expect(proxy.seen[2].url.searchParams.get('page')).toBe('2');
    expect(proxy.seen[2].url.searchParams.get('pageSize')).toBe('25');
    const firstDetails = proxy.seen[3].url.searchParams.getAll('relationNumbers');
    expect(firstDetails).toHaveLength(25);
    expect(firstDetails.slice(0, 3)).toEqual(['F0001', 'F9001', 'F9002']);
    expect(proxy.seen[4].url.searchParams.getAll('relationNumbers')).toEqual(['F9025', 'F9026']);
    expect(replay.hits('dnb-api')).toBe(7);

    // Manifest: the API base, one file per register in code order with the sha-256 of its answers.
    const base = `${proxy.url}/dnb-api`;
    const m = (await readManifest(getDb(), FINREG_REGISTER))!;
    const wftdg = ['wftdg-relatienummers-pagina-1.json', 'wftdg-relatienummers-pagina-2.json', 'wftdg-details-F0001-F9024.json', 'wftdg-details-F9025-F9026.json'];
    const wtttk = ['wtttk-relatienummers-pagina-1.json', 'wtttk-details-T0101-T0103.json'];
    expect(m.bestanden).toEqual([
      { rol: 'WFTDG', naam: 'DNB-API WFTDG', bron_url: `${base}/api/publicregister/NL/WFTDG/Organizations`, sha256: shaOf(...wftdg), bytes: sizeOf(...wftdg), versie: '2026-11-20T06:00:00' },
      { rol: 'WTTTK', naam: 'DNB-API WTTTK', bron_url: `${base}/api/publicregister/NL/WTTTK/Organizations`, sha256: shaOf(...wtttk), bytes: sizeOf(...wtttk), versie: '2026-11-20T06:00:00' },
    ]);
    expect(r.sha256).toBe(combinedSha256(m.bestanden as { rol: string; sha256: string }[]));
    expect(m).toMatchObject({ peildatum: PEIL.toISOString(), sha256: r.sha256, bron_url: base, verversing: { status: 'ok', laatste_fout: null } });

    // Adyen's dossier with the identifiers of the notes.
    const d = getDb();
    const id = (await publishedImportId(d, FINREG_REGISTER))!;
    expect(id).toBe(r.importId);
    const adyen = (await getFinregDossier(d, id, PEIL, 'F0001'))!;
    expect(adyen).toMatchObject({
      relatienummer: 'F0001',
      naam: 'Adyen N.V.',
      handelsnamen: ['Adyen'],
      kvk_nummer: '34259528',
      lei: '724500973ODKK3IFQ447',
      plaatsgegevens: { statutaire_plaats: 'Amsterdam', plaats_vestiging: null, land: 'Nederland' },
      deelregisters: [{ code: 'WFTDG', omschrijving: 'Depositogarantiestelsel' }],
      aantal_registraties: 1,
      gerelateerde_relaties: [],
    });
    expect(adyen.registraties).toEqual([
      {
        volgnr: 1,
        deelregister: 'WFTDG',
        type: 'Vergunning',
        wetsartikel: 'Artikel 2:11 Wft',
        begindatum: '2017-01-01',
        einddatum: null,
        status: 'geldig',
        activiteiten: [{ activiteit: 'Bank – CI', begindatum: '2017-01-01', einddatum: null, status: 'geldig' }],
      },
    ]);
    // Names valid on the peildatum; the official name when there is no statutory one.
    expect((await getFinregDossier(d, id, PEIL, 'F9001'))!.naam).toBe('Voorbeeldbank 01 N.V.');
    const t0103 = (await getFinregDossier(d, id, PEIL, 'T0103'))!;
    expect(t0103.naam).toBe('Voorbeeld Beheer B.V.');
    expect(t0103.registraties[0].activiteiten).toEqual([]);
    expect((await getFinregDossier(d, id, PEIL, 'T0102'))!.registraties.map((x) => x.status)).toEqual(['geldig', 'beëindigd']);
    expect(await getFinregDossier(d, id, PEIL, 'F9026')).toBeNull();
  });

  it('a 500 on one register fails the import naming that register; the previous version keeps serving', { timeout: SLOW }, async () => {
    const d = getDb();
    const before = (await readManifest(d, FINREG_REGISTER))!;
    upstream = () => failing.url;
    try {
      const err = await importFinreg({ peildatum: PEIL }).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toBe(
        'DNB-API, register WTTTK: details van T0101 t/m T0103 ophalen mislukt: De Nederlandsche Bank, Openbaar Register (JSON-API): antwoordde met HTTP-status 500',
      );
      expect(err?.message).not.toContain(KEY);
      const m = (await readManifest(d, FINREG_REGISTER))!;
      expect(m.import_id).toBe(before.import_id);
      expect(m.verversing).toMatchObject({ status: 'mislukt', laatste_fout: { fout: expect.stringContaining('register WTTTK') } });
      // The rows already written for WFTDG were removed with the failed import.
      const ids = await d.$queryRaw<{ import_id: number }[]>`SELECT DISTINCT import_id FROM finreg_registratie WHERE import_id > ${before.import_id}`;
      expect(ids).toEqual([]);
      expect((await getFinregDossier(d, before.import_id, PEIL, 'F0001'))!.lei).toBe('724500973ODKK3IFQ447');

      // A failing register list names itself too.
      failing.setFault('dnb-api', { kind: 'http500' });
      await expect(importFinreg({ peildatum: PEIL })).rejects.toThrow(
        'DNB-API: de lijst van registers ophalen mislukt: De Nederlandsche Bank, Openbaar Register (JSON-API): antwoordde met HTTP-status 500',
      );
      expect((await readManifest(d, FINREG_REGISTER))!.import_id).toBe(before.import_id);
    } finally {
      failing.clearFaults();
      upstream = () => replay.url;
    }
  });

  it('without DNB_API_KEY an import without a file takes the CSV downloads, never the API', { timeout: SLOW }, async () => {
    const calls = proxy.seen.length;
    delete process.env.DNB_API_KEY;
    try {
      await expect(importFinreg({ peildatum: PEIL })).rejects.toThrow('Download van deelregister WFTAF mislukt (http://127.0.0.1:9/registerdownload/csv/WFTAF)');
      expect(proxy.seen.length).toBe(calls);
      expect((await readManifest(getDb(), FINREG_REGISTER))!.verversing.laatste_fout!.fout).toContain('deelregister WFTAF');
      // A file given with the key set is imported from the file, not from the API.
      process.env.DNB_API_KEY = KEY;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finreg-api-csv-'));
      const csv = path.join(dir, 'WFTEG.csv');
      fs.writeFileSync(csv, 'Relatienummer;StatutaireNaam;RegistratieType;Begindatum\nE1;Geld B.V.;Vergunning;2020-01-01\n');
      try {
        // One small sub-register over the published API import, same peildatum: forced on purpose (common/guard.ts).
        const r = await importFinreg({ file: csv, peildatum: PEIL, forceer: true });
        expect(r.aantallen).toMatchObject({ registraties: 1, registraties_WFTEG: 1 });
        expect((await readManifest(getDb(), FINREG_REGISTER))!.bron_url).toBe('http://127.0.0.1:9/registerdownload/csv');
        expect(proxy.seen.length).toBe(calls);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      process.env.DNB_API_KEY = KEY;
    }
  });

  it('runs at most 4 detail calls at a time and keeps rows in relation-number order', { timeout: SLOW }, async () => {
    // A generated register of 150 relation numbers (6 pages, 6 detail calls); each details answer holds
    // only the first number of its call, so the other 144 count as warnings.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-dnb-api-many-'));
    tmpDirs.push(dir);
    const src = path.join(dir, 'dnb-api');
    fs.mkdirSync(src);
    const nums = Array.from({ length: 150 }, (_, i) => `X${String(i + 1).padStart(3, '0')}`);
    const routes: { path: string; query?: Record<string, string>; file: string; kind: string }[] = [
      { path: '/api/publicregister/Registers', file: 'registers.json', kind: 'opgebouwd' },
    ];
    fs.writeFileSync(path.join(src, 'registers.json'), JSON.stringify([{ name: 'Proef', code: 'WFTXX', type: 'TheNetherlands', lastPublishDate: null }]));
    for (let p = 0; p < 6; p++) {
      const chunk = nums.slice(p * 25, p * 25 + 25);
      fs.writeFileSync(
        path.join(src, `p${p + 1}.json`),
        JSON.stringify({ registerCode: 'WFTXX', relationNumbers: chunk.map((relationNumber) => ({ relationNumber })), _metadata: { page: p + 1, pageSize: 25, hasMorePages: p < 5, totalCount: 150 } }),
      );
      routes.push({ path: '/api/publicregister/WFTXX/Organizations', query: { page: String(p + 1) }, file: `p${p + 1}.json`, kind: 'opgebouwd' });
      const org = { relationNumber: chunk[0], statutoryNames: [{ name: `Proef ${chunk[0]} B.V.` }], registrations: [{ registrationType: 'Vergunning' }] };
      fs.writeFileSync(path.join(src, `d${p + 1}.json`), JSON.stringify({ registerCode: 'WFTXX', organizations: [org] }));
      routes.push({ path: '/api/publicregister/NL/WFTXX/Organizations', query: { relationNumbers: chunk[0] }, file: `d${p + 1}.json`, kind: 'opgebouwd' });
    }
    fs.writeFileSync(path.join(src, 'routes.json'), JSON.stringify({ source: 'dnb-api', routes }));
    const many = await startReplayServer({ fixturesDir: dir, faults: 'dnb-api=latency:40' });
    upstream = () => many.url;
    const seenBefore = proxy.seen.length;
    try {
      const r = await importFinreg({ peildatum: PEIL, forceer: true }); // a small register over a bigger one, on purpose
      expect(r.aantallen).toMatchObject({ instellingen: 6, registraties: 6, registraties_WFTXX: 6, waarschuwingen: 144, bestanden: 1 });
      const details = proxy.seen.slice(seenBefore).filter((x) => x.url.searchParams.has('relationNumbers'));
      expect(details.map((x) => x.url.searchParams.getAll('relationNumbers').length)).toEqual([25, 25, 25, 25, 25, 25]);
      expect(proxy.maxInFlight()).toBe(4);
      const d = getDb();
      const id = (await publishedImportId(d, FINREG_REGISTER))!;
      const volgnrs = await Promise.all(['X001', 'X026', 'X051', 'X076', 'X101', 'X126'].map(async (n) => (await getFinregDossier(d, id, PEIL, n))!.registraties[0].volgnr));
      expect(volgnrs).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      upstream = () => replay.url;
      await many.close();
    }
  });

  it('declares the source with its key variable and header', () => {
    expect(dnbApi).toMatchObject({ id: 'dnb-api', envVar: 'BRON_DNB_API_URL', keyEnvVar: 'DNB_API_KEY', keyHeader: 'Ocp-Apim-Subscription-Key' });
  });
});
