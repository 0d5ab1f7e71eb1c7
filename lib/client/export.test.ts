// The export's pure part: the CSV a keyed user downloads from a dashboard table (the API's CSV conventions,
// numbers a spreadsheet can compute with), the file names, the styles an exported chart keeps, and the frame
// and network drawing of an exported SVG.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { naarCsv } from '@/lib/api/csv';
import { bestandsnaam, bronregelTekst, celWaarde, graafSvg, omlijstSvg, peildatumUitTekst, regels, slug, stijlVerschil, tabelCsv, weergaveUitPad } from './export';

describe('tabelCsv', () => {
  const tabel = {
    kolommen: ['Hoofdholding', 'Vestigingen', 'Aandeel', 'Opmerking'],
    getal: [false, true, true, false],
    rijen: [
      ['Adviesgroep "Noord", B.V.', '1.234', '12,5%', '=SOM(A1)'],
      ['Zuid', '–', '0,25', 'regel\nverder'],
    ],
  };
  it('writes the API’s CSV: BOM, header row, CRLF, quoting and formula neutralising as lib/api/csv.ts does', () => {
    const csv = tabelCsv(tabel);
    expect(csv).toBe(
      naarCsv(
        [
          { Hoofdholding: 'Adviesgroep "Noord", B.V.', Vestigingen: 1234, Aandeel: 12.5, Opmerking: '=SOM(A1)' },
          { Hoofdholding: 'Zuid', Vestigingen: null, Aandeel: 0.25, Opmerking: 'regel verder' },
        ],
        tabel.kolommen,
      ),
    );
    expect(csv.startsWith('\uFEFFHoofdholding,Vestigingen,Aandeel,Opmerking\r\n')).toBe(true);
    expect(csv).toContain(`"Adviesgroep ""Noord"", B.V.",1234,12.5,'=SOM(A1)\r\n`);
    expect(csv.endsWith('Zuid,,0.25,regel verder\r\n')).toBe(true);
  });
  it('says (%) in the header of a number column the page writes as percentages', () => {
    const csv = tabelCsv({ kolommen: ['Naam', 'Aandeel', 'Groei (%)'], getal: [false, true, true], rijen: [['A', '10,2%', '1,5%'], ['B', '–', '2%']] });
    expect(csv).toBe('\uFEFFNaam,Aandeel (%),Groei (%)\r\nA,10.2,1.5\r\nB,,2\r\n');
  });
  it('keeps both columns when two have the same title', () => {
    const csv = tabelCsv({ kolommen: ['Jaar', 'Jaar'], getal: [true, true], rijen: [['2024', '2025']] });
    expect(csv).toBe('\uFEFFJaar,Jaar (2)\r\n2024,2025\r\n');
  });
});

describe('celWaarde', () => {
  it.each([
    ['1.234', true, 1234],
    ['1.234,56', true, 1234.56],
    ['−3,5', true, -3.5],
    ['12,5%', true, 12.5],
    ['7', true, 7],
    ['–', true, null],
    ['', false, null],
    ['2026-11-01', true, '2026-11-01'],
    ['1.234', false, '1.234'],
    ['  twee   woorden ', false, 'twee woorden'],
  ])('%j (number column %s) -> %j', (tekst, getal, verwacht) => {
    expect(celWaarde(tekst, getal)).toBe(verwacht);
  });
});

describe('file names', () => {
  it('are <view>-<name>-<peildatum>.<ext>, the name without parenthesised parts and accents', () => {
    expect(bestandsnaam('radar', 'Marktbeweging per maand', '2026-11-01', 'csv')).toBe('radar-marktbeweging-per-maand-2026-11-01.csv');
    expect(bestandsnaam('holdings', 'Ranglijst van hoofdholdings (peildatum 2026-11-01)', '2026-11-01', 'csv')).toBe('holdings-ranglijst-van-hoofdholdings-2026-11-01.csv');
    expect(bestandsnaam('radar', 'Beëindigd, overgenomen', null, 'png')).toBe('radar-beeindigd-overgenomen-nieuwste.png');
  });
  it('shortens long names at a word', () => {
    expect(slug('Structuren in de graaf, grootste eerst: actieve vestigingen van de hele structuur')).toBe('structuren-in-de-graaf-grootste-eerst-actieve');
  });
  it('shorten in whole words and never end on a stop word or a number hanging after one', () => {
    const n = 'Nieuw, beëindigd, overgenomen en verhuisd in de 12 maanden tot de peildatum';
    expect(bestandsnaam('radar', n, '2026-11-01', 'csv')).toBe('radar-nieuw-beeindigd-overgenomen-en-verhuisd-2026-11-01.csv');
    expect(bestandsnaam('benchmark', 'Concurrenten in de plaats: verdeling in de gemeente per categorie', null, 'png')).toBe(
      'benchmark-concurrenten-in-de-plaats-verdeling-nieuwste.png',
    );
    for (const stop of ['in', 'de', 'van', 'en', 'per', 'met']) {
      const s = slug(`Aantallen aantallen aantallen aantallen aantallen ${stop} iets`, 48);
      expect(s.split('-').at(-1)).not.toBe(stop);
    }
    expect(slug('Eén kort woord')).toBe('een-kort-woord');
  });
  it('drop the view’s name at the start of the name (and the stop words after it)', () => {
    expect(bestandsnaam('netwerk', 'Netwerk van de drukste structuren', '2026-11-01', 'svg')).toBe('netwerk-drukste-structuren-2026-11-01.svg');
    expect(bestandsnaam('radar', 'Radar', null, 'csv')).toBe('radar-radar-nieuwste.csv');
    expect(bestandsnaam('holdings', 'Holdingstructuur', null, 'csv')).toBe('holdings-holdingstructuur-nieuwste.csv');
  });
  it('name the view from the path', () => {
    expect(weergaveUitPad('/dashboard')).toBe('overzicht');
    expect(weergaveUitPad('/dashboard/radar')).toBe('radar');
    expect(weergaveUitPad('/dashboard/holdings/5493001KJTIIGC8Y1R12')).toBe('holdings');
  });
  it('take the newest peildatum of the source line (the registers of one version can have older ones)', () => {
    expect(peildatumUitTekst('Voorbeelddata Bron: DNB (peildatum 2025-10-27) · AFM (peildatum 2026-11-01) · GLEIF (peildatum 2026-10-31)')).toBe('2026-11-01');
    expect(peildatumUitTekst('Bron: distributiemonitor')).toBeNull();
  });
});

describe('bronregelTekst', () => {
  it('sets the sample-data label apart from the source', () => {
    expect(bronregelTekst([{ tekst: 'Voorbeelddata', label: true }, { tekst: 'Bron:' }, { tekst: 'DNB (peildatum 2026-11-01)' }])).toBe(
      'Voorbeelddata · Bron: DNB (peildatum 2026-11-01)',
    );
    expect(bronregelTekst([{ tekst: 'Bron:' }, { tekst: ' AFM ' }])).toBe('Bron: AFM');
    expect(bronregelTekst([])).toBe('');
  });
});

describe('stijlVerschil', () => {
  const ouder = { fill: 'rgb(0, 0, 0)', stroke: 'none', 'font-size': '12px', 'font-family': 'system-ui', opacity: '1' };
  it('writes at the root what differs from the initial value, and always the font', () => {
    expect(stijlVerschil({ fill: 'rgb(0, 0, 0)', stroke: 'none', 'font-size': '12px', 'font-family': 'system-ui', opacity: '1' }, null)).toEqual({
      'font-size': '12px',
      'font-family': 'system-ui',
    });
  });
  it('writes inherited properties only where they differ from the parent, others where they differ from the initial value', () => {
    expect(stijlVerschil({ ...ouder, fill: 'rgb(21, 66, 115)', opacity: '0.5' }, ouder)).toEqual({ fill: 'rgb(21, 66, 115)', opacity: '0.5' });
    // A fill set by a CSS class on the parent is written there: the child that inherits it needs nothing.
    expect(stijlVerschil({ ...ouder, fill: 'rgb(21, 66, 115)' }, { ...ouder, fill: 'rgb(21, 66, 115)' })).toEqual({});
    // A child back at black under a coloured parent must say so.
    expect(stijlVerschil(ouder, { ...ouder, fill: 'rgb(21, 66, 115)' })).toEqual({ fill: 'rgb(0, 0, 0)' });
  });
});

const parser = new XMLParser({ ignoreAttributes: false });
const teksten = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('omlijstSvg', () => {
  it('is a well-formed SVG document with xmlns, a white background, the title, the legend and the source line', () => {
    const doc = omlijstSvg({
      inhoud: '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="10" height="10" fill="#154273"/></svg>',
      breedte: 400,
      hoogte: 200,
      titel: 'Vestigingen per maand & soort',
      bronregel: 'Bron: Distributiemonitor (peildatum 2026-11-01)',
      legenda: [
        { kleur: '#154273', tekst: 'Nieuw' },
        { kleur: '#b42318', tekst: 'Beëindigd', lijn: true },
      ],
    });
    expect(XMLValidator.validate(doc.svg)).toBe(true);
    const boom = parser.parse(doc.svg);
    expect(boom.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
    expect(boom.svg.title).toBe('Vestigingen per maand & soort');
    expect(doc.svg).toContain('fill="#ffffff"');
    expect(teksten(doc.svg)).toEqual(['Vestigingen per maand &amp; soort', 'Nieuw', 'Beëindigd', 'Bron: Distributiemonitor (peildatum 2026-11-01)']);
    expect(doc.breedte).toBe(416);
    expect(doc.hoogte).toBeGreaterThan(200 + 20 + 18 + 15);
  });
  it('wraps a long title and source line within the width', () => {
    const lang = 'Nieuw, beëindigd, overgenomen en verhuisd in de 12 maanden tot elke versie van de distributiemonitor';
    const doc = omlijstSvg({ inhoud: '<g/>', breedte: 320, hoogte: 100, titel: lang, bronregel: lang });
    // Estimated at 0.56 of the font size per character: the title at 16 px, the source line at 11 px.
    const titel = [...doc.svg.matchAll(/<text[^>]*font-size="16"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    const bron = [...doc.svg.matchAll(/<text[^>]*font-size="11"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(titel.length).toBeGreaterThan(1);
    expect(bron.length).toBeGreaterThan(1);
    expect(titel.join(' ')).toBe(lang);
    for (const r of titel) expect(r.length * 16 * 0.56).toBeLessThanOrEqual(doc.breedte - 32);
    for (const r of bron) expect(r.length * 11 * 0.56).toBeLessThanOrEqual(doc.breedte - 32);
  });
});

describe('regels', () => {
  it('keeps whole words, a too long word on its own line', () => {
    expect(regels('een twee drie vier', 9)).toEqual(['een twee', 'drie vier']);
    expect(regels('kort heelerglangwoord kort', 6)).toEqual(['kort', 'heelerglangwoord', 'kort']);
  });
});

describe('graafSvg', () => {
  it('draws every node and link of the picture inside the canvas size, with the labels and an arrow per ownership link', () => {
    const svg = graafSvg(
      {
        knopen: [
          { x: -50, y: 0, r: 8, kleur: '#154273', rand: true, gestreept: false, label: 'Holding <A>' },
          { x: 50, y: 20, r: 4, kleur: '#154273', rand: false, gestreept: false, label: null },
          { x: 0, y: -40, r: 6, kleur: '#e8a33d', rand: true, gestreept: true, label: null },
        ],
        lijnen: [
          { x1: -50, y1: 0, x2: 50, y2: 20, kleur: '#5b6b7c', gestreept: false, pijl: true, r2: 4 },
          { x1: 0, y1: -40, x2: 50, y2: 20, kleur: '#9a6fb0', gestreept: true, pijl: false, r2: 4 },
        ],
      },
      600,
      400,
    );
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(3);
    expect(svg.match(/<line /g)).toHaveLength(2);
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('stroke-dasharray="3 2"');
    expect(teksten(svg)).toEqual(['Holding &lt;A&gt;']);
    // The name, centred under its node, stays inside the picture.
    const x = Number(svg.match(/<text x="([\d.]+)"/)![1]);
    expect(x - ('Holding <A>'.length * 12 * 0.56) / 2).toBeGreaterThanOrEqual(0);
    for (const m of svg.matchAll(/c([xy])="(-?[\d.]+)"/g)) {
      const v = Number(m[2]);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(m[1] === 'x' ? 600 : 400);
    }
  });
});
