// The SSRF guard and limits of dataset downloads, against a local HTTP server.
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadBezwaar, openDownload, readAllText } from './download';

let server: http.Server;
let base = '';
let served = 0;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  server = http.createServer((req, res) => {
    served++;
    if (req.url === '/naar-intern') return void res.writeHead(302, { Location: 'http://10.0.0.1/geheim' }).end();
    if (req.url === '/naar-bestand') return void res.writeHead(301, { Location: '/bestand.csv?x=1' }).end();
    if (req.url?.startsWith('/bestand.csv')) return void res.writeHead(200, { 'Content-Type': 'text/csv' }).end('a;b\n1;2\n');
    if (req.url === '/groot') {
      // 100 chunks of 1 kB without Content-Length.
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      let n = 0;
      const next = () => (n++ < 100 ? res.write('x'.repeat(1023) + '\n', next) : res.end());
      return next();
    }
    if (req.url === '/lang') return void res.writeHead(200, { 'Content-Length': '999999' }).end('{}');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  delete process.env.DATASET_LOKAAL;
  delete process.env.DATASET_MAX_BYTES;
});

describe('downloadBezwaar', () => {
  it.each([
    ['https://opendata.hoogeveen.nl/afval.csv', null],
    ['http://data.example.org/x.json', null],
    ['ftp://data.example.org/x.csv', /alleen http en https/],
    ['file:///etc/passwd', /alleen http en https/],
    ['https://user:pw@data.example.org/x.csv', /wachtwoord/],
    ['http://10.1.2.3/x.csv', /niet-openbaar netwerkadres \(10.1.2.3\)/],
    ['http://169.254.169.254/latest/meta-data', /niet-openbaar/],
    ['http://192.168.1.1/', /niet-openbaar/],
    ['http://[fd00::1]/', /niet-openbaar/],
    ['http://0.0.0.0:8080/', /niet-openbaar/],
    ['http://2130706433/', /DATASET_LOKAAL/],
    ['http://localhost:3000/', /DATASET_LOKAAL/],
    ['http://[::1]/', /DATASET_LOKAAL/],
    ['geen url', /geen geldige URL/],
  ])('%s', (url, want) => {
    const got = downloadBezwaar(url);
    if (want === null) expect(got).toBeNull();
    else expect(got).toMatch(want);
  });

  it('allows loopback only with DATASET_LOKAAL=aan', () => {
    process.env.DATASET_LOKAAL = 'aan';
    expect(downloadBezwaar('http://127.0.0.1:3999/x.csv')).toBeNull();
    expect(downloadBezwaar('http://10.1.2.3/x.csv')).toMatch(/niet-openbaar/);
  });
});

describe('openDownload', () => {
  it('refuses a loopback URL without connecting', async () => {
    const before = served;
    await expect(openDownload(`${base}/bestand.csv`)).rejects.toMatchObject({ soort: 'geweigerd' });
    expect(served).toBe(before);
  });

  it('follows a redirect and reports the final address without its query string', async () => {
    process.env.DATASET_LOKAAL = 'aan';
    const d = await openDownload(`${base}/naar-bestand`);
    expect(await readAllText(d)).toBe('a;b\n1;2\n');
    const bron = d.bron({ titel: 't', licentie: 'CC0 1.0', attributie: 'a' });
    expect(bron.url).toBe(`${base}/bestand.csv`);
    expect(bron.bron).toBe('dataset-bestand');
  });

  it('checks every redirect: one to an internal address is refused', async () => {
    process.env.DATASET_LOKAAL = 'aan';
    const err = await openDownload(`${base}/naar-intern`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DownloadError);
    expect(err).toMatchObject({ soort: 'geweigerd' });
    expect((err as DownloadError).reden).toContain('10.0.0.1');
  });

  it('stops reading beyond DATASET_MAX_BYTES', async () => {
    process.env.DATASET_LOKAAL = 'aan';
    process.env.DATASET_MAX_BYTES = '10000';
    const d = await openDownload(`${base}/groot`);
    let n = 0;
    const err = await (async () => {
      for await (const c of d.bytes) n += c.length;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ soort: 'te_groot', reden: 'is groter dan 10 kB' });
    expect(n).toBeLessThanOrEqual(10000);
  });

  it('refuses a whole read when Content-Length is over the cap, and answers 404 as an HTTP failure', async () => {
    process.env.DATASET_LOKAAL = 'aan';
    process.env.DATASET_MAX_BYTES = '1000';
    await expect(openDownload(`${base}/lang`).then(readAllText)).rejects.toMatchObject({ soort: 'te_groot' });
    await expect(openDownload(`${base}/weg`)).rejects.toMatchObject({ soort: 'http', httpStatus: 404 });
  });
});
