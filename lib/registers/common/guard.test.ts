// The plausibility guard as a pure function: each refusal reason, the configurable share and --forceer.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DALING, MAIN_COUNT, mainCount, maxDaling, plausibilityRefusal, sameFileRefusal, type VersionFacts } from './guard';
import { isImportRefused } from './refusal';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const facts = (register: string, n: number, peildatum: string, sha256: string): VersionFacts => ({
  peildatum: day(peildatum),
  sha256,
  aantallen: { [MAIN_COUNT[register]]: n, gelezen: n + 5 },
});

describe('plausibilityRefusal', () => {
  for (const register of ['lei', 'fsp', 'finreg', 'charity']) {
    describe(register, () => {
      const published = facts(register, 1000, '2026-10-01', 'a'.repeat(64));

      it('publishes a newer, different file with about as many records', () => {
        expect(plausibilityRefusal(register, facts(register, 950, '2026-11-01', 'b'.repeat(64)), published)).toBeNull();
      });

      it('refuses zero records, also without a published version; forceer only overrides it over a version', () => {
        const empty = facts(register, 0, '2026-11-01', 'b'.repeat(64));
        const first = plausibilityRefusal(register, empty, null);
        expect(isImportRefused(first)).toBe(true);
        expect(first!.soort).toBe('onaannemelijk');
        expect(first!.reden).toMatch(/bevat 0 /);
        expect(plausibilityRefusal(register, empty, null, { forceer: true })!.reden).toMatch(/leeg register/);
        expect(plausibilityRefusal(register, empty, published)!.reden).toMatch(/gepubliceerde versie heeft er 1\.000/);
        expect(plausibilityRefusal(register, empty, published, { forceer: true })).toBeNull();
      });

      it('refuses more than the allowed drop, not a drop within it', () => {
        const r = plausibilityRefusal(register, facts(register, 899, '2026-11-01', 'b'.repeat(64)), published);
        expect(r!.reden).toMatch(/899 .*10,1% minder dan de gepubliceerde versie \(1\.000\); toegestaan is 10%/);
        expect(plausibilityRefusal(register, facts(register, 900, '2026-11-01', 'b'.repeat(64)), published)).toBeNull();
      });

      it('refuses a peildatum that is not newer', () => {
        for (const p of ['2026-10-01', '2026-09-01']) {
          const r = plausibilityRefusal(register, facts(register, 1000, p, 'b'.repeat(64)), published);
          expect(r!.reden).toMatch(/niet nieuwer dan die van de gepubliceerde versie \(2026-10-01/);
        }
      });

      it('refuses the file already published (same sha-256)', () => {
        const r = plausibilityRefusal(register, facts(register, 1000, '2026-11-01', 'a'.repeat(64)), published);
        expect(r!.reden).toMatch(/is al gepubliceerd/);
      });

      it('forceer overrides the drop, the peildatum and the same file', () => {
        const bad = facts(register, 10, '2026-09-01', 'a'.repeat(64));
        expect(plausibilityRefusal(register, bad, published)).not.toBeNull();
        expect(plausibilityRefusal(register, bad, published, { forceer: true })).toBeNull();
      });
    });
  }

  it('uses the share given', () => {
    const published = facts('fsp', 200, '2026-10-01', 'a'.repeat(64));
    const next = facts('fsp', 150, '2026-11-01', 'b'.repeat(64)); // 25 % fewer
    expect(plausibilityRefusal('fsp', next, published, { maxDaling: 0.3 })).toBeNull();
    expect(plausibilityRefusal('fsp', next, published, { maxDaling: 0.2 })!.reden).toMatch(/25% minder .* toegestaan is 20%/);
  });

  it('tolerates missing peildatum, sha-256 or counts (nothing to compare: no refusal on them)', () => {
    const published: VersionFacts = { peildatum: null, sha256: null, aantallen: {} };
    expect(plausibilityRefusal('lei', { peildatum: null, sha256: null, aantallen: { entiteiten: 5 } }, published)).toBeNull();
  });
});

describe('mainCount and maxDaling', () => {
  it('reads the main count of each register, also as a numeric string', () => {
    expect(mainCount('charity', { totaal: 12, gelezen: 15 })).toBe(12);
    expect(mainCount('lei', { entiteiten: '7' })).toBe(7);
    expect(mainCount('lei', {})).toBeNull();
    expect(mainCount('onbekend', { totaal: 1 })).toBeNull();
  });

  it('reads REGISTER_MAX_DALING as a fraction or percentage and refuses nonsense', () => {
    expect(maxDaling({})).toBe(DEFAULT_MAX_DALING);
    expect(maxDaling({ REGISTER_MAX_DALING: '0.25' })).toBe(0.25);
    expect(maxDaling({ REGISTER_MAX_DALING: '0,25' })).toBe(0.25);
    expect(maxDaling({ REGISTER_MAX_DALING: '5%' })).toBeCloseTo(0.05);
    expect(() => maxDaling({ REGISTER_MAX_DALING: '150%' })).toThrow(/REGISTER_MAX_DALING/);
    expect(() => maxDaling({ REGISTER_MAX_DALING: 'veel' })).toThrow(/REGISTER_MAX_DALING/);
  });
});

describe('sample data and kinds of file', () => {
  const sample: VersionFacts = { ...facts('lei', 1000, '2026-10-01', 'a'.repeat(64)), voorbeeld: true };

  it('real data replaces sample data whatever its peildatum, size or sha-256; zero records stay refused', () => {
    const real = facts('lei', 10, '2026-09-01', 'a'.repeat(64));
    expect(plausibilityRefusal('lei', real, sample)).toBeNull();
    expect(sameFileRefusal(real, sample)).toBeNull();
    expect(plausibilityRefusal('lei', facts('lei', 0, '2026-11-01', 'b'.repeat(64)), sample)!.reden).toMatch(/bevat 0 entiteiten/);
  });

  it('sample data over sample data, and the same file over real data, are compared as usual', () => {
    const again = { ...facts('lei', 1000, '2026-10-01', 'a'.repeat(64)), voorbeeld: true };
    expect(plausibilityRefusal('lei', again, sample)!.reden).toMatch(/is al gepubliceerd/);
    const real = facts('lei', 1000, '2026-10-01', 'a'.repeat(64));
    expect(sameFileRefusal(real, real)!.reden).toMatch(/is al gepubliceerd/);
    expect(sameFileRefusal(real, real, { forceer: true })).toBeNull();
    expect(sameFileRefusal(real, null)).toBeNull();
  });

  it('compares the drop only between files of the same kind', () => {
    const list = { ...facts('fsp', 1000, '2026-10-01', 'a'.repeat(64)), soort: 'namenlijst' };
    const full = { ...facts('fsp', 500, '2026-11-01', 'b'.repeat(64)), soort: 'volledige-export' };
    expect(plausibilityRefusal('fsp', full, list)).toBeNull();
    expect(plausibilityRefusal('fsp', { ...full, soort: 'namenlijst' }, list)!.reden).toMatch(/50% minder/);
    // other checks still apply across kinds
    expect(plausibilityRefusal('fsp', { ...full, peildatum: day('2026-09-01') }, list)!.reden).toMatch(/niet nieuwer/);
  });
});
