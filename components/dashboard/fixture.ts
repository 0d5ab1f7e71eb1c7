// Rows for the dashboard's unit tests (no view imports this).
import type { Wijziging } from './typen';

/** A wijziging row: a vestiging 'gewijzigd' without changed fields, with `w` over it. */
export const wijzigingRij = (w: Partial<Wijziging> = {}): Wijziging => ({
  wijziging_id: 1,
  versie_id: 2,
  datum: '2026-11-22',
  entiteit_type: 'vestiging',
  entiteit_id: 'VAAAAAAAAAA',
  wijziging_type: 'gewijzigd',
  velden: [],
  oud: null,
  nieuw: null,
  ...w,
});
