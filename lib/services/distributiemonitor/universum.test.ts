// The link coverage of /universum from a version's aantallen: counts and shares of the active vestigingen per
// target, and null for a version made before links were recorded.
import { describe, expect, it } from 'vitest';
import { koppelDekkingUit } from './universum';

describe('koppelDekkingUit', () => {
  it('answers counts and shares (one decimal) per target', () => {
    const aantallen = {
      vestigingen_actief: 3,
      koppeling_lei_kvk: 2, koppeling_lei_naam_plaats: 1, koppeling_lei_geen: 0, koppeling_lei_dubbelzinnig: 0,
      koppeling_dnb_kvk: 0, koppeling_dnb_naam_plaats: 1, koppeling_dnb_geen: 2, koppeling_dnb_dubbelzinnig: 1,
    };
    expect(koppelDekkingUit(aantallen)).toEqual({
      gleif: { vestigingen_actief: 3, kvk: { aantal: 2, aandeel_pct: 66.7 }, naam_plaats: { aantal: 1, aandeel_pct: 33.3 }, geen: { aantal: 0, aandeel_pct: 0 }, dubbelzinnig: 0 },
      dnb: { vestigingen_actief: 3, kvk: { aantal: 0, aandeel_pct: 0 }, naam_plaats: { aantal: 1, aandeel_pct: 33.3 }, geen: { aantal: 2, aandeel_pct: 66.7 }, dubbelzinnig: 1 },
    });
  });

  it('is null for a version without recorded links', () => {
    expect(koppelDekkingUit({ vestigingen_actief: 10, vestigingen_met_lei: 8 })).toBeNull();
  });
});
