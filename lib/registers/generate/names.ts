// Synthetic names. Companies get plausible Dutch names built from common surnames, invented brand words
// and trade words (e.g. "Van Dijk Hypotheekadvies B.V."); natural persons (sole traders, policy makers)
// get CLEARLY synthetic names ("J.K. Proefhoven"), never real persons' names.
import type { Rng } from './prng';

export const SURNAMES: readonly string[] = [
  'De Jong', 'Jansen', 'De Vries', 'Van den Berg', 'Van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'De Boer',
  'Mulder', 'De Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Van Leeuwen', 'Dekker', 'Brouwer', 'De Wit', 'Dijkstra',
  'Smits', 'De Graaf', 'Van der Meer', 'Van der Linden', 'Kok', 'Jacobs', 'De Haan', 'Vermeulen', 'Van den Heuvel',
  'Van der Veen', 'Van den Broek', 'De Bruijn', 'De Bruin', 'Van der Heijden', 'Schouten', 'Van Beek', 'Willems',
  'Van Vliet', 'Van de Ven', 'Hoekstra', 'Maas', 'Verhoeven', 'Koster', 'Van Dam', 'Van der Wal', 'Prins', 'Blom',
  'Huisman', 'Peeters', 'De Koning', 'Van Wijk', 'Postma', 'Kuipers', 'Veenstra', 'Kramer', 'Van den Brink', 'Scholten',
  'Van Wijngaarden', 'Post', 'Martens', 'Vink', 'Timmermans', 'Groen', 'Boersma', 'Koopman', 'Wouters', 'Verbeek',
  'Van Dongen', 'Mertens', 'Van Doorn', 'Bosman', 'Van Rijn', 'Hermans', 'Evers', 'Veldhuis', 'Van Loon', 'Kuijpers',
];

const BRAND_HEADS = [
  'Hollands', 'Noorder', 'Zuider', 'Ooster', 'Wester', 'Delta', 'Polder', 'Duin', 'Kennemer', 'Rijn', 'Maas', 'IJssel',
  'Veluwe', 'Eem', 'Vecht', 'Linge', 'Gouwe', 'Amstel', 'Zaan', 'Dommel', 'Berkel', 'Regge', 'Hunze', 'Lek', 'Waal',
  'Kempen', 'Betuwe', 'Gooi', 'Brabant', 'Zeeuws', 'Fries', 'Drents', 'Twents', 'Achterhoek', 'Peel', 'Heuvel',
];
const BRAND_TAILS = [
  'veld', 'stroom', 'poort', 'brug', 'horst', 'wijk', 'dal', 'kracht', 'zorg', 'waard', 'land', 'haven', 'stein',
  'borg', 'mark', 'wende', 'baken', 'anker', 'kompas', 'toren',
];

/** An invented brand word, e.g. "Amstelpoort". */
export function brand(r: Rng): string {
  return r.pick(BRAND_HEADS) + r.pick(BRAND_TAILS);
}

/** A common Dutch surname, as used in company names ("Van Dijk Hypotheekadvies B.V."). */
export const surname = (r: Rng): string => r.pick(SURNAMES);

const SYNTH_HEADS = ['Proef', 'Voorbeeld', 'Test', 'Fictief', 'Model', 'Schets', 'Ontwerp'];
const SYNTH_TAILS = ['veld', 'hoven', 'sma', 'erink', 'kamp', 'huis', 'broek', 'stra', 'dijk', 'berg', 'man', 'ink', 'horst'];
const INITIALS = 'ABCDEFGHIJKLMNPRSTW';

/** A clearly synthetic person's surname, e.g. "Proefhoven". */
export function syntheticSurname(r: Rng): string {
  return r.pick(SYNTH_HEADS) + r.pick(SYNTH_TAILS);
}

/** A clearly synthetic person's name with initials, e.g. "J.K. Proefhoven". */
export function syntheticPerson(r: Rng): string {
  const n = r.int(1, 3);
  let ini = '';
  for (let i = 0; i < n; i++) ini += `${r.chars(INITIALS, 1)}.`;
  const tussen = r.chance(0.2) ? `${r.pick(['van', 'de', 'van der', 'van den'])} ` : '';
  return `${ini} ${tussen}${syntheticSurname(r)}`;
}

/** Name of an advice/intermediation office (the AFM register's bulk). */
export function officeName(r: Rng, place: string): { naam: string; handelsnaam: string } {
  const s = surname(r);
  const b = brand(r);
  const pattern = r.int(0, 9);
  switch (pattern) {
    case 0:
      return { naam: `${s} Hypotheekadvies B.V.`, handelsnaam: `${s} Hypotheekadvies` };
    case 1: {
      const s2 = surname(r);
      return { naam: `${s} & ${s2} Assurantiën B.V.`, handelsnaam: `${s} & ${s2}` };
    }
    case 2:
      return { naam: `Assurantiekantoor ${s} B.V.`, handelsnaam: `Assurantiekantoor ${s}` };
    case 3:
      return { naam: `${b} ${place} B.V.`, handelsnaam: `${b} ${place}` };
    case 4:
      return { naam: `Financieel Adviesbureau ${s} V.O.F.`, handelsnaam: `${s} Financieel Advies` };
    case 5:
      return { naam: `${s} Financiële Planning B.V.`, handelsnaam: `${s} Financiële Planning` };
    case 6:
      return { naam: `Administratie- en Assurantiekantoor ${s} B.V.`, handelsnaam: `AAK ${s}` };
    case 7:
      return { naam: `${b} Verzekeringen B.V.`, handelsnaam: `${b} Verzekeringen` };
    case 8:
      return { naam: `${b} Hypotheken B.V.`, handelsnaam: `${b} Hypotheken | ${b} Geldzaken` };
    default:
      return { naam: `${s} Adviesgroep B.V.`, handelsnaam: `${s} Adviesgroep` };
  }
}

const TRADES = [
  'Bouw', 'Installatietechniek', 'Transport', 'Vastgoed', 'Logistiek', 'Holding', 'Beheer', 'Metaal', 'Schilderwerken',
  'Techniek', 'Handelsonderneming', 'Consultancy', 'Automatisering', 'Dakbedekking', 'Agri', 'Food', 'Kunststoffen', 'Elektro',
  'Tuinen', 'Zorg', 'Accountants', 'Makelaardij', 'Projectontwikkeling', 'Verhuur', 'Import', 'Café-Restaurant',
];

/** Name and legal-form code of an ordinary company (the LEI file's bulk). */
export function companyName(r: Rng): { naam: string; vorm: LegalForm } {
  const s = surname(r);
  const b = brand(r);
  const t = r.pick(TRADES);
  const vorm = r.weighted<LegalForm>([
    [LEGAL_FORMS.bv, 80],
    [LEGAL_FORMS.nv, 3],
    [LEGAL_FORMS.stichting, 8],
    [LEGAL_FORMS.cooperatie, 3],
    [LEGAL_FORMS.vereniging, 2],
    [LEGAL_FORMS.cv, 2],
    [LEGAL_FORMS.vof, 2],
  ]);
  const core = r.chance(0.55) ? `${s} ${t}` : `${b} ${t}`;
  switch (vorm.suffix) {
    case 'Stichting':
      return { naam: `Stichting ${r.chance(0.5) ? `${b} ${r.pick(['Fonds', 'Beheer', 'Administratiekantoor', 'Zorggroep'])}` : `Administratiekantoor ${s}`}`, vorm };
    case 'Coöperatie':
      return { naam: `Coöperatie ${b} U.A.`, vorm };
    case 'Vereniging':
      return { naam: `Vereniging ${b} ${r.pick(['Ondernemers', 'Reünie', 'Belangen'])}`, vorm };
    default:
      return { naam: `${core} ${vorm.suffix}`, vorm };
  }
}

export interface LegalForm {
  /** ISO 20275 entity legal form code (ELF) for the Netherlands */
  elf: string;
  suffix: string;
}

// ELF codes of Dutch legal forms as GLEIF lists them (54M6 = besloten vennootschap, B5PM = naamloze
// vennootschap, V44D = stichting, NFFH = coöperatie, 33MN = vereniging, GNXT = commanditaire
// vennootschap, 4QXM = vennootschap onder firma, 62Y3 = eenmanszaak).
export const LEGAL_FORMS = {
  bv: { elf: '54M6', suffix: 'B.V.' },
  nv: { elf: 'B5PM', suffix: 'N.V.' },
  stichting: { elf: 'V44D', suffix: 'Stichting' },
  cooperatie: { elf: 'NFFH', suffix: 'Coöperatie' },
  vereniging: { elf: '33MN', suffix: 'Vereniging' },
  cv: { elf: 'GNXT', suffix: 'C.V.' },
  vof: { elf: '4QXM', suffix: 'V.O.F.' },
  eenmanszaak: { elf: '62Y3', suffix: '' },
} as const satisfies Record<string, LegalForm>;

/** The legal form a name ends with (used for the AFM offices and the DNB institutions). */
export function legalFormOf(naam: string): LegalForm {
  if (/\bN\.V\.$/.test(naam)) return LEGAL_FORMS.nv;
  if (/\bV\.O\.F\.$/.test(naam)) return LEGAL_FORMS.vof;
  if (/\bC\.V\.$/.test(naam)) return LEGAL_FORMS.cv;
  if (/\bU\.A\.$/.test(naam) || /^Coöperatie|^Onderlinge/.test(naam)) return LEGAL_FORMS.cooperatie;
  if (/^Stichting\b/.test(naam)) return LEGAL_FORMS.stichting;
  if (/^Vereniging\b/.test(naam)) return LEGAL_FORMS.vereniging;
  if (/\bB\.V\.$/.test(naam)) return LEGAL_FORMS.bv;
  return LEGAL_FORMS.eenmanszaak;
}
