// The importer registry: entries for the imported registers, the official export addresses (overridable
// per BRON_* variable), and reading the GLEIF golden-copy publishes API (a real recorded answer, RR part
// only, and the /latest form) without network: a tiny local HTTP server stands in for GLEIF.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  anbiZipUrl,
  gleifLatestUrl,
  goldenCopyFiles,
  importableRegisters,
  importerFor,
  latestGoldenCopy,
  recordsRead,
  summaryLines,
} from './importers';

const root = fileURLToPath(new URL('../..', import.meta.url));
const RECORDED = path.join(root, 'test/fixtures/registers/gleif/treble-tracker_golden_publishes_rr_20260901.json');
const recorded = () => JSON.parse(fs.readFileSync(RECORDED, 'utf8'));
const RR_URL = 'https://goldencopy.gleif.org/storage/golden-copy-files/2026/09/01/1270994/20260901-0800-gleif-goldencopy-rr-golden-copy.xml.zip';

const saved = { anbi: process.env.BRON_BELASTINGDIENST_ANBI_URL, gleif: process.env.BRON_GLEIF_GOLDEN_COPY_URL };
afterEach(() => {
  for (const [k, v] of [['BRON_BELASTINGDIENST_ANBI_URL', saved.anbi], ['BRON_GLEIF_GOLDEN_COPY_URL', saved.gleif]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('registry', () => {
  it('has all four registers, each with a title and run', () => {
    expect(importableRegisters()).toEqual(['lei', 'charity', 'fsp', 'finreg']);
    for (const id of importableRegisters()) {
      const imp = importerFor(id)!;
      expect(imp.id).toBe(id);
      expect(imp.titel.length).toBeGreaterThan(5);
      expect(typeof imp.run).toBe('function');
    }
    expect(importerFor('lei')!.extraBestanden?.map((e) => e.naam)).toEqual(['rr']);
    expect(importerFor('kifid')).toBeUndefined();
    expect(importerFor('toString')).toBeUndefined();
  });

  it('summarises a result with the counts of the register', () => {
    const lei = importerFor('lei')!;
    const r = { importId: 3, peildatum: new Date(), sha256: 'x', ms: 1000, aantallen: { entiteiten: 2, gelezen_lei2: 1200, relaties: 1, gelezen_rr: 400 } };
    expect(summaryLines(lei, r)).toEqual(['entiteiten 2 (van 1.200 gelezen), relaties 1 (van 400 gelezen)']);
    expect(recordsRead(lei, r)).toBe(1600);
  });
});

describe('official export addresses', () => {
  it('charity: anbi.zip under BRON_BELASTINGDIENST_ANBI_URL, else the Belastingdienst', async () => {
    delete process.env.BRON_BELASTINGDIENST_ANBI_URL;
    expect(anbiZipUrl()).toBe('https://download.belastingdienst.nl/data/anbi/anbi.zip');
    process.env.BRON_BELASTINGDIENST_ANBI_URL = 'http://127.0.0.1:9/x/';
    expect(anbiZipUrl()).toBe('http://127.0.0.1:9/x/anbi.zip');
    expect(await importerFor('charity')!.officialExport()).toEqual({ file: 'http://127.0.0.1:9/x/anbi.zip' });
  });

  it('lei: /latest of the GLEIF golden-copy publishes API', () => {
    delete process.env.BRON_GLEIF_GOLDEN_COPY_URL;
    expect(gleifLatestUrl()).toBe('https://goldencopy.gleif.org/api/v2/golden-copies/publishes/latest');
  });
});

describe('GLEIF golden-copy publishes API', () => {
  it('reads the RR full-file XML URL from the recorded answer (list form, RR part only)', () => {
    expect(goldenCopyFiles(recorded())).toEqual({ publishDate: '2026-09-01 08:00:00', lei2: null, rr: RR_URL });
  });

  it('reads both URLs from the /latest form (data is one publication)', () => {
    const pub = recorded().data[0];
    pub.lei2 = { ...structuredClone(pub.rr), type: 'lei2' };
    pub.lei2.full_file.xml.url = RR_URL.replace('-rr-', '-lei2-');
    expect(goldenCopyFiles({ data: pub })).toMatchObject({ lei2: RR_URL.replace('-rr-', '-lei2-'), rr: RR_URL });
  });

  it('refuses answers without a publication', () => {
    expect(() => goldenCopyFiles({})).toThrow(/data ontbreekt/);
    expect(() => goldenCopyFiles({ data: [] })).toThrow(/data ontbreekt/);
    expect(goldenCopyFiles({ data: { lei2: { full_file: { xml: { url: 'ftp://x' } } } } }).lei2).toBeNull();
  });

  describe('over HTTP', () => {
    let answer: { status: number; body: string } = { status: 200, body: '{}' };
    const paths: string[] = [];
    const server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.statusCode = answer.status;
      res.end(answer.body);
    });
    let base = '';
    beforeAll(async () => {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/golden-copies/publishes`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('asks /latest and returns the LEI2 and RR URLs', async () => {
      process.env.BRON_GLEIF_GOLDEN_COPY_URL = base;
      const pub = recorded().data[0];
      pub.lei2 = structuredClone(pub.rr);
      pub.lei2.full_file.xml.url = RR_URL.replace('-rr-', '-lei2-');
      answer = { status: 200, body: JSON.stringify({ data: pub }) };
      const g = await latestGoldenCopy();
      expect(paths.at(-1)).toBe('/api/v2/golden-copies/publishes/latest');
      expect(g).toEqual({ lei2: RR_URL.replace('-rr-', '-lei2-'), rr: RR_URL, publishDate: '2026-09-01 08:00:00', via: `${base}/latest` });
      expect(await importerFor('lei')!.officialExport()).toEqual({ file: g.lei2, extra: { rr: RR_URL }, via: `${base}/latest` });
    });

    it('says which file is missing, and names HTTP errors and bad JSON', async () => {
      process.env.BRON_GLEIF_GOLDEN_COPY_URL = base;
      answer = { status: 200, body: fs.readFileSync(RECORDED, 'utf8') };
      await expect(latestGoldenCopy()).rejects.toThrow(/noemt geen LEI2 full file/);
      answer = { status: 500, body: 'fout' };
      await expect(latestGoldenCopy()).rejects.toThrow(/HTTP-status 500/);
      answer = { status: 200, body: '<html>' };
      await expect(latestGoldenCopy()).rejects.toThrow(/geen geldige JSON/);
    });
  });
});
