// The AFM full-export parser (XML, values in attributes or child elements) and the names-only CSV parser,
// on the hand-built fixtures (labelled opgebouwd: no real file was available) and on variants of them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deriveVestigingen } from '@/lib/monitor/derive/vestigingen';
import { derivedFspId, dienstenOp, type FspInstitution } from './group';
import { looksLikeNamesCsv, parseAfmNamesCsv, splitHandelsnamen } from './names';
import { adresRegel, parseAfmXml } from './parse';

const dir = fileURLToPath(new URL('../../../test/fixtures/registers/afm/', import.meta.url));
const XML = path.join(dir, 'wfd-extern-register-3.0_structure_opgebouwd.xml');
const NAMES = path.join(dir, 'fd-namen_opgebouwd.csv');

async function all<T>(run: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of run) out.push(x);
  return out;
}

const wrap = (body: string, root = 'WfdExternRegister') =>
  `<?xml version="1.0" encoding="utf-8"?>\n<${root} xmlns="http://www.afm.nl/WfdExternRegister/Export/3.0"><Instellingen>${body}</Instellingen></${root}>\n`;

describe('parseAfmXml on the structure example', () => {
  it('reads the three institutions with attributes and child elements alike', async () => {
    const run = parseAfmXml(XML);
    const list = await all(run);
    expect(run.stats.wortel).toBe(true);
    expect(run.stats.afgesloten).toBe(true);
    expect(run.stats.snapshot()).toMatchObject({ read: 3, yielded: 3, skipped: 0, warnings: 0 });
    const [a, b, c] = list;
    expect(a).toMatchObject({
      id: 'a3f1c2d4-0001-4b5e-9c1d-000000000001',
      id_afgeleid: false,
      naam: 'Hypotheekhuis Fictief B.V.',
      statutaire_zetel: 'Amersfoort',
      kvk_nummer: '99000001',
      rechtsvorm: 'Besloten Vennootschap',
      handelsnamen: ['Hypotheekhuis Fictief', 'De Fictieve Hypotheekadviseur'],
      handelsnamen_perioden: [
        { naam: 'Hypotheekhuis Fictief', ingangsdatum: '2015-03-01' },
        { naam: 'De Fictieve Hypotheekadviseur', ingangsdatum: '2019-06-15' },
      ],
      adres: 'Stationsplein 12',
      postcode: '3818LE',
      plaats: 'Amersfoort',
      land: 'Nederland',
      ep: null,
      lidstaat_herkomst: null,
      klachteninstituut: null,
      beleidsbepalers: null,
      aantal_vergunningen: 1,
    });
    expect(a.vergunningen).toEqual([
      {
        vergunningnummer: '12049999',
        ingangsdatum: '2015-03-01',
        einddatum: null,
        producten: [
          {
            product: 'Hypothecair krediet',
            diensten: ['Adviseren', 'Bemiddelen'],
            perioden: [
              { dienst: 'Adviseren', ingangsdatum: '2015-03-01', einddatum: null },
              { dienst: 'Bemiddelen', ingangsdatum: '2015-03-01', einddatum: null },
            ],
          },
          { product: 'Schadeverzekeringen', diensten: ['Adviseren'], perioden: [{ dienst: 'Adviseren', ingangsdatum: '2016-01-01', einddatum: '2022-12-31' }] },
        ],
      },
    ]);
    // the second institution has its address as child elements
    expect(b).toMatchObject({ kvk_nummer: '99000002', adres: 'Grote Markt 3', postcode: '8011LW', plaats: 'Zwolle', land: null });
    expect(b.vergunningen[0]).toMatchObject({ vergunningnummer: '12030001', einddatum: '2025-09-30' });
    // the foreign institution: no KvK, no licences, nulls
    expect(c).toMatchObject({ naam: 'Fictief Insurance Brokers Ltd', kvk_nummer: null, rechtsvorm: null, plaats: 'Dublin', land: 'Ierland', vergunningen: [], handelsnamen: [] });
  });

  it('dienstenOp keeps only the services valid at the peildatum', async () => {
    const [a] = await all(parseAfmXml(XML));
    const [hyp, schade] = a.vergunningen[0].producten;
    expect(dienstenOp(schade, '2022-12-31')).toEqual(['Adviseren']);
    expect(dienstenOp(schade, '2023-01-01')).toEqual([]);
    expect(dienstenOp(hyp, '2023-01-01')).toEqual(['Adviseren', 'Bemiddelen']);
    // the monitor's product breadth counts only services valid at its peildatum
    const [v2021] = deriveVestigingen([a], '2021-06-30');
    const [v2026] = deriveVestigingen([a], '2026-06-30');
    expect(v2021.producten).toEqual(['Hypothecair krediet', 'Schadeverzekeringen']);
    expect(v2026.producten).toEqual(['Hypothecair krediet']);
    expect(v2026.hypotheek_diensten).toEqual(['adviseren', 'bemiddelen']);
    // a product stored without periods (older versions) keeps its services
    expect(dienstenOp({ product: 'X', diensten: ['Adviseren'] }, '2030-01-01')).toEqual(['Adviseren']);
  });
});

describe('parseAfmXml tolerance', () => {
  it('reads other casing, a prefix, child elements for everything, extra elements and a short KvK number', async () => {
    const xml = wrap(
      `<afm:instelling xmlns:afm="http://www.afm.nl/WfdExternRegister/Export/3.0"><afm:instellingid>{b-1}</afm:instellingid>
        <afm:BEDRIJFSGEGEVENS><afm:statutairenaam> Fictief  &amp; Zn </afm:statutairenaam><afm:KvKNummer>1234567</afm:KvKNummer>
          <afm:NieuwVeld>iets</afm:NieuwVeld>
          <afm:Handelsnamen><afm:Handelsnaam><afm:Naam>FZ</afm:Naam><afm:StartDatum>01-02-2020</afm:StartDatum></afm:Handelsnaam></afm:Handelsnamen>
          <afm:VestigingsAdres><afm:Straat>Kade</afm:Straat><afm:Huisnummer>7</afm:Huisnummer><afm:Huisnummertoevoeging>a</afm:Huisnummertoevoeging><afm:Postcode>1234 ab</afm:Postcode></afm:VestigingsAdres>
        </afm:BEDRIJFSGEGEVENS>
        <afm:Vergunningen><afm:Vergunning><afm:Vergunningnummer>12000001</afm:Vergunningnummer><afm:StartDatum>2010-01-01T00:00:00</afm:StartDatum>
          <afm:PDCs><afm:Product><afm:Omschrijving>Betaalrekeningen</afm:Omschrijving><afm:Dienst><afm:Omschrijving>Adviseren</afm:Omschrijving><afm:EindDatum>geen</afm:EindDatum></afm:Dienst></afm:Product></afm:PDCs>
        </afm:Vergunning></afm:Vergunningen></afm:instelling>`,
    );
    const run = parseAfmXml([xml]);
    const [i] = await all(run);
    expect(run.stats.afgesloten).toBe(true);
    expect(i).toMatchObject({
      id: 'b-1',
      naam: 'Fictief & Zn',
      kvk_nummer: '01234567',
      handelsnamen_perioden: [{ naam: 'FZ', ingangsdatum: '2020-02-01' }],
      adres: 'Kade 7a',
      postcode: '1234AB',
      extra: { NieuwVeld: 'iets' },
    });
    expect(i.vergunningen).toEqual([
      { vergunningnummer: '12000001', ingangsdatum: '2010-01-01', einddatum: null, producten: [{ product: 'Betaalrekeningen', diensten: ['Adviseren'], perioden: [{ dienst: 'Adviseren', ingangsdatum: null, einddatum: null }] }] },
    ]);
    expect(run.stats.warningsByCode).toEqual({ datum_ongeldig: 1 });
  });

  it('skips an institution without name, clears a bad KvK number, derives an id when InstellingID is absent', async () => {
    const run = parseAfmXml([
      wrap(
        '<Instelling InstellingID="x1"><Bedrijfsgegevens><KVKNummer>99000009</KVKNummer></Bedrijfsgegevens></Instelling>' +
          '<Instelling><Bedrijfsgegevens StatutaireNaam="Zonder Id" KVKNummer="ABC"><VestigingsAdres Plaats="Delft"/></Bedrijfsgegevens></Instelling>',
      ),
    ]);
    const list: FspInstitution[] = await all(run);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: derivedFspId('Zonder Id', 'Delft', null), id_afgeleid: true, kvk_nummer: null, plaats: 'Delft' });
    expect(run.stats.snapshot()).toMatchObject({ read: 2, skipped: 1, skippedByReason: { geen_naam: 1 }, warningsByCode: { kvk_nummer_ongeldig: 1 } });
  });

  it('notices a file cut before its root element is closed', async () => {
    const full = fs.readFileSync(XML, 'utf8');
    const cut = full.slice(0, full.indexOf('<Instelling InstellingID="a3f1c2d4-0003'));
    const run = parseAfmXml([cut]);
    expect(await all(run)).toHaveLength(2);
    expect(run.stats.afgesloten).toBe(false);
  });

  it('uses the shared end-of-document rule: a self-closing root is closed, a root closed before the last element is not', async () => {
    const empty = parseAfmXml(['<?xml version="1.0"?><WfdExternRegister xmlns="http://www.afm.nl/WfdExternRegister/Export/3.0"/>\n']);
    expect(await all(empty)).toHaveLength(0);
    expect([empty.stats.wortel, empty.stats.afgesloten]).toEqual([true, true]);
    // text after the root's end tag that is cut mid-element: the file does not end closed
    const full = fs.readFileSync(XML, 'utf8');
    const cut = full + '<Instelling InstellingID="x">';
    const run = parseAfmXml([cut]);
    await all(run);
    expect(run.stats.afgesloten).toBe(false);
  });

  it('joins an address line as Straat Huisnummer[toevoeging]', () => {
    expect(adresRegel('Kade', '7', 'a')).toBe('Kade 7a');
    expect(adresRegel('Kade', '7', '2')).toBe('Kade 7-2');
    expect(adresRegel(null, null, null)).toBeNull();
  });
});

describe('parseAfmNamesCsv (search-result CSV, names only)', () => {
  it('reads names, comma-joined trade names and place from cp1252; ids derived', async () => {
    const run = parseAfmNamesCsv(NAMES);
    const list = await all(run);
    expect(run.stats.snapshot()).toMatchObject({ read: 6, yielded: 5, skipped: 1, encoding: 'windows-1252' });
    expect(list[0]).toMatchObject({
      id: derivedFspId('Hypotheekhuis Fictief B.V.', 'Amersfoort', null),
      naam: 'Hypotheekhuis Fictief B.V.',
      handelsnamen: ['Hypotheekhuis Fictief', 'De Fictieve Hypotheekadviseur'],
      plaats: 'Amersfoort',
      kvk_nummer: null,
      vergunningen: [],
      ep: null,
    });
    expect(list[3]).toMatchObject({ naam: 'Geld & Zorg "Plus" B.V.', handelsnamen: ['Geld;Zorg € Plus', 'GZP'] });
    // the repeated row gives the same id (the import keeps one)
    expect(list[4].id).toBe(list[1].id);
  });

  it('is recognised by its header; the XML is not', () => {
    expect(looksLikeNamesCsv(fs.readFileSync(path.join(dir, 'fd-register-csv_header_opgebouwd.csv'), 'latin1'))).toBe(true);
    expect(looksLikeNamesCsv(fs.readFileSync(XML, 'utf8'))).toBe(false);
    expect(splitHandelsnamen(' A , B,,A ')).toEqual(['A', 'B']);
  });
});
