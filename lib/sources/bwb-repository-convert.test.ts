// The BWB manifest and toestand readers on the recorded Drank- en Horecawet files and the built Boek 6 BW.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findArtikel, parseManifest, parseToestand } from './bwb-repository-convert';
import { UpstreamXmlError } from '@/lib/juridisch/xml';

const DIR = path.resolve(__dirname, '../../test/upstream/fixtures/bwb-repository');
const read = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');

describe('parseManifest', () => {
  it('reads _latestItem of the recorded manifest', () => {
    expect(parseManifest(read('BWBR0002458_manifest.xml'))).toEqual({
      bwb_id: 'BWBR0002458',
      latest_item: '2015-01-01_0/xml/BWBR0002458_2015-01-01_0.xml',
      datum_inwerkingtreding: '1966-05-01',
    });
  });

  it.each([
    ['no _latestItem', '<work label="BWBR0000001"><metadata/></work>'],
    ['a path that climbs out', '<work _latestItem="../../etc/passwd.xml"/>'],
    ['another root', '<toestand/>'],
  ])('refuses a manifest with %s', (_l, xml) => {
    expect(() => parseManifest(xml)).toThrow(UpstreamXmlError);
  });
});

describe('parseToestand on the recorded Drank- en Horecawet (2015-01-01)', () => {
  const reg = parseToestand(read('BWBR0002458_2015-01-01_0.xml'));

  it('reads title, date and all 74 articles, 17 of them vervallen', () => {
    expect(reg).toMatchObject({ bwb_id: 'BWBR0002458', citeertitel: 'Drank- en Horecawet', soort: 'wet', toestand_datum: '2015-01-01' });
    expect(reg.intitule?.startsWith('Wet van 7 oktober 1964, tot regeling van de uitoefening van de bedrijven')).toBe(true);
    expect(reg.artikelen).toHaveLength(74);
    expect(reg.artikelen.filter((a) => a.status === 'vervallen').map((a) => a.nummer)).toEqual([
      '3a', '3b', '3c', '5', '5a', '11a', '15a', '17a', '23', '37', '44c', '44d', '44e', '44f', '44g', '44h', '44i',
    ]);
    expect(reg.artikelen.map((a) => a.nummer).slice(0, 5)).toEqual(['1', '2', '3', '3a', '3b']);
    expect(reg.artikelen.at(-1)!.nummer).toBe('49');
  });

  it('reads article 3 with its two leden, its references and its own JCI', () => {
    const a = findArtikel(reg, '3', null)!;
    expect(a).toMatchObject({ nummer: '3', label: 'Artikel 3', structuur: ['§ 2 Algemene bepalingen'], pad: '/Paragraaf2/Artikel3', status: 'goed', inwerking: '2013-01-01', boek: null, jci: 'jci1.3:c:BWBR0002458&artikel=3' });
    expect(a.leden).toEqual([
      { nummer: '1', tekst: 'Het is verboden zonder daartoe strekkende vergunning van de burgemeester het horecabedrijf of slijtersbedrijf uit te oefenen.' },
      {
        nummer: '2',
        tekst:
          'Met toepassing van artikel 28, eerste lid, laatste zinsnede, van de Dienstenwet is paragraaf 4.1.3.3. van de Algemene wet bestuursrecht niet van toepassing op de aanvraag van een vergunning als bedoeld in het eerste lid.',
      },
    ]);
    expect(a.verwijzingen).toEqual([
      { tekst: 'artikel 28, eerste lid, laatste zinsnede, van de Dienstenwet', bwb_id: 'BWBR0026759', jci: 'jci1.3:c:BWBR0026759&artikel=28' },
      { tekst: 'paragraaf 4.1.3.3. van de Algemene wet bestuursrecht', bwb_id: 'BWBR0005537', jci: 'jci1.3:c:BWBR0005537&paragraaf=4.1.3.3' },
    ]);
  });

  it('finds lettered articles and nothing for an article that does not exist', () => {
    const a44aa = findArtikel(reg, '44aa', null)!;
    expect(a44aa.leden.map((l) => l.nummer)).toEqual(['1', '2', '3']);
    expect(a44aa.leden[0].tekst!.split('\n')).toEqual([
      'Onze Minister kan een bestuurlijke boete opleggen ter zake van overtreding van het gestelde bij of krachtens:',
      'a. de artikelen 2 en 25, derde lid, waar ook te lande gepleegd;',
      'b. de artikelen 20, eerste tot en met vierde lid, en 24, derde lid, gepleegd in of op de in artikel 1, derde lid, onder a, b en c, genoemde vervoermiddelen, legerplaatsen en lokaliteiten, die aan het militair gezag onderworpen zijn, en op luchtvaartterreinen gelegen winkels.',
    ]);
    expect(findArtikel(reg, '44A', null)?.label).toBe('Artikel 44a');
    expect(findArtikel(reg, '50', null)).toBeNull();
    expect(findArtikel(reg, '6:3', null)).toBeNull();
  });
});

describe('parseToestand on the built Boek 6 BW (opgebouwd)', () => {
  const reg = parseToestand(read('BWBR0005289_2099-01-01_0_opgebouwd.xml'));

  it('finds article 162 as 6:162 and as 162, within book 6 only', () => {
    const a = findArtikel(reg, '6:162', '6')!;
    expect(a).toMatchObject({ nummer: '162', boek: '6', jci: 'jci1.3:c:BWBR0005289&boek=6&artikel=162' });
    expect(a.structuur).toEqual(['Boek 6 Algemeen gedeelte van het verbintenissenrecht', 'Titel 3 Onrechtmatige daad', 'Afdeling 1 Algemene bepalingen']);
    expect(a.leden.map((l) => l.nummer)).toEqual(['1', '2', '3']);
    expect(findArtikel(reg, '162', '6')).toBe(a);
    expect(findArtikel(reg, '7:162', '6')).toBeNull();
  });
});
