// The one naming rule for holdings: GLEIF gives some parents no name, and the derivation then records the
// LEI as naam (derive/holdings.ts keeps that, so stored states and their wijziging rows stay comparable).
// Every answer and view names such a holding "Holding zonder naam in GLEIF" and shows the LEI only as its
// own field or secondary text. Pure, so the dashboard uses the same rule.
export const HOLDING_ZONDER_NAAM = 'Holding zonder naam in GLEIF';

/** True when `naam` is a real name of holding `lei` (not empty, not the LEI itself, not the fallback). */
export const heeftEigenNaam = (naam: string | null | undefined, lei: string): naam is string =>
  !!naam && naam.trim() !== '' && naam !== lei && naam !== HOLDING_ZONDER_NAAM;

/** The name of holding `lei` to show: its own name, else HOLDING_ZONDER_NAAM. */
export const holdingNaam = (naam: string | null | undefined, lei: string): string => (heeftEigenNaam(naam, lei) ? naam : HOLDING_ZONDER_NAAM);
