// Reading the ISDE amounts from the RVO page (built fixture in the structure the parser relies on) and the
// Dutch amount notation.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { leesBedrag, leesMaatregelen } from './rvo-isde-convert';

const PAGINA = 'https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren';
const html = fs.readFileSync(path.join(FIXTURES_DIR, 'rvo-isde', 'woningeigenaren.html'), 'utf8');

describe('leesBedrag', () => {
  it.each([
    ['€ 16 per m²', { waarde: 16, eenheid: 'm²', vanaf: false }],
    ['€ 5,50 per m2', { waarde: 5.5, eenheid: 'm²', vanaf: false }],
    ['vanaf € 1.025', { waarde: 1025, eenheid: null, vanaf: true }],
    ['€\u00a03.775', { waarde: 3775, eenheid: null, vanaf: false }],
    ['€ 1.250,- per woning', { waarde: 1250, eenheid: 'woning', vanaf: false }],
    ['geen bedrag', null],
  ])('%s', (tekst, verwacht) => {
    expect(leesBedrag(tekst)).toEqual(verwacht);
  });
});

describe('leesMaatregelen', () => {
  const m = leesMaatregelen(html, PAGINA);

  it('finds the twelve measures of the two amount tables and ignores the contact table', () => {
    expect(m.map((x) => x.maatregel)).toEqual([
      'Dakisolatie',
      'Zolder- of vlieringvloerisolatie',
      'Gevelisolatie',
      'Spouwmuurisolatie',
      'Vloerisolatie',
      'Bodemisolatie',
      'HR++-glas',
      'Triple glas',
      'Hybride warmtepomp',
      'Volledige (all-electric) warmtepomp',
      'Zonneboiler',
      'Aansluiting op een warmtenet',
    ]);
  });

  it('reads an amount per m² with the doubled amount and conditions', () => {
    expect(m.find((x) => x.maatregel === 'Vloerisolatie')).toEqual({
      maatregel: 'Vloerisolatie',
      groep: 'Isolatie',
      regeling: 'ISDE',
      bedrag: null,
      bedrag_per_eenheid: 5.5,
      eenheid: 'm²',
      bedrag_bij_combinatie: 11,
      vanaf: false,
      bedrag_tekst: '€ 5,50 per m²',
      voorwaarden: 'Minimaal 20 m²; Rd-waarde minimaal 3,5 m²K/W',
      vervolgpaginas: [
        { titel: 'Vloerisolatie', url: 'https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren/isolatiemaatregelen' },
        { titel: 'ISDE voor woningeigenaren (RVO)', url: PAGINA },
      ],
    });
  });

  it('reads fixed and minimum amounts', () => {
    const warmtenet = m.find((x) => x.maatregel === 'Aansluiting op een warmtenet');
    expect(warmtenet).toMatchObject({ bedrag: 3775, bedrag_per_eenheid: null, eenheid: null, vanaf: false, groep: 'Warmtepompen, zonneboilers en warmtenet' });
    const hybride = m.find((x) => x.maatregel === 'Hybride warmtepomp');
    expect(hybride).toMatchObject({ bedrag: 1025, vanaf: true, bedrag_bij_combinatie: null });
    expect(hybride?.vervolgpaginas[0].url).toBe('https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren/warmtepomp');
  });

  it('finds nothing on a page without an amount table', () => {
    expect(leesMaatregelen('<html><body><h2>Onderhoud</h2><p>Deze pagina is tijdelijk niet beschikbaar.</p></body></html>', PAGINA)).toEqual([]);
  });
});
