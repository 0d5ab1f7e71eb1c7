// The statutes the extraction recognises, read from the one data file wetten.json (name, abbreviations,
// BWB id, how it is cited, and whether the id was seen in a recorded file). The civil code is one code
// with a BWB id per book, so it has its own entry with the books.
import data from './wetten.json';

export interface Wet {
  titel: string;
  namen: string[];
  afkortingen: string[];
  /** Suffix of the normalised citation: "artikel <nr> <citeer_als>". */
  citeer_als: string;
  bwb_id: string;
  verificatie: string;
  /**
   * Abbreviations shared with other statutes ("Ow"): they name this statute only for an article number of
   * this form (a regular expression); with any other number the abbreviation is reported, not guessed.
   */
  afkortingen_alleen_bij_artikelvorm?: { afkortingen: string[]; artikelvorm: string; toelichting: string };
}

export interface BwBoek {
  boek: string;
  titel: string;
  bwb_id: string;
}

export const wetten: readonly Wet[] = data.wetten;

export const burgerlijkWetboek = {
  titel: data.burgerlijk_wetboek.titel,
  namen: data.burgerlijk_wetboek.namen,
  afkortingen: data.burgerlijk_wetboek.afkortingen,
  citeer_als: data.burgerlijk_wetboek.citeer_als,
  verificatie: data.burgerlijk_wetboek.verificatie,
  boeken: Object.entries(data.burgerlijk_wetboek.boeken).map(([boek, b]) => ({ boek, titel: b.titel, bwb_id: b.bwb_id })) as BwBoek[],
};

/** The statute (or civil-code book) with this BWB id, if the table knows it. */
export function wetVoorBwbId(bwbId: string): { wet: Wet; boek: null } | { wet: null; boek: BwBoek } | null {
  const boek = burgerlijkWetboek.boeken.find((b) => b.bwb_id === bwbId);
  if (boek) return { wet: null, boek };
  const wet = wetten.find((w) => w.bwb_id === bwbId);
  return wet ? { wet, boek: null } : null;
}

/** The civil-code book with this number ("6"), if the table knows it. */
export function bwBoek(nummer: string): BwBoek | null {
  return burgerlijkWetboek.boeken.find((b) => b.boek === nummer) ?? null;
}

/** An endpoint of this service exists only for BWBR ids (laws and decrees; treaties are BWBV). */
export function artikelEndpoint(bwbId: string, artikel: string): string | null {
  return /^BWBR[0-9]{7}$/.test(bwbId) ? `/v1/wet/${bwbId}/artikelen/${encodeURIComponent(artikel).replace(/%3A/gi, ':')}/relevant` : null;
}
