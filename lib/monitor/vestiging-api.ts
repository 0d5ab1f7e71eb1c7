// A stored vestiging record as the API answers it: the one place where the stored house number becomes the
// API's two fields. The monitor derives, stores and hashes (vestiging_id) `huisnummer` as ONE string: the
// number, then TOEVOEGING_SCHEIDER and the addition in capitals when there is one ('7', '12-A', '120-2';
// derive/vestigingen.ts huisnummerUit). That string stays the source (ids stable, records of every version read
// alike); the answers (JSON and CSV) carry `huisnummer` as the integer the spec names (null: no number) and
// `huisnummer_toevoeging` (null: none). `velden` of a wijziging row keeps naming `huisnummer` for the address
// number as a whole (number and/or addition). Pure, no server imports (the dashboard reads huisnummerTekst).
import type { MarktHolding, MarktVestiging, WijzigingRij } from './derive/types';

/** Between the number and its addition in the stored string ('12-A'). */
export const TOEVOEGING_SCHEIDER = '-';

export interface Huisnummer {
  huisnummer: number | null;
  huisnummer_toevoeging: string | null;
}

/**
 * The stored house number split at the first TOEVOEGING_SCHEIDER: '12-A' → 12 and 'A', '7' → 7 and null,
 * '120-2' → 120 and '2', null → null and null. A stored value that does not start with digits (none is
 * written) keeps its text as the addition, with huisnummer null.
 */
export function huisnummerDelen(opgeslagen: string | null | undefined): Huisnummer {
  if (!opgeslagen) return { huisnummer: null, huisnummer_toevoeging: null };
  const i = opgeslagen.indexOf(TOEVOEGING_SCHEIDER);
  const nummer = i < 0 ? opgeslagen : opgeslagen.slice(0, i);
  const toevoeging = i < 0 ? null : opgeslagen.slice(i + TOEVOEGING_SCHEIDER.length) || null;
  if (!/^\d+$/.test(nummer)) return { huisnummer: null, huisnummer_toevoeging: opgeslagen };
  return { huisnummer: Number(nummer), huisnummer_toevoeging: toevoeging };
}

/** The house number of an API record as one text again, the way it is stored ('12-A'); '' without one. */
export function huisnummerTekst(r: { huisnummer?: unknown; huisnummer_toevoeging?: unknown }): string {
  const n = typeof r.huisnummer === 'number' ? String(r.huisnummer) : '';
  const t = typeof r.huisnummer_toevoeging === 'string' && r.huisnummer_toevoeging ? r.huisnummer_toevoeging : '';
  return n && t ? `${n}${TOEVOEGING_SCHEIDER}${t}` : n || t;
}

/** A vestiging as the API answers it (the Vestiging schema): huisnummer split, the fields in the schema's order. */
export type ApiVestiging = Omit<MarktVestiging, 'huisnummer'> & Huisnummer;

export function apiVestiging(v: MarktVestiging): ApiVestiging {
  const { vestiging_id, naam, kvk_nummer, postcode, huisnummer, ...rest } = v;
  return { vestiging_id, naam, kvk_nummer, postcode, ...huisnummerDelen(huisnummer), ...rest };
}

/** A wijziging row as the API answers it (the Wijziging schema): a vestiging's records as ApiVestiging. */
export type ApiWijzigingRij = Omit<WijzigingRij, 'oud' | 'nieuw'> & { oud: ApiVestiging | MarktHolding | null; nieuw: ApiVestiging | MarktHolding | null };

export function apiWijziging(w: WijzigingRij): ApiWijzigingRij {
  if (w.entiteit_type !== 'vestiging') return w as ApiWijzigingRij;
  const rec = (r: WijzigingRij['oud']) => (r === null ? null : apiVestiging(r as MarktVestiging));
  return { ...w, oud: rec(w.oud), nieuw: rec(w.nieuw) };
}
