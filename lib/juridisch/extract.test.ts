// Extraction of law-article references: hand-written expectations on the recorded ruling (Rechtspraak),
// on the references the recorded BWB toestand marks itself (extref with bwb-id), on the built conclusion,
// and on a table of citation styles.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractWetsverwijzingen } from './extract';
import { parseUitspraak } from '@/lib/sources/rechtspraak-convert';
import { parseToestand } from '@/lib/sources/bwb-repository-convert';
import { burgerlijkWetboek, wetten } from './wetten';

const FIX = path.resolve(__dirname, '../../test/upstream/fixtures');
const read = (p: string) => fs.readFileSync(path.join(FIX, p), 'utf8');
const citaties = (tekst: string) => extractWetsverwijzingen([{ onderdeel: 'tekst', tekst }]).verwijzingen.map((v) => v.citatie);

describe('extractWetsverwijzingen on the recorded ruling ECLI:NL:RBAMS:2010:BO3979', () => {
  const u = parseUitspraak(read('rechtspraak/ECLI_NL_RBAMS_2010_BO3979.xml'));
  const r = extractWetsverwijzingen(u.secties);

  it('finds article 6 EVRM three times: once in the summary, twice in the ruling', () => {
    expect(r.verwijzingen).toHaveLength(1);
    const [evrm] = r.verwijzingen;
    expect(evrm).toMatchObject({ citatie: 'artikel 6 EVRM', bwb_id: 'BWBV0001000', artikel: '6', lid: null, artikel_endpoint: null, aantal: 3 });
    expect(evrm.vindplaatsen.map((v) => [v.onderdeel, v.tekst])).toEqual([
      ['inhoudsindicatie', 'ex 6 EVRM'],
      ['uitspraak', 'artikel 6 van het Europees Verdrag tot bescherming van de rechten van de mens en de fundamentele vrijheden (EVRM)'],
      ['uitspraak', 'artikel 6 van het EVRM'],
    ]);
    expect(r.niet_herkend).toEqual([]);
  });

  it('does not take case numbers (AWB 10/2582) or LJN numbers for references', () => {
    expect(r.verwijzingen.map((v) => v.bwb_id)).not.toContain('BWBR0005537');
  });
});

describe('extractWetsverwijzingen on the built conclusion ECLI:NL:PHR:2099:1 (opgebouwd)', () => {
  const u = parseUitspraak(read('rechtspraak/ECLI_NL_PHR_2099_1_opgebouwd.xml'));
  const r = extractWetsverwijzingen(u.secties);

  it('finds every civil-code and statute citation, grouped by normalised citation in order of first mention', () => {
    expect(r.verwijzingen.map((v) => [v.citatie, v.bwb_id, v.aantal])).toEqual([
      ['artikel 7:658 lid 2 BW', 'BWBR0005290', 2],
      ['artikel 6:162 BW', 'BWBR0005289', 2],
      ['artikel 6:162 lid 1 BW', 'BWBR0005289', 1],
      ['artikel 6:74 BW', 'BWBR0005289', 1],
      ['artikel 6:75 BW', 'BWBR0005289', 1],
      ['artikel 3 Drank- en Horecawet', 'BWBR0002458', 1],
      ['artikel 8:69 Awb', 'BWBR0005537', 1],
      ['artikel 13 Grondwet', 'BWBR0001840', 1],
      ['artikel 6 EVRM', 'BWBV0001000', 1],
      ['artikel 1 lid 1 Wet op de identificatieplicht', 'BWBR0006297', 1],
      ['artikel 7:17 BW', 'BWBR0005290', 1],
      ['artikel 24 Rv', 'BWBR0001827', 1],
    ]);
  });

  it('gives the article endpoint with the book:article number for the civil code', () => {
    const bw = r.verwijzingen.find((v) => v.citatie === 'artikel 6:162 BW')!;
    expect(bw.artikel_endpoint).toBe('/v1/wet/BWBR0005289/artikelen/6:162/relevant');
    expect(bw.vindplaatsen.map((v) => v.tekst)).toEqual(['6:162 BW', 'artikel 162 van Boek 6 van het Burgerlijk Wetboek']);
    expect(r.verwijzingen.find((v) => v.citatie === 'artikel 8:69 Awb')!.artikel_endpoint).toBe('/v1/wet/BWBR0005537/artikelen/8:69/relevant');
  });

  it('reports the unknown abbreviation and the civil-code book the table does not have, without guessing', () => {
    expect(r.niet_herkend.map((n) => [n.soort, n.tekst, n.vindplaatsen[0].tekst])).toEqual([
      ['afkorting', 'Wbp', 'art. 3 Wbp'],
      ['bw_boek', 'Boek 7A BW', 'art. 7A:1576 BW'],
    ]);
  });
});

describe('extractWetsverwijzingen on the references the recorded BWB toestand marks itself', () => {
  const reg = parseToestand(read('bwb-repository/BWBR0002458_2015-01-01_0.xml'));
  const extrefs = reg.artikelen.flatMap((a) => a.verwijzingen).filter((v): v is typeof v & { tekst: string } => v.tekst !== null && /^artikel/i.test(v.tekst));

  it('resolves each "artikel … van de <wet>" extref to the BWB id the toestand gives, or reports the statute as unknown', () => {
    const seen = new Map<string, string>();
    for (const ref of extrefs) {
      const r = extractWetsverwijzingen([{ onderdeel: 'wettekst', tekst: ref.tekst }]);
      const got = r.verwijzingen[0]?.bwb_id ?? (r.niet_herkend[0] ? `onbekend: ${r.niet_herkend[0].tekst}` : 'niets');
      if (r.verwijzingen[0]) expect(got, ref.tekst).toBe(ref.bwb_id);
      seen.set(ref.tekst, r.verwijzingen.map((v) => v.citatie).join('; ') || got);
    }
    expect(Object.fromEntries(seen)).toEqual({
      'artikel 28, eerste lid, laatste zinsnede, van de Dienstenwet': 'artikel 28 lid 1 Dienstenwet',
      'artikel 1 van de Wet ambtelijk toezicht bij openbare verkopingen': 'onbekend: Wet ambtelijk toezicht bij openbare verkopingen',
      'artikel 1, eerste lid, van de Wet op de identificatieplicht': 'artikel 1 lid 1 Wet op de identificatieplicht',
      'artikel 3 van de Wet bevordering integriteitsbeoordelingen door het openbaar bestuur': 'artikel 3 Wet Bibob',
      'artikel 8 van de Wet bevordering integriteitsbeoordelingen door het openbaar bestuur': 'artikel 8 Wet Bibob',
      'artikel 8 van de Wet bevordering integriteitsbeoordelingen': 'artikel 8 Wet Bibob',
      'artikel 9 van die wet': 'niets',
      'artikel 8 van voornoemde wet': 'niets',
      'artikel 13, tweede lid, van de Wet Publieke Gezondheid': 'artikel 13 lid 2 Wpg',
      'artikel 2, tweede lid, onderdeel d, van de Wet Publieke Gezondheid': 'artikel 2 lid 2 onder d Wpg',
      'artikel 5:20, eerste lid, van de Algemene wet bestuursrecht': 'artikel 5:20 lid 1 Awb',
    });
  });
});

describe('extractWetsverwijzingen citation styles', () => {
  it.each([
    ['Op grond van artikel 7:17 BW is de zaak niet conform.', ['artikel 7:17 BW']],
    ['art. 6:162 lid 1 BW', ['artikel 6:162 lid 1 BW']],
    ['artikelen 6:74 en 6:75 BW', ['artikel 6:74 BW', 'artikel 6:75 BW']],
    ['art. 7:658 lid 2 BW', ['artikel 7:658 lid 2 BW']],
    ['artikelen 6:74 t/m 6:76 BW', ['artikel 6:74 BW', 'artikel 6:75 BW', 'artikel 6:76 BW']],
    ['art. 6:162 leden 1 en 2 BW', ['artikel 6:162 lid 1 BW', 'artikel 6:162 lid 2 BW']],
    ['artikel 3 van de Drank- en Horecawet', ['artikel 3 Drank- en Horecawet']],
    ['art. 8:69 Awb', ['artikel 8:69 Awb']],
    ['artikel 13 Grondwet en artikel 13 van de Grondwet', ['artikel 13 Grondwet']],
    ['artikel 20, eerste tot en met derde lid, van de Wet publieke gezondheid', ['artikel 20 lid 1 Wpg', 'artikel 20 lid 2 Wpg', 'artikel 20 lid 3 Wpg']],
    ['artikel 31, eerste lid, onder a en c van de Wet op de kansspelen', ['artikel 31 lid 1 onder a en c Wet op de kansspelen']],
    ['artikel 3:2, aanhef en onder b, Awb', ['artikel 3:2 onder b Awb']],
    ['art. 350 sub 1 Sr', ['artikel 350 onder 1 Sr']],
    ['artikelen 8 tot en met 10 Sr', ['artikel 8 Sr', 'artikel 9 Sr', 'artikel 10 Sr']],
    ['artt. 310 en 311 Sr', ['artikel 310 Sr', 'artikel 311 Sr']],
    ['Artikel 12 Sv', ['artikel 12 Sv']],
    ['ex artikel 6:162 BW', ['artikel 6:162 BW']],
    ['artikel 162 van Boek 6 BW', ['artikel 6:162 BW']],
    ['artikelen 6:74 en 75 BW', ['artikel 6:74 BW', 'artikel 6:75 BW']],
    ['artikel 3 Wet Bibob', ['artikel 3 Wet Bibob']],
    ['artikel 5.1 Wabo', ['artikel 5.1 Wabo']],
  ])('%s', (tekst, expected) => {
    expect(citaties(tekst)).toEqual(expected);
  });

  it.each([
    'artikel 3 van deze wet',
    'De rechtbank verwijst naar artikel 3. De wet is duidelijk.',
    'zaaknummer AWB 10/2582; om 10:30 uur BW', // a clock time is not an article
    'Het AWB-nummer 6:162',
    'artikel 162 BW', // the old code without a book: reported, not matched
  ])('finds no article in %s', (tekst) => {
    expect(citaties(tekst)).toEqual([]);
  });

  it('reports an old-style civil-code citation without a book as niet herkend', () => {
    expect(extractWetsverwijzingen([{ onderdeel: 'tekst', tekst: 'artikel 1401 BW' }]).niet_herkend.map((n) => n.tekst)).toEqual(['artikel 1401 BW (zonder boek)']);
  });

  it('does not report a capitalised sentence start as an unknown abbreviation', () => {
    expect(extractWetsverwijzingen([{ onderdeel: 'tekst', tekst: 'Zie artikel 3 De rechtbank' }]).niet_herkend).toEqual([]);
  });
});

describe('extractWetsverwijzingen: the misses found on real rulings (issue 21)', () => {
  it.each([
    // abbreviations written in another case than the table's
    ['artikel 8:69 AWB', ['artikel 8:69 Awb']],
    ['artikel 8:69 awb', ['artikel 8:69 Awb']],
    ['artikel 6:162 bw', ['artikel 6:162 BW']],
    ['artikel 16 van de wet WOZ', ['artikel 16 Wet WOZ']],
    ['artikel 8 Wvw 1994', ['artikel 8 WVW 1994']],
    ['artikel 8 WVW', ['artikel 8 WVW 1994']],
    ['artikel 3.25 van de Wet IB 2001', ['artikel 3.25 Wet IB 2001']],
    ['artikel 3.25 Wet IB', ['artikel 3.25 Wet IB 2001']],
    ['artikel 8 Vw 2000', ['artikel 8 Vw 2000']],
    ['artikel 47 Awr', ['artikel 47 AWR']],
    ['artikel 31 PW', ['artikel 31 Participatiewet']],
    ['artikel 31 van de Participatiewet', ['artikel 31 Participatiewet']],
    ['artikel 10 WOB', ['artikel 10 Wob']],
    ['artikel 5.1 woo', ['artikel 5.1 Woo']],
    ['artikel 1:1 WFT', ['artikel 1:1 Wft']],
    ['artikel 843a rv', ['artikel 843a Rv']],
    ['artikel 11, eerste lid, onder a, 1º van de Wet op de omzetbelasting 1968 (Wet OB)', ['artikel 11 lid 1 onder a, 1º Wet OB 1968']],
    // misspelt and abbreviated lid ordinals
    ['artikel 3, twede lid, van de Wob', ['artikel 3 lid 2 Wob']],
    ['artikel 3 derdelid Sr', ['artikel 3 lid 3 Sr']],
    ['artikel 3, vierd lid, Sv', ['artikel 3 lid 4 Sv']],
    ['artikel 3, 1e lid, Sr', ['artikel 3 lid 1 Sr']],
    ['artikel 3, 2de lid, Sr', ['artikel 3 lid 2 Sr']],
    ['artikel 3 lid1 Sr', ['artikel 3 lid 1 Sr']],
    ['artikel 10, tiende lid, Sr', ['artikel 10 lid 10 Sr']],
    ['artikel 10, eerste- en tweede lid, Sr', ['artikel 10 lid 1 Sr', 'artikel 10 lid 2 Sr']],
    ['artikel 8:72, laatste lid, van de Awb', ['artikel 8:72 Awb']],
    ['artikel 2 Opiumwet leden van de groep', ['artikel 2 Opiumwet']], // a statute word before "leden" is no ordinal
    // one onder per article, so it is repeated on the second lid (a known simplification; not dropping is the point)
    ['artikel 3, eerste lid, aanhef en onder b, en tweede lid, van de Woo', ['artikel 3 lid 1 onder b Woo', 'artikel 3 lid 2 onder b Woo']],
    ['artikel 3 lid 2 sub b WOZ', ['artikel 3 lid 2 onder b Wet WOZ']],
    // lists of articles followed by one statute name
    ['artikel 6:162 en 6:163 BW', ['artikel 6:162 BW', 'artikel 6:163 BW']],
    ['de artikelen 3 en 4 van de Opiumwet', ['artikel 3 Opiumwet', 'artikel 4 Opiumwet']],
    ['artikel 10, 11 en 12 Sr', ['artikel 10 Sr', 'artikel 11 Sr', 'artikel 12 Sr']],
    ['artikel 8:72, vierde lid, en artikel 7:15 van de Awb', ['artikel 8:72 lid 4 Awb', 'artikel 7:15 Awb']],
    ['artikel 3, eerste lid, en artikel 4, tweede lid, van de Wet open overheid', ['artikel 3 lid 1 Woo', 'artikel 4 lid 2 Woo']],
    ['artikel 2 en art. 3 Opiumwet', ['artikel 2 Opiumwet', 'artikel 3 Opiumwet']],
    ['artikel 5 Sr en artikel 6 Sv', ['artikel 5 Sr', 'artikel 6 Sv']],
  ])('%s', (tekst, expected) => {
    expect(citaties(tekst)).toEqual(expected);
  });

  it('lists an unknown abbreviation after "van de/het" in niet_herkend instead of dropping it', () => {
    const r = extractWetsverwijzingen([{ onderdeel: 'tekst', tekst: 'artikel 1, onder b, van het Bxq en artikel 2 van de Wet ambtelijk toezicht' }]);
    expect(r.verwijzingen).toEqual([]);
    expect(r.niet_herkend.map((n) => [n.soort, n.tekst])).toEqual([
      ['afkorting', 'Bxq'],
      ['wetsnaam', 'Wet ambtelijk toezicht'],
    ]);
  });

  it('drops no abbreviation of the table, whatever its case', () => {
    const all: [string, string[]][] = [
      ...wetten.flatMap((w) => w.afkortingen.map((a) => [a, [w.bwb_id]] as [string, string[]])),
      ...burgerlijkWetboek.afkortingen.map((a) => [a, burgerlijkWetboek.boeken.map((b) => b.bwb_id)] as [string, string[]]),
    ];
    expect(all.length).toBeGreaterThan(50);
    for (const [afkorting, ids] of all) {
      const artikel = ids.length > 1 ? '6:1' : '5';
      for (const vorm of new Set([afkorting, afkorting.toUpperCase(), afkorting.toLowerCase()])) {
        for (const tekst of [`artikel ${artikel} ${vorm}`, `artikel ${artikel}, eerste lid, van de ${vorm}`]) {
          const r = extractWetsverwijzingen([{ onderdeel: 'tekst', tekst }]);
          expect(r.verwijzingen.map((v) => v.bwb_id), tekst).toHaveLength(1);
          expect(ids, tekst).toContain(r.verwijzingen[0].bwb_id);
          expect(r.niet_herkend, tekst).toEqual([]);
        }
      }
    }
  });
});

describe('extractWetsverwijzingen: a statute named before the article, in the same sentence (issue 21)', () => {
  it.each([
    // the real sentence of ECLI:NL:RBAMS:2012:BZ5426
    ['Besluit tarieven in strafzaken 2003 (Bts) geen specifiek tarief is opgenomen. In de Nota van Toelichting (NvT) bij het Bts staat over artikel 6: “Het artikel', ['artikel 6 Bts']],
    ['De Wet WOZ schrijft in artikel 16 voor dat', ['artikel 16 Wet WOZ']],
    ['Volgens de Awb moet in de artikelen 3:2 en 3:4 een afweging', ['artikel 3:2 Awb', 'artikel 3:4 Awb']],
  ])('%s', (tekst, expected) => {
    expect(citaties(tekst)).toEqual(expected);
  });

  it.each([
    ['two statutes in the sentence: ambiguous', 'Naast de Awb is ook de Wet WOZ van belang voor artikel 16 en verder.'],
    ['the statute is in the previous sentence', 'Het Bts is van toepassing. De rechtbank wijst op artikel 6 en verder.'],
    ['"van deze wet" follows the article', 'De Awb kent in artikel 3 van deze wet een regel.'],
    ['another regulation follows the article', 'Naast de Awb geldt artikel 3 van de verordening.'],
    ['the statute belongs to an earlier reference', 'artikel 8:69 van de Awb en artikel 4 van het reglement'],
  ])('attributes nothing when %s', (_, tekst) => {
    const r = extractWetsverwijzingen([{ onderdeel: 'tekst', tekst }]);
    expect(r.verwijzingen.filter((v) => v.artikel !== '8:69')).toEqual([]);
  });
});

describe('extractWetsverwijzingen: the ambiguous abbreviation Ow (Omgevingswet, Onteigeningswet, Opiumwet)', () => {
  it.each([
    ['artikel 5.1 Ow', ['artikel 5.1 Omgevingswet']],
    ['artikel 4.1, eerste lid, van de OW', ['artikel 4.1 lid 1 Omgevingswet']],
    ['artikel 16.87 ow', ['artikel 16.87 Omgevingswet']],
    ['artikel 17 Omgevingswet', ['artikel 17 Omgevingswet']], // the full name is never ambiguous
  ])('%s: the Omgevingswet (its articles are numbered chapter.number)', (tekst, expected) => {
    expect(citaties(tekst)).toEqual(expected);
  });

  it.each(['artikel 17 Ow', 'artikel 40a van de Ow', 'artikelen 5.1 en 17 Ow'])('%s: a number the Omgevingswet does not use, reported in niet_herkend', (tekst) => {
    const r = extractWetsverwijzingen([{ onderdeel: 'tekst', tekst }]);
    expect(r.verwijzingen).toEqual([]);
    expect(r.niet_herkend.map((n) => [n.soort, n.tekst])).toEqual([['afkorting', 'Ow']]);
  });

  it('declares the rule in wetten.json, next to the statute', () => {
    const ow = wetten.find((w) => w.bwb_id === 'BWBR0037885')!;
    expect(ow.afkortingen_alleen_bij_artikelvorm).toMatchObject({ afkortingen: ['Ow'] });
    expect(ow.afkortingen.map((a) => a.toLowerCase())).not.toContain('ow');
  });
});

describe('statutes table (wetten.json)', () => {
  it('has unique BWB ids and abbreviations (case-insensitively, as they are matched), each with a verification note', () => {
    const ids = [...wetten.map((w) => w.bwb_id), ...burgerlijkWetboek.boeken.map((b) => b.bwb_id)];
    expect(new Set(ids).size).toBe(ids.length);
    const abbr = [...wetten.flatMap((w) => [...w.afkortingen, ...(w.afkortingen_alleen_bij_artikelvorm?.afkortingen ?? [])]), ...burgerlijkWetboek.afkortingen].map((a) => a.toLowerCase());
    expect(new Set(abbr).size).toBe(abbr.length);
    for (const w of wetten) expect(w.bwb_id).toMatch(/^BWB[RV][0-9]{7}$/);
    for (const w of wetten) expect(w.verificatie).toMatch(/^(opgenomen|niet geverifieerd)/);
  });

  it('marks as opgenomen the ids seen in the recorded files', () => {
    const opgenomen = wetten.filter((w) => w.verificatie.startsWith('opgenomen')).map((w) => w.bwb_id);
    expect(opgenomen).toEqual(expect.arrayContaining(['BWBR0005537', 'BWBR0002458', 'BWBR0001969', 'BWBR0026759', 'BWBR0005416']));
  });
});

describe('extractWetsverwijzingen: nothing that looks like a citation is silently dropped (review of issue 21)', () => {
  const extract = (tekst: string) => extractWetsverwijzingen([{ onderdeel: 'uitspraak', tekst }]);

  it.each([
    // the reviewer's sentences
    ['Zie artikel 7:658 B.W. over de zorgplicht.', ['artikel 7:658 BW']],
    ['Gelet op artikel 350 W.v.Sr. is de verdachte schuldig.', ['artikel 350 Sr']],
    ['Gelet op artikel 3, lid 2e, Awb.', ['artikel 3 lid 2 Awb']],
    ['Gelet op artikel 3 lid 1e van de Awb.', ['artikel 3 lid 1 Awb']],
    ['Zie art.3:40 BW.', ['artikel 3:40 BW']],
    ['Zie art. 6:162 B.W. en verder.', ['artikel 6:162 BW']],
    ['Zie artikel 3:40 Bw en artikel 7:658 B.W.', ['artikel 3:40 BW', 'artikel 7:658 BW']],
    ['Gelet op artikel 350 W.v.Sr.', ['artikel 350 Sr']],
    ['Gelet op artikel 350 WvSr en 359 WvSv.', ['artikel 350 Sr', 'artikel 359 Sv']],
    ['Gelet op artikel 3, lid 1e, van de Awb.', ['artikel 3 lid 1 Awb']],
    ['Gelet op artikel 3 lid 2e Awb.', ['artikel 3 lid 2 Awb']],
    ['Gelet op artikel 3 lid twee Awb.', ['artikel 3 lid 2 Awb']],
    ['Gelet op artikel 3 lid II Awb.', ['artikel 3 lid 2 Awb']],
    ['art.3:40 BW', ['artikel 3:40 BW']],
    ['artikel 6 lid 1 van het Europees Verdrag tot bescherming van de rechten van de mens', ['artikel 6 lid 1 EVRM']],
    // dotted abbreviations, any case; a final dot belongs to the abbreviation
    ['artikel 359a W.v.Sv.', ['artikel 359a Sv']],
    ['artikel 27 Sv.', ['artikel 27 Sv']],
    ['artikel 8:69 A.w.b.', ['artikel 8:69 Awb']],
    ['artikel 8:69 a.w.b. en verder', ['artikel 8:69 Awb']],
    ['Zie artikel 7:658 B.W. Het hof oordeelt', ['artikel 7:658 BW']],
    // lid numbers: ordinal digits, number words, roman numerals
    ['artikel 3 lid 2de Sr', ['artikel 3 lid 2 Sr']],
    ['artikel 3 lid 1ste Sr', ['artikel 3 lid 1 Sr']],
    ['artikel 3 lid 8ste Sr', ['artikel 3 lid 8 Sr']],
    ['artikel 3 leden I en II Awb', ['artikel 3 lid 1 Awb', 'artikel 3 lid 2 Awb']],
    ['artikel 3 lid drie en vier Awb', ['artikel 3 lid 3 Awb', 'artikel 3 lid 4 Awb']],
    // art./artt. without a space, "e.v."
    ['artt.6:74 en 6:75 BW', ['artikel 6:74 BW', 'artikel 6:75 BW']],
    ['Zie artikel 3 e.v. van de Awb', ['artikel 3 Awb']],
    ['artikel 6:162 e.v. BW', ['artikel 6:162 BW']],
  ])('%s', (tekst, expected) => {
    const r = extract(tekst);
    expect(r.verwijzingen.map((v) => v.citatie)).toEqual(expected);
    expect(r.niet_herkend).toEqual([]);
  });

  it('recognises every abbreviation of the table written with dots between its letters', () => {
    const all = [...wetten.flatMap((w) => w.afkortingen.map((a) => [a, w.bwb_id])), ...burgerlijkWetboek.afkortingen.map((a) => [a, 'BWBR0005289'])].filter(([a]) => /^\p{L}{2,}$/u.test(a));
    expect(all.length).toBeGreaterThan(30);
    for (const [afkorting, id] of all) {
      const tekst = `Zie artikel 6:1 ${[...afkorting].join('.')}. over de zorgplicht.`;
      expect(extract(tekst).verwijzingen.map((v) => v.bwb_id), tekst).toEqual([id]);
    }
  });

  it('gives the vindplaats of a dotted abbreviation with its final dot', () => {
    expect(extract('Zie artikel 7:658 B.W. over de zorgplicht.').verwijzingen[0].vindplaatsen[0].tekst).toBe('artikel 7:658 B.W.');
  });

  it.each([
    ['artikel 3 lid 1a Awb', 'afkorting'], // a lid the parser cannot read
    ['artikel 3, lid ii, Awb', 'afkorting'], // a roman numeral in lower case is not read as a lid
    ['Zie artikel 3 onder xyz van de Algemene wet bestuursrecht.', 'wetsnaam'],
  ])('reports %s, a known statute whose article or lid it cannot read, in niet_herkend with the fragment', (tekst, soort) => {
    const r = extract(tekst);
    expect(r.verwijzingen).toEqual([]);
    expect(r.niet_herkend).toHaveLength(1);
    expect(r.niet_herkend[0].soort).toBe(soort);
    expect(tekst).toContain(r.niet_herkend[0].tekst);
    expect(r.niet_herkend[0].tekst).toMatch(/^(artikel|art\.)/i);
    expect(r.niet_herkend[0].vindplaatsen[0]).toMatchObject({ onderdeel: 'uitspraak', positie: tekst.search(/artikel/i) });
  });

  it.each([
    'artikel 5 van de statuten van Jansen B.V. is nietig.',
    'artikel 2 van de statuten van X N.V.',
    'Het Kamerlid sprak over de B.V. en de N.V.',
    'Zie o.a. artikel 3 van deze wet.',
    'Zie artikel 3 van deze wet en de Awb.', // "van deze wet": no named statute, the Awb is not its statute
    'Het lid twee keer gehoord volgens artikel 3.',
    'Volgens artikel 3 is het lid 2e Kamer geworden.',
    'Zie artikel 3 e.v. De rechtbank oordeelt.',
  ])('finds and reports nothing in %s', (tekst) => {
    expect(extract(tekst)).toEqual({ verwijzingen: [], niet_herkend: [] });
  });

  it.each([
    ['artikel 5 Awb en 3 maanden later', ['artikel 5 Awb']], // a number after "en" without a statute is no article
    ['artikel 3 lid 1 van de Awb, lid 2e Kamer', ['artikel 3 lid 1 Awb']],
  ])('adds nothing after the citation in %s', (tekst, expected) => {
    const r = extract(tekst);
    expect(r.verwijzingen.map((v) => v.citatie)).toEqual(expected);
    expect(r.niet_herkend).toEqual([]);
  });
});
