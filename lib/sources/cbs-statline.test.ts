// The generic CBS OData v3 client against a local replay: padded dimension keys come back trimmed,
// an answer without the OData `value` list is a failing source, and filter literals are quoted safely.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { clearSourceCache } from './fetch';
import { SourceError } from './source-error';
import { dataProperties, dimension, odataString, typedDataSet } from './cbs-statline';

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-cbs-client-'));
  const src = path.join(dir, 'cbs-statline');
  fs.mkdirSync(src);
  const write = (file: string, body: unknown) => fs.writeFileSync(path.join(src, file), JSON.stringify(body));
  // Shapes as recorded from the real ODataApi (samples cbs/odata3_CBSOData3jl): right-padded keys.
  write('regios.json', {
    'odata.metadata': 'https://opendata.cbs.nl/ODataApi/OData/83625NED/$metadata#Cbs.OData.WebAPI.RegioS',
    value: [
      { Key: 'NL01  ', Title: 'Nederland', Description: null, DetailRegionCode: 'NL01  ' },
      { Key: 'GM0363', Title: 'Amsterdam', Description: null, DetailRegionCode: 'GM0363' },
    ],
  });
  write('data.json', {
    'odata.metadata': 'https://opendata.cbs.nl/ODataApi/OData/83625NED/$metadata#Cbs.OData.WebAPI.TypedDataSet',
    value: [{ ID: 7, RegioS: 'NL01  ', Perioden: '2024JJ00', GemiddeldeVerkoopprijs_1: 450_000 }],
  });
  write('kapot.json', { error: 'not an OData list' });
  write('routes.json', {
    source: 'cbs-statline',
    routes: [
      { path: '/83625NED/RegioS', file: 'regios.json', kind: 'opgebouwd' },
      { path: '/83625NED/TypedDataSet', query: { $filter: "RegioS eq 'NL01  '", $top: '5' }, file: 'data.json', kind: 'opgebouwd' },
      { path: '/83625NED/DataProperties', file: 'kapot.json', kind: 'opgebouwd' },
    ],
  });
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_CBS_STATLINE_URL = replay.sourceUrl('cbs-statline');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_CBS_STATLINE_URL;
});
afterEach(() => clearSourceCache());

describe('cbs-statline client', () => {
  it('returns dimension categories with trimmed keys', async () => {
    const result = await dimension('83625NED', 'RegioS');
    expect(result.data.map((c) => c.Key)).toEqual(['NL01', 'GM0363']);
    expect(result.bronnen[0]).toMatchObject({ bron: 'cbs-statline', status: 'ok', attributie: 'Bron: CBS' });
  });

  it('sends $filter and $top and trims dimension values in rows', async () => {
    const result = await typedDataSet('83625NED', { filter: `RegioS eq ${odataString('NL01  ')}`, top: 5 });
    expect(result.data).toEqual([{ ID: 7, RegioS: 'NL01', Perioden: '2024JJ00', GemiddeldeVerkoopprijs_1: 450_000 }]);
  });

  it('treats an answer without an OData value list as an unreadable source', async () => {
    const failure = await dataProperties('83625NED').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SourceError);
    expect((failure as SourceError).kind).toBe('onleesbaar');
    expect((failure as SourceError).bron.status).toBe('onbeschikbaar');
  });

  it.each([
    ['A048944', "'A048944'"],
    ["O'Brien", "'O''Brien'"],
  ])('odataString(%j) = %s', (input, expected) => {
    expect(odataString(input)).toBe(expected);
  });

  it('refuses table and dimension names that are not identifiers', async () => {
    await expect(dimension('83625NED', 'RegioS?$x=1')).rejects.toThrow(/dimension key/);
    await expect(typedDataSet('../x')).rejects.toThrow(/table id/);
  });
});

describe('typedRows', () => {
  it('trims strings and keeps numbers and null, as the recorded TypedDataSet holds them', async () => {
    const { typedRows } = await import('./cbs-statline');
    expect(typedRows({ value: [{ RegioS: 'NL01  ', Waarde_1: 12.5, Leeg_2: null }] })).toEqual([{ RegioS: 'NL01', Waarde_1: 12.5, Leeg_2: null }]);
  });
  it('refuses an answer that is not a list of rows, and leaves fields a column cannot hold out of their row', async () => {
    const { typedRows } = await import('./cbs-statline');
    expect(typedRows({ error: 'x' })).toBeNull();
    expect(typedRows({ value: [1] })).toBeNull();
    expect(typedRows(null)).toBeNull();
    // An extra nested field (issue 21: nothing is rejected for an extra field) does not cost the row.
    expect(typedRows({ value: [{ a: { nested: true }, b: 1 }] })).toEqual([{ b: 1 }]);
    expect(typedRows({ value: [{ a: [1], b: ' x ' }] })).toEqual([{ b: 'x' }]);
  });
});
