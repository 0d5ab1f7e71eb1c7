import fs from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseAnbiXml, unescapeXml, type AnbiRecord } from './parse';
import { openAnbiZip } from './anbi-file';

const FIXTURE = 'test/fixtures/registers/anbi/anbi-sample.xml';
const ZIP = 'test/fixtures/registers/anbi/anbi-sample.zip';

async function all(input: Parameters<typeof parseAnbiXml>[0]) {
  const run = parseAnbiXml(input);
  const recs: AnbiRecord[] = [];
  for await (const r of run) recs.push(r);
  return { run, recs, byId: new Map(recs.map((r) => [r.id, r])) };
}

describe('parseAnbiXml on the hand-built fixture', () => {
  it('reads the header as peildatum and versie, decoding ISO-8859-1 by the declaration', async () => {
    const { run } = await all(FIXTURE);
    expect(run.header).toEqual({ peildatum: '2026-11-17', versie: '1.0' });
    expect(run.stats.encoding).toBe('windows-1252 (declared ISO-8859-1)');
  });

  it('counts records, skips and warnings', async () => {
    const { run, recs } = await all(FIXTURE);
    expect(run.stats.read).toBe(12);
    expect(recs).toHaveLength(11);
    // Neither RSIN, dossier number nor name: skipped (a decision with a name but no number is kept, id from its name).
    expect(run.stats.skippedByReason).toEqual({ geen_id: 1 });
    expect(run.stats.warningsByCode).toEqual({ rsin_ongeldig: 1, datum_ongeldig: 1 });
    expect(run.stats.problems.find((p) => p.code === 'geen_id')?.line).toBe(79);
  });

  it('gives the five group decisions without RSIN their dossier number as id', async () => {
    const { recs } = await all(FIXTURE);
    const groups = recs.filter((r) => r.groepsbeschikking);
    expect(groups.map((r) => [r.id, r.naam])).toEqual([
      ['900001', 'Staat der Nederlanden'],
      ['900002', 'Gemeenten'],
      ['900003', 'Provincies'],
      ['900004', 'Waterschappen'],
      ['900005', 'Kerkgenootschappen en hun onderdelen'],
    ]);
    expect(groups.every((r) => r.rsin === null)).toBe(true);
  });

  it('maps a full record (padded values, re-padded RSIN, accents, culture)', async () => {
    const { byId } = await all(FIXTURE);
    expect(byId.get('012345678')).toEqual({
      line: 33,
      id: '012345678',
      rsin: '012345678',
      dossiernummer: '100234',
      naam: 'Stichting Vrienden van Café De Zwaluw',
      alias: 'De Zwaluw',
      plaats: 'Utrecht',
      website: 'www.voorbeeld-zwaluw.nl',
      ingangsdatum: '2012-01-01',
      intrekkingsdatum: null,
      ingangsdatum_cultuur: '2012-01-01',
      einddatum_cultuur: null,
      cultuur: true,
      groepsbeschikking: false,
      extra: {},
    });
  });

  it.each([
    // quirk, id, field, expected
    ['RSIN with two dropped zeros', '007654321', 'naam', 'Vereniging Vrienden van het Sociëteitshuis'],
    ['empty alias → null', '007654321', 'alias', null],
    ['culture ended before peildatum', '007654321', 'cultuur', false],
    ['eindDatumCultuur read', '007654321', 'einddatum_cultuur', '2020-06-30'],
    ['RSIN padded with spaces', '816543210', 'rsin', '816543210'],
    ['entities &amp; and numeric refs', '816543210', 'naam', 'Fonds Kunst & Ambacht één'],
    ['entity in alias', '816543210', 'alias', 'K&A'],
    ['padded website', '816543210', 'website', 'https://kunst-ambacht.example'],
    ['Dutch date dd-mm-yyyy', '816543210', 'ingangsdatum', '2015-03-01'],
    ['intrekking on peildatum', '816543210', 'intrekkingsdatum', '2026-11-17'],
    ['culture ending after peildatum', '816543210', 'cultuur', true],
    ['intrekkingsDatum', '823456789', 'intrekkingsdatum', '2021-12-31'],
    ['no culture fields', '823456789', 'cultuur', false],
    ['ISO date-time', '810000123', 'ingangsdatum', '2020-01-01'],
    ['unknown element kept', '810000123', 'extra', { rubriek: 'Cultuur' }],
    ['invalid RSIN → dossier number as id', '100238', 'rsin', null],
    ['impossible date cleared', '100238', 'ingangsdatum', null],
    ['invalid RSIN is not a group decision', '100238', 'groepsbeschikking', false],
  ] as const)('%s', async (_q, id, field, expected) => {
    const { byId } = await all(FIXTURE);
    expect(byId.get(id)?.[field as keyof AnbiRecord]).toEqual(expected);
  });

  it('reads the same records from anbi.zip', async () => {
    const fromZip = await all(await openAnbiZip(ZIP));
    const fromXml = await all(FIXTURE);
    expect(fromZip.recs).toEqual(fromXml.recs);
    expect(fromZip.run.header?.peildatum).toBe('2026-11-17');
  });
});

describe('parseAnbiXml on the documented format (opgebouwd fixture, ISO-8859-1)', () => {
  const DOC = 'test/fixtures/registers/anbi/anbi-opgebouwd.xml';

  it('keeps the group decisions without fiscaalNummer (and without dossierNummer) with a stable id', async () => {
    const { run, recs } = await all(DOC);
    expect(run.header).toEqual({ peildatum: '2026-11-24', versie: '1.0' });
    expect(run.stats.encoding).toBe('windows-1252 (declared ISO-8859-1)');
    expect(run.stats.read).toBe(7);
    expect(run.stats.skipped).toBe(0);
    expect(run.end).toEqual({ root: 'publicatieAnbiInstellingen', rootClosed: true, unfinished: 0 });
    expect(recs.filter((r) => r.groepsbeschikking).map((r) => [r.id, r.rsin, r.dossiernummer, r.naam])).toEqual([
      ['naam-staat-der-nederlanden', null, null, 'Staat der Nederlanden'],
      ['naam-gemeente', null, null, 'Gemeente'],
      ['900003', null, '900003', 'Provincie'],
    ]);
    // The same record parsed twice gives the same id (stable).
    expect((await all(DOC)).recs.map((r) => r.id)).toEqual(recs.map((r) => r.id));
  });

  it('pads RSINs without leading zeros, decodes accents, reads both culture dates', async () => {
    const { byId } = await all(DOC);
    expect(byId.get('002345678')).toMatchObject({ rsin: '002345678', naam: 'Stichting Crème de la Crème', alias: 'Crèmefonds', plaats: 'Kûbaard', website: 'www.cremedelacreme.nl' });
    expect(byId.get('034567890')).toMatchObject({ naam: "Vereniging Vrienden van Café 't Hoekje", intrekkingsdatum: '2021-06-30' });
    expect(byId.get('812345678')).toMatchObject({ naam: 'Stichting Kamerkoor Cäcilia', ingangsdatum_cultuur: '2012-01-01', einddatum_cultuur: null, cultuur: true });
    expect(byId.get('823456789')).toMatchObject({ naam: 'Stichting Théâtre Privé', ingangsdatum_cultuur: '2014-03-01', einddatum_cultuur: '2020-12-31', cultuur: false, extra: {} });
  });

  it('reports a cut file: root not closed, or a beschikking without its end tag', async () => {
    const bytes = fs.readFileSync(DOC);
    const atBoundary = await all([bytes.subarray(0, bytes.lastIndexOf('</beschikking>') + '</beschikking>'.length)]);
    expect(atBoundary.run.end).toEqual({ root: 'publicatieAnbiInstellingen', rootClosed: false, unfinished: 0 });
    const mid = await all([bytes.subarray(0, Math.floor(bytes.length * 0.6))]);
    expect(mid.run.end).toMatchObject({ rootClosed: false, unfinished: 1 });
  });
});

describe('parseAnbiXml quirks', () => {
  const wrap = (body: string, decl = '<?xml version="1.0" encoding="ISO-8859-1"?>') =>
    `${decl}\n<publicatieAnbiInstellingen><header><aanmaakDatum>2026-01-06 </aanmaakDatum><versie>2</versie></header>${body}</publicatieAnbiInstellingen>`;

  it.each([
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(wrap('<beschikking><fiscaalNummer>1</fiscaalNummer><naam>Caf\u00e9</naam></beschikking>', '<?xml version="1.0" encoding="UTF-8"?>'), 'utf8')]), 'Café'],
    ['ISO-8859-1 bytes', Buffer.from(wrap('<beschikking><fiscaalNummer>1</fiscaalNummer><naam>Caf\u00e9</naam></beschikking>'), 'latin1'), 'Café'],
  ])('%s', async (_q, bytes, naam) => {
    const { recs } = await all([bytes]);
    expect(recs[0].naam).toBe(naam);
    expect(recs[0].id).toBe('000000001');
  });

  it('decodes 0x80 as € (windows-1252 superset of ISO-8859-1)', async () => {
    const body = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><r><beschikking><fiscaalNummer>2</fiscaalNummer><naam>Fonds ', 'latin1'),
      Buffer.from([0x80]),
      Buffer.from('1</naam></beschikking></r>', 'latin1'),
    ]);
    const { recs, run } = await all([body]);
    expect(recs[0].naam).toBe('Fonds €1');
    expect(run.header).toBeNull();
    expect(run.stats.notices).toContain('no <header>: peildatum unknown');
  });

  it('handles elements split over arbitrary chunk boundaries (1-byte chunks) with the same line numbers', async () => {
    const bytes = await import('node:fs/promises').then((f) => f.readFile(FIXTURE));
    const oneByOne = Readable.from((function* () {
      for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
    })());
    const a = await all(oneByOne);
    const b = await all(FIXTURE);
    expect(a.recs).toEqual(b.recs);
    expect(a.run.header).toEqual(b.run.header);
  });

  it('reports a malformed beschikking and goes on', async () => {
    const { recs, run } = await all([
      wrap('<beschikking><fiscaalNummer>3</fiscaalNummer><naam>A</nam></beschikking>\n<beschikking><fiscaalNummer>4</fiscaalNummer><naam>B</naam></beschikking>'),
    ]);
    expect(recs.map((r) => r.id)).toEqual(['000000004']);
    expect(run.stats.skippedByReason).toEqual({ xml_ongeldig: 1 });
    expect(run.header?.peildatum).toBe('2026-01-06');
  });

  it('reports a beschikking without end tag at the end of the file', async () => {
    const { recs, run } = await all([
      '<?xml version="1.0"?><r><beschikking><fiscaalNummer>5</fiscaalNummer><naam>B</naam></beschikking><beschikking><naam>kapot',
    ]);
    expect(recs).toHaveLength(1);
    expect(run.stats.skippedByReason).toEqual({ element_onvolledig: 1 });
  });

  it.each([
    ['&amp;lt;', '&lt;'],
    ['a &#38; b', 'a & b'],
    ['&#x20AC;', '€'],
    ['&nbsp;', '&nbsp;'],
  ])('unescapeXml(%s)', (i, o) => expect(unescapeXml(i)).toBe(o));
});
