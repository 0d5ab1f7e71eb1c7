// CBS region codes: GM + 4 digits (gemeente), WK + municipality code + 2 characters (wijk), BU + wijk part +
// 2 characters (buurt); newer editions use letters after the municipality code (WK0363AF, BU0363AF08). The
// codes nest by prefix, which is how areas within an area are found. NL00 is the country in the Kerncijfers
// tables. Pure functions.

export type Niveau = 'gemeente' | 'wijk' | 'buurt';
export type RegioNiveau = Niveau | 'land';

export const LAND_CODE = 'NL00';

/** The level of a region code (by its prefix). */
export function niveauVan(code: string): RegioNiveau {
  if (code.startsWith('GM')) return 'gemeente';
  if (code.startsWith('WK')) return 'wijk';
  if (code.startsWith('BU')) return 'buurt';
  return 'land';
}

/** The municipality a region lies in (WK/BU codes start with the municipality's four characters). */
export function gemeenteVan(code: string): string {
  return `GM${code.slice(2, 6)}`;
}

/** The wijk a buurt lies in; null for other levels. */
export function wijkVan(code: string): string | null {
  return code.startsWith('BU') ? `WK${code.slice(2, 8)}` : null;
}

const RANK: Record<Niveau, number> = { gemeente: 0, wijk: 1, buurt: 2 };
const PREFIX: Record<Niveau, string> = { gemeente: 'GM', wijk: 'WK', buurt: 'BU' };

/**
 * The code prefix shared by every region of `niveau` within `binnen` (GM0363 + buurt -> BU0363); null when
 * that level does not lie within the area (a wijk within a buurt). The same level gives the area itself.
 */
export function prefixBinnen(binnen: string, niveau: Niveau): string | null {
  const own = niveauVan(binnen);
  if (own === 'land' || RANK[niveau] < RANK[own]) return null;
  return PREFIX[niveau] + binnen.slice(2);
}

/** The level directly below an area (gemeente -> wijk, wijk -> buurt); null for a buurt. */
export function niveauOnder(code: string): Niveau | null {
  const own = niveauVan(code);
  return own === 'gemeente' ? 'wijk' : own === 'wijk' ? 'buurt' : null;
}
