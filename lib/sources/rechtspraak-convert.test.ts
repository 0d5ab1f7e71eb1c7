// The ruling reader on the recorded Rechtspraak documents (one with text and two rdf:Description blocks,
// three with metadata only) and on the built conclusion with the real-world quirks.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUitspraak } from './rechtspraak-convert';
import { UpstreamXmlError } from '@/lib/juridisch/xml';

const DIR = path.resolve(__dirname, '../../test/upstream/fixtures/rechtspraak');
const read = (f: string) => fs.readFileSync(path.join(DIR, f), 'utf8');

describe('parseUitspraak', () => {
  it('reads the recorded ruling of the Rechtbank Amsterdam with its summary and text', () => {
    const u = parseUitspraak(read('ECLI_NL_RBAMS_2010_BO3979.xml'));
    expect(u).toMatchObject({
      ecli: 'ECLI:NL:RBAMS:2010:BO3979',
      soort: 'uitspraak',
      type: 'Uitspraak',
      instantie: 'Rechtbank Amsterdam',
      datum: '2010-09-07',
      publicatiedatum: '2013-04-05',
      zaaknummers: ['AWB 10-2582 WW44'],
      rechtsgebieden: ['Bestuursrecht'],
      procedure: 'Eerste aanleg - meervoudig',
      titel: 'ECLI:NL:RBAMS:2010:BO3979 Rechtbank Amsterdam , 07-09-2010 / AWB 10-2582 WW44',
      deeplink: 'http://deeplink.rechtspraak.nl/uitspraak?id=ECLI:NL:RBAMS:2010:BO3979',
      wetsverwijzingen: [],
    });
    expect(u.secties.map((s) => s.onderdeel)).toEqual(['inhoudsindicatie', 'uitspraak']);
    expect(u.secties[0].tekst.startsWith('Vaststelling schadevergoeding overschrijding redelijke termijn ex 6 EVRM.')).toBe(true);
    const lines = u.secties[1].tekst.split('\n');
    expect(lines.slice(0, 3)).toEqual(['RECHTBANK AMSTERDAM', 'Sector Bestuursrecht', 'zaaknummer: AWB 10/2582 WW44']);
    expect(lines.at(-1)).toBe('SB');
  });

  it('reads the Wetsverwijzingen the Rechtspraak recorded in the metadata of a document without text', () => {
    const u = parseUitspraak(read('ECLI_NL_CBB_1997_ZG0125.xml'));
    expect(u.soort).toBeNull();
    expect(u.secties).toEqual([]);
    expect(u.instantie).toBe('College van Beroep voor het bedrijfsleven');
    expect(u.wetsverwijzingen).toEqual([
      { titel: 'Algemene wet bestuursrecht 1:3', bwb_id: 'BWBR0005537', artikel: '1:3' },
      { titel: 'Warenwet 5', bwb_id: 'BWBR0001969', artikel: '5' },
    ]);
  });

  it.each([
    ['ECLI_NL_PHR_2013_1528.xml', 'ECLI:NL:PHR:2013:1528', 'Conclusie', 'Parket bij de Hoge Raad', []],
    ['ECLI_NL_GHARN_2007_53.xml', 'ECLI:NL:GHARN:2007:53', 'Uitspraak', 'Gerechtshof Arnhem', ['Bestuursrecht', 'Belastingrecht']],
  ])('reads the metadata-only document %s', (file, ecli, type, instantie, gebieden) => {
    const u = parseUitspraak(read(file));
    expect(u).toMatchObject({ ecli, type, instantie, soort: null, secties: [], rechtsgebieden: gebieden, titel: null });
  });

  it('tolerates whitespace before the XML declaration, two descriptions and a conclusie (built)', () => {
    const xml = read('ECLI_NL_PHR_2099_1_opgebouwd.xml');
    expect(xml.startsWith('  \n')).toBe(true);
    const u = parseUitspraak(xml);
    expect(u).toMatchObject({ ecli: 'ECLI:NL:PHR:2099:1', soort: 'conclusie', type: 'Conclusie', rechtsgebieden: ['Civiel recht', 'Verbintenissenrecht'] });
    expect(u.titel).toBe('ECLI:NL:PHR:2099:1 Parket bij de Hoge Raad, 15-01-2099 / 99/00001');
    expect(u.wetsverwijzingen).toEqual([{ titel: 'Burgerlijk Wetboek Boek 7 658', bwb_id: 'BWBR0005290', artikel: '658' }]);
    // inline emphasis runs on, a section title is its own line, references and &amp; are decoded
    expect(u.secties[1].tekst).toContain('De vergunning van artikel 3 van de Drank- en Horecawet is niet verleend');
    expect(u.secties[1].tekst.split('\n')[0]).toBe('1 Inleiding');
    expect(u.secties[1].tekst).toContain('de beëindiging van de overeenkomst (artikel 7:17 BW) & artikel 24 Rv.');
  });

  it('finds the document description when the deeplink description comes first', () => {
    const xml = read('ECLI_NL_RBAMS_2010_BO3979.xml');
    const start = xml.indexOf('<rdf:Description>');
    const second = xml.indexOf('<rdf:Description rdf:about');
    const end = xml.indexOf('</rdf:RDF>');
    const swapped = xml.slice(0, start) + xml.slice(second, end) + xml.slice(start, second) + xml.slice(end);
    const u = parseUitspraak(swapped);
    expect(u.ecli).toBe('ECLI:NL:RBAMS:2010:BO3979');
    expect(u.instantie).toBe('Rechtbank Amsterdam');
  });

  it.each([
    ['a DTD', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><open-rechtspraak>&a;</open-rechtspraak>'],
    ['a truncated document', read('ECLI_NL_RBAMS_2010_BO3979.xml').slice(0, 4000)],
    ['another root element', '<html><body>Niet gevonden</body></html>'],
    ['no XML at all', 'Document niet gevonden'],
  ])('refuses %s', (_label, xml) => {
    expect(() => parseUitspraak(xml)).toThrow(UpstreamXmlError);
  });
});
