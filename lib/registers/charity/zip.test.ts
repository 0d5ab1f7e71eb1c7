import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnbiXml } from './parse';
import { listZip, openAnbiFile, openZipEntry } from './zip';

const ZIP = 'test/fixtures/registers/anbi/anbi-sample.zip';

async function text(stream: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c);
  return Buffer.concat(parts).toString('latin1');
}

describe('zip reader', () => {
  it('lists the entry of anbi.zip', async () => {
    expect((await listZip(ZIP)).map((e) => [e.name, e.method, e.size])).toEqual([['anbi.xml', 8, 3357]]);
  });

  it('inflates the entry byte-identical to the XML fixture', async () => {
    const { stream } = await openZipEntry(ZIP, 'anbi.xml');
    const xml = await text(stream);
    const { readFile } = await import('node:fs/promises');
    expect(xml).toBe((await readFile('test/fixtures/registers/anbi/anbi-sample.xml')).toString('latin1'));
  });

  it('names the entries when the wanted one is absent', async () => {
    await expect(openZipEntry(ZIP, 'other.xml')).rejects.toThrow('no entry other.xml; entries: anbi.xml');
  });

  it('rejects a file that is not a zip', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'anbi-'));
    const p = join(dir, 'not.zip');
    await writeFile(p, '<?xml version="1.0"?><x/>');
    await expect(listZip(p)).rejects.toThrow('not a zip file');
  });

  it('openAnbiFile takes either the zip or the XML', async () => {
    for (const p of [ZIP, 'test/fixtures/registers/anbi/anbi-sample.xml']) {
      const run = parseAnbiXml(await openAnbiFile(p));
      let n = 0;
      for await (const _ of run) n++;
      expect([n, run.header?.peildatum]).toEqual([11, '2026-11-17']);
    }
  });
});
