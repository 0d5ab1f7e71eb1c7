// DNB public register (finreg): one semicolon CSV per sub-register, UTF-8 with BOM, CRLF, in DNB's
// download layout: the 34 columns of finreg/columns.ts in their order (so the generator follows the
// importer's column table), dates dd-mm-yyyy, Inliquidatie "Nee", the Deelregister cell holding the
// register's NAME ("Banken") as DNB's file does. The values are VOORBEELDDATA (invented). One row per registration, or one per activity of a registration (those rows consecutive).
// Dutch institutions are companies of the universe (KvK, RSIN, LEI where they have one); foreign ones
// are the universe's EEA entities with their LEI (EEA passports in the register of their kind). Pure: yields
// [sub-register code, CSV line] pairs.
import { DNB_COLUMNS, type DnbField } from '../finreg/columns';
import { DEELREGISTERS, deelregisterNaam } from '../finreg/deelregisters';
import { addDays, dayBetween } from './dates';
import { csvMinimal, dutchDate } from './encoding';
import { permutation, rngFor, type Rng } from './prng';
import { company, finregRsin, foreignEntity, type FinregKind, type Universe } from './universe';

export const DNB_CODES: readonly string[] = DEELREGISTERS.map((d) => d.code);
const FIELDS = Object.keys(DNB_COLUMNS) as DnbField[];
/** The header line: the first spelling of each field, in columns.ts order. */
export const DNB_HEADER = FIELDS.map((f) => DNB_COLUMNS[f][0]).join(';');

interface Template {
  code: string;
  type: string;
  article: string;
  acts: readonly string[];
  /** number of activity rows: [min, max] (0 = one row without activity) */
  n: readonly [number, number];
}

const BANK_ACTS = [
  "Aantrekken van deposito's en andere terugbetaalbare gelden", 'Kredietverlening', 'Betaaldiensten', 'Uitgeven van elektronisch geld',
  'Financiële leasing', 'Garanties en verplichtingen', 'Handel voor eigen rekening', 'Bewaring en beheer van effecten', 'Beleggingsdiensten',
  'Kluisdiensten',
];
const INSURANCE_ACTS = [
  'Leven', 'Schade', 'Branche 1 Ongevallen', 'Branche 2 Ziekte', 'Branche 3 Voertuigcasco', 'Branche 8 Brand en natuurevenementen',
  'Branche 10 Aansprakelijkheid motorrijtuigen', 'Branche 13 Algemene aansprakelijkheid', 'Branche 17 Rechtsbijstand', 'Branche 18 Hulpverlening',
  'Natura-uitvaartverzekeringen',
];
const PAYMENT_ACTS = [
  'Betaaldienst 1: storten op een betaalrekening', 'Betaaldienst 2: opnemen van een betaalrekening', 'Betaaldienst 3: uitvoeren van betalingstransacties',
  'Betaaldienst 4: betalingstransacties met een kredietlijn', 'Betaaldienst 5: uitgeven van betaalinstrumenten of acquiring', 'Betaaldienst 6: geldtransfer',
  'Betaaldienst 7: betaalinitiatiedienst', 'Betaaldienst 8: rekeninginformatiedienst',
];
const TRUST_ACTS = ['Bestuurder of vennoot van een rechtspersoon', 'Domicilieverlening met aanvullende diensten', 'Optreden als trustee', 'Verkoop van rechtspersonen', 'Conduit-activiteiten'];
const AIFM_ACTS = ['Beheren van beleggingsinstellingen', 'Individueel vermogensbeheer', 'Beleggingsadvies', 'Ontvangen en doorgeven van orders'];

// Every code below is one of the 15 real sub-registers (deelregisters.ts). The kinds are the universe's
// labels for invented institutions (VOORBEELDDATA). EEA passports sit in the register of their kind (as the
// real WFTKF records show: registration type "Europees paspoort"), not in WFTRI. Types and articles are
// illustrative, not taken from DNB records (except "Europees paspoort", which occurs in them).
const PRIMARY: Record<FinregKind, readonly Template[]> = {
  bank: [{ code: 'WFTKF', type: 'Vergunning', article: '2:11 Wft', acts: BANK_ACTS, n: [2, 6] }],
  verzekeraar: [
    { code: 'WFTVE', type: 'Vergunning', article: '2:27 Wft', acts: INSURANCE_ACTS.slice(1), n: [1, 6] },
    { code: 'WFTVE', type: 'Vergunning', article: '2:26 Wft', acts: ['Leven', 'Natura-uitvaartverzekeringen'], n: [1, 2] },
  ],
  betaalinstelling: [{ code: 'WFTBI', type: 'Vergunning', article: '2:3a Wft', acts: PAYMENT_ACTS, n: [1, 5] }],
  elektronischgeld: [{ code: 'WFTEG', type: 'Vergunning', article: '2:10a Wft', acts: ['Uitgeven van elektronisch geld', ...PAYMENT_ACTS.slice(2, 6)], n: [1, 3] }],
  pensioenfonds: [{ code: 'PWPNF', type: 'Registratie', article: 'art. 1 Pensioenwet', acts: ['Bedrijfstakpensioenfonds', 'Ondernemingspensioenfonds', 'Beroepspensioenfonds'], n: [1, 1] }],
  trustkantoor: [{ code: 'WTTTK', type: 'Vergunning', article: 'art. 2 Wtt 2018', acts: TRUST_ACTS, n: [1, 3] }],
  ppi: [{ code: 'WFTPP', type: 'Vergunning', article: '2:54a Wft', acts: [], n: [0, 0] }],
  wisselinstelling: [{ code: 'WFTWI', type: 'Vergunning', article: '2:55 Wft', acts: [], n: [0, 0] }],
  clearinginstelling: [{ code: 'WFTCI', type: 'Vergunning', article: '2:110 Wft', acts: ['Clearing van effectentransacties', 'Centrale tegenpartij'], n: [1, 2] }],
  gedekteobligaties: [{ code: 'WFTGO', type: 'Registratie', article: '3:33b Wft', acts: [], n: [0, 0] }],
  herverzekeraar: [{ code: 'WFTHV', type: 'Vergunning', article: '2:27 Wft', acts: INSURANCE_ACTS.slice(2), n: [1, 2] }],
  rekeninginformatie: [{ code: 'WFTRI', type: 'Registratie', article: '2:3a Wft', acts: [PAYMENT_ACTS[7]], n: [1, 1] }],
  actuarieel: [{ code: 'PWACB', type: 'Registratie', article: 'art. 147 Pensioenwet', acts: [], n: [0, 0] }],
  beheerder: [
    { code: 'WFTAF', type: 'Vergunning', article: '2:65 Wft', acts: AIFM_ACTS, n: [1, 3] },
    { code: 'WFTAF', type: 'Registratie', article: '2:66a Wft', acts: [], n: [0, 0] },
  ],
  buitenlands: [
    { code: 'WFTKF', type: 'Europees paspoort', article: '2:15 Wft', acts: BANK_ACTS, n: [1, 4] },
    { code: 'WFTVE', type: 'Europees paspoort', article: '2:44 Wft', acts: INSURANCE_ACTS, n: [1, 4] },
    { code: 'WFTBI', type: 'Europees paspoort', article: '2:3h Wft', acts: PAYMENT_ACTS, n: [1, 4] },
  ],
};

const vvgb = (code: string): Template => ({ code, type: 'Verklaring van geen bezwaar', article: '3:95 Wft', acts: [], n: [0, 0] });
const approval = (code: string): Template => ({ code, type: 'Goedkeuring', article: '3:100 Wft', acts: [], n: [0, 0] });

const SECONDARY: Record<FinregKind, readonly (readonly [Template, number])[]> = {
  bank: [
    [vvgb('WFTKF'), 5], [approval('WFTKF'), 1],
    [{ code: 'WFTKF', type: 'Europees paspoort', article: '2:17 Wft', acts: BANK_ACTS, n: [1, 3] }, 3],
    [{ code: 'WFTKF', type: 'Vergunning', article: '2:96 Wft', acts: AIFM_ACTS.slice(1), n: [1, 3] }, 1],
  ],
  verzekeraar: [[vvgb('WFTVE'), 4], [approval('WFTVE'), 1], [{ code: 'WFTVE', type: 'Europees paspoort', article: '2:31 Wft', acts: INSURANCE_ACTS, n: [1, 3] }, 2]],
  betaalinstelling: [[vvgb('WFTBI'), 2], [{ code: 'WFTBI', type: 'Europees paspoort', article: '2:3f Wft', acts: PAYMENT_ACTS, n: [1, 3] }, 2], [{ code: 'WFTBI', type: 'Registratie', article: '2:3i Wft', acts: ['Betaaldienstagent'], n: [1, 1] }, 1]],
  elektronischgeld: [[vvgb('WFTEG'), 2], [{ code: 'WFTEG', type: 'Europees paspoort', article: '2:10f Wft', acts: ['Uitgeven van elektronisch geld'], n: [1, 1] }, 1]],
  pensioenfonds: [[{ code: 'PWPNF', type: 'Goedkeuring', article: 'art. 124 Pensioenwet', acts: [], n: [0, 0] }, 1]],
  trustkantoor: [[{ code: 'WTTTK', type: 'Verklaring van geen bezwaar', article: 'art. 24 Wtt 2018', acts: [], n: [0, 0] }, 1], [{ code: 'WTTTK', type: 'Ontheffing', article: 'art. 3 Wtt 2018', acts: [], n: [0, 0] }, 1]],
  ppi: [[vvgb('WFTPP'), 1], [{ code: 'WFTPP', type: 'Europees paspoort', article: '2:54e Wft', acts: [], n: [0, 0] }, 1]],
  wisselinstelling: [[vvgb('WFTWI'), 1]],
  clearinginstelling: [[vvgb('WFTCI'), 1], [approval('WFTCI'), 1]],
  gedekteobligaties: [[{ code: 'WFTGO', type: 'Registratie', article: '3:33c Wft', acts: [], n: [0, 0] }, 1]],
  herverzekeraar: [[vvgb('WFTHV'), 1]],
  rekeninginformatie: [[vvgb('WFTRI'), 1]],
  actuarieel: [[{ code: 'PWACB', type: 'Registratie', article: 'art. 148 Pensioenwet', acts: [], n: [0, 0] }, 1]],
  beheerder: [[vvgb('WFTAF'), 2], [{ code: 'WFTAF', type: 'Registratie', article: '2:66 Wft', acts: AIFM_ACTS, n: [1, 2] }, 2], [{ code: 'WFTAF', type: 'Vergunning', article: '2:67 Wft', acts: AIFM_ACTS, n: [1, 2] }, 1]],
  buitenlands: [
    [{ code: 'WFTKF', type: 'Europees paspoort', article: '2:14 Wft', acts: BANK_ACTS, n: [1, 3] }, 3],
    [{ code: 'WFTVE', type: 'Europees paspoort', article: '2:45 Wft', acts: INSURANCE_ACTS, n: [1, 3] }, 3],
    [{ code: 'WFTBI', type: 'Europees paspoort', article: '2:3d Wft', acts: PAYMENT_ACTS, n: [1, 3] }, 2],
    [{ code: 'WFTKF', type: 'Registratie', article: '2:13 Wft', acts: BANK_ACTS, n: [1, 2] }, 1],
    [{ code: 'WFTVE', type: 'Registratie', article: '2:45 Wft', acts: INSURANCE_ACTS, n: [1, 2] }, 1],
    [{ code: 'WFTBI', type: 'Registratie', article: '2:3d Wft', acts: PAYMENT_ACTS, n: [1, 2] }, 1],
    [{ code: 'WFTEG', type: 'Registratie', article: '2:10d Wft', acts: ['Uitgeven van elektronisch geld'], n: [1, 1] }, 1],
  ],
};

const DEPOSIT_GUARANTEE: Template = { code: 'WFTDG', type: 'Registratie', article: '3:259 Wft', acts: ['Depositogarantiestelsel'], n: [1, 1] };

interface Institution {
  relatienummer: string;
  naam: string;
  plaats: string;
  vestiging: string;
  land: string;
  landcode: string;
  adres: string;
  postcode: string;
  kvk: string;
  rsin: string;
  lei: string;
  handelsnaam: string;
}

function institution(u: Universe, j: number, relatienummer: string, q: Rng): Institution {
  if (j < u.finregNl) {
    const c = company(u, u.ranges.finreg.start + j);
    return {
      relatienummer,
      naam: c.naam,
      plaats: c.adres.city,
      vestiging: c.adres.city,
      land: 'Nederland',
      landcode: 'NL',
      adres: c.adres.line,
      postcode: c.adres.postcode.replace(' ', ''),
      kvk: c.kvk,
      rsin: q.chance(0.92) ? finregRsin(u, j) : '',
      lei: c.lei ?? '',
      handelsnaam: c.handelsnaam ?? '',
    };
  }
  const e = foreignEntity(u, u.foreign.finreg.start + j - u.finregNl);
  return {
    relatienummer,
    naam: e.naam,
    plaats: e.place.city,
    // a branch office in the Netherlands for some, otherwise cross-border services only
    vestiging: q.chance(0.3) ? q.pick(['Amsterdam', 'Rotterdam', 'Den Haag', 'Utrecht', 'Amstelveen']) : e.place.city,
    land: e.place.land,
    landcode: e.place.country,
    adres: e.adres,
    postcode: e.place.postcode,
    kvk: '',
    rsin: '',
    lei: e.lei,
    handelsnaam: '',
  };
}

/** [sub-register code, CSV line without line end, first row of a registration] of every row, institution by institution. */
export function* dnbRows(u: Universe): Generator<[code: string, line: string, newRegistration: boolean]> {
  const relnr = permutation(u.seed, 'relatienummer', 899_981);
  for (let j = 0; j < u.finregKinds.length; j++) {
    const kind = u.finregKinds[j];
    const q = rngFor(u.seed, 'dnb', j);
    const inst = institution(u, j, `R${100_000 + relnr(j)}`, q);
    const seen = new Set<string>();
    const primary = q.pick(PRIMARY[kind]);
    const firstBegin = dayBetween(q, kind === 'buitenlands' ? '2005-01-01' : '1992-01-01', addDays(u.peildatum, -60));
    for (let r = 0; r < u.finregRegistrations[j]; r++) {
      const t = r === 0 ? primary : kind === 'bank' && r === 1 ? DEPOSIT_GUARANTEE : q.weighted(SECONDARY[kind]);
      let begin = r === 0 ? firstBegin : dayBetween(q, firstBegin, addDays(u.peildatum, -1));
      const ended = q.chance(r === 0 ? 0.03 : 0.1);
      let end = ended ? dayBetween(q, addDays(begin, 30), addDays(u.peildatum, -1)) : '';
      // registrations of one institution are told apart by (register, type, article, begin, end): move
      // the begin date on until the combination is new
      while (seen.has(`${t.code}|${t.type}|${t.article}|${begin}|${end}`)) {
        begin = addDays(begin, 1);
        if (end && end <= begin) end = addDays(begin, 30);
      }
      seen.add(`${t.code}|${t.type}|${t.article}|${begin}|${end}`);
      const nActs = Math.min(t.acts.length, q.int(t.n[0], t.n[1]));
      const acts: [string, string, string][] =
        nActs === 0
          ? [['', '', '']]
          : q.sample(t.acts, nActs).map((a) => {
              const aBegin = q.chance(0.7) ? begin : dayBetween(q, begin, end || addDays(u.peildatum, -1));
              const aEnd = end ? end : q.chance(0.08) ? dayBetween(q, aBegin, addDays(u.peildatum, -1)) : '';
              return [a, aBegin, aEnd];
            });
      const handelsnaam = r === 0 || q.chance(0.5) ? inst.handelsnaam : '';
      let first = true;
      for (const [act, aBegin, aEnd] of acts) {
        const paspoort = t.type === 'Europees paspoort';
        const v: Record<DnbField, string> = {
          deelregister: deelregisterNaam(t.code) ?? t.code,
          relatienummer: inst.relatienummer,
          statutaire_naam: inst.naam,
          statutaire_land: inst.land,
          statutaire_plaats: inst.plaats,
          in_liquidatie: 'Nee',
          datum_in_liquidatie: '',
          handelsnaam,
          adres_vestiging: inst.vestiging === inst.plaats ? inst.adres : '',
          postcode_vestiging: inst.vestiging === inst.plaats ? inst.postcode : '',
          plaats_vestiging: inst.vestiging,
          land_vestiging: inst.vestiging === inst.plaats ? inst.land : 'Nederland',
          landcode_vestiging: inst.vestiging === inst.plaats ? inst.landcode : 'NL',
          postadres: '',
          plaats_postadres: '',
          land_postadres: '',
          landcode_postadres: '',
          kvk_nummer: inst.kvk,
          rsin: inst.rsin,
          lei: inst.lei,
          registratietype: t.type,
          wetsartikel: t.article,
          begindatum: dutchDate(begin),
          einddatum: dutchDate(end || null),
          activiteit: act,
          begindatum_activiteit: dutchDate(aBegin || null),
          einddatum_activiteit: dutchDate(aEnd || null),
          onherroepelijkheidsdatum: '',
          gerelateerd_relatienummer: '',
          gerelateerd_statutaire_naam: '',
          registratie_land: paspoort ? inst.land : '',
          registratie_landcode: paspoort ? inst.landcode : '',
          apf_relatienummer: '',
          apf_statutaire_naam: '',
        };
        yield [t.code, FIELDS.map((f) => csvMinimal(v[f])).join(';'), first];
        first = false;
      }
    }
  }
}
