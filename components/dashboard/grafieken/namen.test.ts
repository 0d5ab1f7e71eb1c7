import { describe, expect, it } from 'vitest';
import { korteNaam } from './namen';

describe('korteNaam', () => {
  it('leaves a short name alone', () => {
    expect(korteNaam('Oostermark Groep N.V.', 24)).toBe('Oostermark Groep N.V.');
  });
  it('drops the legal form first', () => {
    expect(korteNaam('Kennemerstein Holding N.V.', 24)).toBe('Kennemerstein Holding');
  });
  it('keeps the beginning and the last words, so similar names stay apart', () => {
    const a = korteNaam('Administratie- en Assurantiekantoor Jacobs B.V.', 24);
    const b = korteNaam('Administratie- en Assurantiekantoor Verbeek Zaandam B.V.', 24);
    expect(a.length).toBeLessThanOrEqual(24);
    expect(b.length).toBeLessThanOrEqual(24);
    expect(a).toMatch(/^Administratie.*… Jacobs$/);
    expect(b).toMatch(/… Zaandam$/);
    expect(a).not.toBe(b);
  });
  it('cuts a single long word', () => {
    expect(korteNaam('Verzekeringsmaatschappijholding', 12)).toBe('Verzekering…');
  });
});
