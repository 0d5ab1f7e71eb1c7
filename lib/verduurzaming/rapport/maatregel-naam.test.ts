// Measure names for clients (never the file's element names) and the Dutch number helper of the page and PDF.
import { describe, expect, it } from 'vitest';
import { maatregelNaam, stapNaam, stappenplanZin } from './maatregel-naam';
import { decimaal, euro, getal } from './opmaak';

describe('maatregelNaam', () => {
  it.each([
    ['Step1', 'Stap 1 van het maatwerkadvies'],
    ['Step3', 'Stap 3 van het maatwerkadvies'],
    ['Spouwmuurisolatie', 'Spouwmuurisolatie'],
    ['HR++ glas', 'HR++ glas'],
    ['Dakisolatie en HR++-glas', 'Dakisolatie en HR++-glas'],
    ['SpouwmuurIsolatie', 'Spouwmuur isolatie'],
    ['vloer_isolatie', 'Vloer isolatie'],
    ['  ', 'Maatregel zonder omschrijving'],
  ])('%s -> %s', (in_, uit) => expect(maatregelNaam(in_)).toBe(uit));

  it('names the way to a step as steps 1..n', () => {
    expect(stapNaam(3, 1)).toBe('Stap 1 t/m 3 van het maatwerkadvies');
  });

  it("words the plan's content as one sentence, or nothing without content", () => {
    const stappen = [{ omschrijving: 'Step3' }, { omschrijving: 'Step1' }, { omschrijving: 'Step2' }];
    expect(stappenplanZin(['gevelisolatie', 'dakisolatie', 'zonnepanelen'], stappen)).toBe(
      'Het stappenplan als geheel (stap 1 t/m 3) omvat volgens het bestand: gevelisolatie, dakisolatie en zonnepanelen.',
    );
    expect(stappenplanZin(['zonnepanelen'], [])).toBe('Het stappenplan als geheel (alle stappen) omvat volgens het bestand: zonnepanelen.');
    expect(stappenplanZin(undefined, stappen)).toBeNull();
    expect(stappenplanZin([], stappen)).toBeNull();
  });
});

describe('opmaak', () => {
  it('writes Dutch numbers: decimal comma, thousands dot, real minus sign', () => {
    expect(decimaal(318.45)).toBe('318,45');
    expect(decimaal(231.1)).toBe('231,1');
    expect(decimaal(42)).toBe('42');
    expect(getal(12450000)).toBe('12.450.000');
    expect(getal(953.749, 2)).toBe('953,75');
    expect(getal(-1640)).toBe('−1.640');
    expect(getal(-0.001, 2)).toBe('0,00');
    expect(euro(9400)).toBe('€ 9.400');
    expect(euro(-12.5, 2)).toBe('−€ 12,50');
    expect(getal(null)).toBe('–');
  });
});
