import { describe, expect, it } from 'vitest';
import { openAnbiFile } from './anbi-file';
import { parseAnbiXml } from './parse';

describe('openAnbiFile', () => {
  it('takes either the zip or the XML', async () => {
    for (const p of ['test/fixtures/registers/anbi/anbi-sample.zip', 'test/fixtures/registers/anbi/anbi-sample.xml']) {
      const run = parseAnbiXml(await openAnbiFile(p));
      let n = 0;
      for await (const _ of run) n++;
      expect([n, run.header?.peildatum]).toEqual([11, '2026-11-17']);
    }
  });
});
