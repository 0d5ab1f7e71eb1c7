import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ImportRefused } from './refusal';
import { isZipFile, listZip, looksLikeZip, openZipEntry } from './zip';

const ZIP = 'test/fixtures/registers/anbi/anbi-sample.zip';

async function bytes(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c);
  return Buffer.concat(parts);
}

describe('zip reader (yauzl)', () => {
  it('lists the entry of anbi.zip', async () => {
    expect((await listZip(ZIP)).map((e) => [e.name, e.method, e.size])).toEqual([['anbi.xml', 8, 3315]]);
  });

  it('inflates the entry byte-identical to the XML fixture', async () => {
    const { stream } = await openZipEntry(ZIP, 'anbi.xml');
    expect((await bytes(stream)).equals(await readFile('test/fixtures/registers/anbi/anbi-sample.xml'))).toBe(true);
  });

  it('names the entries when the wanted one is absent', async () => {
    await expect(openZipEntry(ZIP, 'other.xml')).rejects.toThrow('no entry other.xml; entries: anbi.xml');
  });

  it('rejects a file that is not a zip', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-'));
    try {
      const p = join(dir, 'not.zip');
      await writeFile(p, '<?xml version="1.0"?><x/>');
      await expect(listZip(p)).rejects.toThrow('not.zip: geen volledig ZIP-bestand');
      await writeFile(p, zlib.gzipSync('x'));
      await expect(openZipEntry(p)).rejects.toThrow('geen volledig ZIP-bestand');
      expect(await isZipFile(p)).toBe(false);
      expect(await isZipFile(ZIP)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('streams the first entry of a larger deflated zip (GLEIF style, one file per zip) and names it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zip-'));
    try {
      const name = '20260901-0800-gleif-goldencopy-lei2-golden-copy.csv';
      const body = 'LEI,Entity.LegalName\n'.concat('X'.repeat(20), ',Naam\n').repeat(20000);
      await writeFile(join(dir, name), body);
      execFileSync('zip', ['-q', 'a.zip', name], { cwd: dir });
      const zip = join(dir, 'a.zip');
      expect(looksLikeZip(await readFile(zip))).toBe(true);
      const { entry, stream } = await openZipEntry(zip);
      expect(entry.name).toBe(name);
      expect((await bytes(stream)).toString('utf8')).toBe(body);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// What a cut download or a damaged archive looks like; every case is refused as 'onvolledig'.
describe('zip completeness', () => {
  async function withDir(f: (dir: string) => Promise<void>) {
    const dir = await mkdtemp(join(tmpdir(), 'zip-'));
    try {
      await f(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  // A zip of one entry; `stored` keeps the bytes uncompressed, so a byte can be changed in place.
  async function zipOf(dir: string, body: string, stored = false): Promise<string> {
    await writeFile(join(dir, 'golden.xml'), body);
    execFileSync('zip', ['-q', ...(stored ? ['-0'] : []), 'a.zip', 'golden.xml'], { cwd: dir });
    return join(dir, 'a.zip');
  }
  async function refusal(p: Promise<unknown>): Promise<ImportRefused> {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(ImportRefused);
    expect((e as ImportRefused).soort).toBe('onvolledig');
    return e as ImportRefused;
  }
  const body = '<?xml version="1.0"?>\n<root>'.concat('<r>record</r>\n'.repeat(5000), '</root>\n');

  it('refuses a 0-byte file', () =>
    withDir(async (dir) => {
      const p = join(dir, 'leeg.zip');
      await writeFile(p, '');
      expect((await refusal(openZipEntry(p))).reden).toBe('leeg.zip: het bestand is leeg (0 bytes).');
      await refusal(listZip(p));
    }));

  it('refuses a zip whose end-of-central-directory record is cut off (download cut at 60%, or just the last bytes)', () =>
    withDir(async (dir) => {
      const zip = await zipOf(dir, body);
      const whole = await readFile(zip);
      for (const keep of [Math.floor(whole.length * 0.6), whole.length - 10]) {
        await writeFile(zip, whole.subarray(0, keep));
        const e = await refusal(openZipEntry(zip));
        expect(e.reden).toMatch(/^a\.zip: geen volledig ZIP-bestand: het einde van de centrale map/);
      }
    }));

  it('refuses an entry whose bytes do not match the CRC-32 of the central directory', () =>
    withDir(async (dir) => {
      const zip = await zipOf(dir, body, true);
      const raw = await readFile(zip);
      const at = raw.indexOf('record');
      raw[at] = 'R'.charCodeAt(0); // same size, other bytes
      await writeFile(zip, raw);
      const { stream } = await openZipEntry(zip);
      const e = await refusal(bytes(stream));
      expect(e.reden).toContain('a.zip!golden.xml: de CRC-32');
    }));

  it('refuses an entry whose size differs from the central directory', () =>
    withDir(async (dir) => {
      const zip = await zipOf(dir, body, true);
      const raw = await readFile(zip);
      const cd = raw.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); // central directory file header
      raw.writeUInt32LE(raw.readUInt32LE(cd + 24) + 7, cd + 24); // uncompressed size + 7
      await writeFile(zip, raw);
      const e = await refusal((async () => bytes((await openZipEntry(zip)).stream))());
      expect(e.reden).toMatch(/^a\.zip/);
    }));

  it('still streams an intact zip in full', () =>
    withDir(async (dir) => {
      const zip = await zipOf(dir, body);
      expect((await bytes((await openZipEntry(zip)).stream)).toString('utf8')).toBe(body);
    }));
});
