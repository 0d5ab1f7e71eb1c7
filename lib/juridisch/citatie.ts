// Normalised citation forms of one article and the follow-up steps to case law that cites it. Pure.
import { burgerlijkWetboek, wetVoorBwbId } from './wetten';

export interface Citatievormen {
  /** As the extraction normalises it, e.g. "artikel 6:162 BW", "artikel 3 Drank- en Horecawet". */
  genormaliseerd: string;
  /** Short form, e.g. "art. 6:162 BW", "art. 3 Drank- en Horecawet". */
  kort: string;
  /** Written out, e.g. "artikel 162 van Boek 6 van het Burgerlijk Wetboek", "artikel 3 van de Drank- en Horecawet". */
  voluit: string;
  /** With the customary abbreviation, e.g. "artikel 3 DHW"; null when the table knows none. */
  afkorting: string | null;
  /** Joint Citation Identifier (from the toestand when it gives one). */
  jci: string | null;
}

export interface Vervolgstap {
  stap: 'zoeken_in_uitspraken' | 'open_data_feed' | 'uitspraak_per_ecli';
  titel: string;
  url: string | null;
  endpoint: string | null;
  toelichting: string;
}

/** "de" or "het" before a regulation title (Wetboek, Besluit, Verdrag … are neuter). */
function lidwoord(titel: string): string {
  return /^(Wetboek|Besluit|Verdrag|Reglement|Statuut|Protocol|Burgerlijk Wetboek)\b/.test(titel) ? 'het' : 'de';
}

/** Citation forms of an article of a regulation, using the statutes table where it knows the regulation. */
export function citatievormen(bwbId: string, artikel: string, citeertitel: string | null, jci: string | null): Citatievormen {
  const known = wetVoorBwbId(bwbId);
  if (known?.boek) {
    const nr = artikel.includes(':') ? artikel.split(':')[1] : artikel;
    const full = `${known.boek.boek}:${nr}`;
    return {
      genormaliseerd: `artikel ${full} ${burgerlijkWetboek.citeer_als}`,
      kort: `art. ${full} ${burgerlijkWetboek.citeer_als}`,
      voluit: `artikel ${nr} van Boek ${known.boek.boek} van het ${burgerlijkWetboek.titel}`,
      afkorting: `artikel ${full} ${burgerlijkWetboek.afkortingen[0]}`,
      jci,
    };
  }
  const titel = citeertitel ?? known?.wet?.titel ?? bwbId;
  const suffix = known?.wet?.citeer_als ?? titel;
  const afk = known?.wet?.afkortingen[0] ?? null;
  return {
    genormaliseerd: `artikel ${artikel} ${suffix}`,
    kort: `art. ${artikel} ${titel}`,
    voluit: `artikel ${artikel} van ${lidwoord(titel)} ${titel}`,
    afkorting: afk ? `artikel ${artikel} ${afk}` : null,
    jci,
  };
}

export const UITSPRAKEN_ZOEKEN = 'https://uitspraken.rechtspraak.nl/resultaat';
export const OPEN_DATA_FEED = 'https://data.rechtspraak.nl/uitspraken/zoeken';
export const UITSPRAAK_ENDPOINT = '/v1/rechtspraak/{ecli}/relevante-artikelen';

/** The search phrase for case law: "6:162 BW" or "350 Sr" with an abbreviation, else two phrases. */
export function zoekterm(vormen: Citatievormen, bwbId: string, artikel: string, titel: string): string {
  const known = wetVoorBwbId(bwbId);
  if (known?.boek) return `"${vormen.genormaliseerd.replace(/^artikel /, '')}"`;
  const suffix = known?.wet?.citeer_als;
  if (suffix && suffix !== known?.wet?.titel) return `"${artikel} ${suffix}"`;
  return `"artikel ${artikel}" "${titel}"`;
}

/** The follow-up steps from an article to the rulings that cite it. */
export function vervolgstappen(term: string): Vervolgstap[] {
  return [
    {
      stap: 'zoeken_in_uitspraken',
      titel: 'Uitspraken zoeken op rechtspraak.nl',
      url: `${UITSPRAKEN_ZOEKEN}?zoekterm=${encodeURIComponent(term)}`,
      endpoint: null,
      toelichting:
        `De officiële zoekmachine van de Rechtspraak, met de citatie als zoekterm (${term}). ` +
        'Zoekt in de tekst van gepubliceerde uitspraken; de ECLI van een gevonden uitspraak gaat naar de derde stap.',
    },
    {
      stap: 'open_data_feed',
      titel: 'Open-datafeed van de Rechtspraak',
      url: `${OPEN_DATA_FEED}?return=DOC&max=100`,
      endpoint: null,
      toelichting:
        'Atom-feed met ECLI\'s van gepubliceerde uitspraken, te filteren op metadata (datum, instantie, rechtsgebied, type). ' +
        'De feed heeft geen tekstzoekvraag op artikelnummer: hij kan niet op dit artikel worden gefilterd.',
    },
    {
      stap: 'uitspraak_per_ecli',
      titel: 'Wetsartikelen in een uitspraak',
      url: null,
      endpoint: UITSPRAAK_ENDPOINT,
      toelichting: 'Haalt een uitspraak op ECLI op en geeft de wetsartikelen die erin worden aangehaald, elk met een verwijzing terug naar deze operatie.',
    },
  ];
}
