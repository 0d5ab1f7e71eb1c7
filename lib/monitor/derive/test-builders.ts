// Builders of hand-made market records for the monitor's tests: every field filled with a plain default,
// the test states only what matters to it.
import type { MarktHolding, MarktVestiging } from './types';

/** A vestiging: active, independent, no address or products unless given. */
export const vestiging = (id: string, o: Partial<MarktVestiging> = {}): MarktVestiging => ({
  vestiging_id: id,
  naam: `Kantoor ${id}`,
  kvk_nummer: `K-${id}`,
  postcode: null,
  huisnummer: null,
  plaats: null,
  actief: true,
  instelling_id: id,
  producten: [],
  hypotheek_diensten: [],
  sinds: null,
  einde: null,
  handelsnamen: [],
  klachteninstituut: null,
  lei: null,
  holding_id: null,
  hoofdholding_id: null,
  koppeling: null,
  ...o,
});

/** A holding under hoofdholding `hoofd` (itself when it is the top) with direct parent `moeder`. */
export const holding = (id: string, naam: string, hoofd: string, moeder: string | null, vestiging_ids: string[] = [], o: Partial<MarktHolding> = {}): MarktHolding => ({
  holding_id: id,
  naam,
  vestiging_ids,
  hoofdholding_id: hoofd,
  type: id === hoofd ? 'hoofdholding' : 'tussenholding',
  moeder_id: moeder,
  kvk_nummer: null,
  ...o,
});
