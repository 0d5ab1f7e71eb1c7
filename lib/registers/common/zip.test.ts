import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isZipFile, listZip, looksLikeZip, openZipEntry } from './zip';

const ZIP = 'test/fixtures/registers/anbi/anbi-sample.zip';

async function bytes(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c);
  return Buffer.concat(parts);
}

describe('zip reader (yauzl)', () => {
  it('lists the entry of anbi.zip', async () => {
    expect((await listZip(ZIP)).map((e) => [e.name, e.method, e.size])).toEqual([['anbi.xml', 8, 3357]]);
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
      await expect(listZip(p)).rejects.toThrow('not a zip file');
      await writeFile(p, zlib.gzipSync('x'));
      await expect(openZipEntry(p)).rejects.toThrow('not a zip file');
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
