// Hand-made inputs for the report's tests and benchmark: a zero-measurement and a property object shaped
// exactly like the parser's and the property service's output (lib/verduurzaming/types.ts). Not real data.
import type { Maatregel, Nulmeting, Pand } from '../types';
import { alsPand, type PandVeldenMetHerkomst } from '../pand-velden';
import type { Energieprijzen } from './scenarios';

/** The CBS consumer prices of 2025-09 as in the replay fixtures of GET /v1/energie/prijzen. */
export const PRIJZEN_2025_09: Energieprijzen = { aardgas_per_m3: 1.35467, elektriciteit_per_kwh: 0.28156, peilmaand: '2025-09' };

export function maatregel(omschrijving: string, doel_label: Maatregel['doel_label'], doel_index: number | null, investering: number | null): Maatregel {
  return { omschrijving, doel_label, doel_index, investering };
}

/** A maatwerkadvies of a 1968 terraced house, label E (EP2 310), five measures. */
export function nulmetingFixture(overrides: Partial<Nulmeting> = {}): Nulmeting {
  return {
    format: 'ep-online-maatwerkadvies-v2.0',
    energieklasse: 'E',
    energie_index_of_ep2: { soort: 'EP2', waarde: 310 },
    adres: { postcode: '3511AB', huisnummer: 12, huisletter: null, toevoeging: null, bag_verblijfsobject_id: '0344010000012345' },
    maatregelen: [
      maatregel('Spouwmuurisolatie', 'D', 270, 2400),
      maatregel('Dakisolatie en HR++-glas', 'C', 230, null),
      maatregel('Isolatie van dak, gevel en vloer met hybride warmtepomp', 'A', 150, 21000),
      maatregel('Vloerisolatie', 'E', 295, 1800),
      maatregel('Hybride warmtepomp en zonnepanelen na isolatie', 'A+', 100, null),
    ],
    opnamedatum: '2025-03-14',
    labelsprong: { van_klasse: 'E', naar_klasse: 'A+', stappen: 5 },
    herkend: ['energieklasse', 'energie_index_of_ep2', 'adres.postcode', 'adres.huisnummer', 'maatregelen', 'opnamedatum'],
    niet_herkend: ['adres.huisletter', 'adres.toevoeging', 'adres.bag_verblijfsobject_id'],
    ...overrides,
  };
}

const ok = <T>(waarde: T, bron: string) => ({ waarde, bron, status: 'ok' as const });

/** The property object for Voorbeeldstraat 12, Utrecht: 1968, 118 m2, WOZ € 385.000; overrides per field with source and status. */
export function pandFixture(overrides: Partial<PandVeldenMetHerkomst> = {}): Pand {
  return alsPand({ ...pandVeldenFixture(), ...overrides });
}

/** The fields of pandFixture() with value, source and status. */
export function pandVeldenFixture(): PandVeldenMetHerkomst {
  return {
    adres: ok(
      {
        straat: 'Voorbeeldstraat',
        huisnummer: 12,
        huisletter: null,
        toevoeging: null,
        postcode: '3511AB',
        woonplaats: 'Utrecht',
        nummeraanduiding_id: '0344200000012345',
        verblijfsobject_id: '0344010000012345',
        coordinaten: { wgs84: { lon: 5.1214, lat: 52.0907 }, rd: { x: 136000, y: 456000 } },
      },
      'bag-ogc',
    ),
    bouwjaar: ok(1968, 'bag-ogc'),
    gebruiksoppervlakte_m2: ok(118, 'bag-ogc'),
    gebruiksdoelen: ok(['woonfunctie'], 'bag-ogc'),
    pandstatus: ok('Pand in gebruik', 'bag-ogc'),
    woz_waarde: ok({ waarde: 385000, peildatum: '2025-01-01' }, 'woz-waardeloket'),
    energielabel: ok(
      { klasse: 'E', registratiedatum: '2025-03-20', geldig_tot_datum: '2035-03-20', berekeningstype: 'NTA 8800:2024 (basisopname)', gebouwtype: 'Rijwoning tussen' },
      'ep-online',
    ),
    kadastraal_perceel: ok({ identificatie: 'UTR00A1234', kadastrale_gemeente: 'Utrecht', sectie: 'A', perceelnummer: 1234, grootte_m2: 142 }, 'brk-kadastrale-kaart'),
    buurt: ok({ code: 'BU03440101', naam: 'Voorbeeldbuurt', inwoners: 2450, gemiddelde_woz_waarde: 412000, peiljaar: 2024 }, 'cbs-statline'),
  };
}

/** Ten measures with long descriptions (one a 300-character word): the PDF must still fit one page. */
export function extremeNulmeting(): Nulmeting {
  const lang =
    'Na-isolatie van de volledige thermische schil inclusief vervanging van alle kozijnen door geïsoleerde houten kozijnen met triple glas, kierdichting rondom, ' +
    'aanpassing van de ventilatievoorzieningen naar gebalanceerde ventilatie met warmteterugwinning en het inregelen van de installatie';
  const labels: Maatregel['doel_label'][] = ['A++++', 'A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F'];
  return nulmetingFixture({
    energieklasse: 'G',
    energie_index_of_ep2: { soort: 'EP2', waarde: 512.4 },
    adres: { postcode: '9999ZZ', huisnummer: 99999, huisletter: 'Z', toevoeging: 'ABCDEFGHIJ', bag_verblijfsobject_id: null },
    labelsprong: { van_klasse: 'G', naar_klasse: 'A++++', stappen: 10 },
    maatregelen: labels.map((l, i) =>
      maatregel(i === 1 ? `2. ${'ZONNEPANELENOPHETDAK'.repeat(15)}` : `${i + 1}. ${lang} (variant ${i + 1})`, l, i * 40, i % 3 === 0 ? null : 1_250_000 + i * 1000),
    ),
  });
}

/** A property with every long text at its longest and some fields unknown. */
export function extremePand(): Pand {
  return alsPand(extremePandVelden());
}

function extremePandVelden(): PandVeldenMetHerkomst {
  const p = pandVeldenFixture();
  return {
    ...p,
    adres: {
      ...p.adres,
      waarde: {
        ...(p.adres.waarde as NonNullable<Pand['adres']>),
        straat: 'Burgemeester Jhr. Mr. Dr. Van Karnebeek-Van Lennep tot Heemstedelaan-Noordzijde Oostelijke Parallelweg',
        woonplaats: 'Sint-Michielsgestel-Den Dungen-Gemonde-Maaskantje',
        huisnummer: 99999,
        huisletter: 'Z',
        toevoeging: 'ABCDEFGHIJ',
      },
    },
    bouwjaar: { waarde: 1899, bron: 'bag-ogc', status: 'ok' },
    gebruiksoppervlakte_m2: { waarde: 2840, bron: 'bag-ogc', status: 'ok' },
    woz_waarde: { waarde: { waarde: 12_450_000, peildatum: '2025-01-01' }, bron: 'woz-waardeloket', status: 'ok' },
    energielabel: { waarde: null, bron: 'ep-online', status: 'onbeschikbaar' },
    buurt: { waarde: null, bron: 'cbs-statline', status: 'onbekend' },
  };
}

/** The tallest signal block: four two-line signals (wall, roof, floor, glazing) for a 1950 file without insulation. */
export function signaalrijkeInvoer(): { nulmeting: Nulmeting; pand: Pand } {
  const lang = 'Vervanging van de verwarmingsinstallatie door een collectieve bodemwarmtepomp met aanpassing van het afgiftesysteem en de regeling';
  const n = nulmetingFixture({
    energieklasse: 'G',
    energie_index_of_ep2: { soort: 'EP2', waarde: 455 },
    labelsprong: { van_klasse: 'G', naar_klasse: 'C', stappen: 4 },
    maatregelen: Array.from({ length: 10 }, (_, i) => maatregel(`${lang} (${i + 1})`, (['C', 'D', 'E', 'F'] as const)[i % 4], 200 + i * 20, null)),
  });
  const p = pandVeldenFixture();
  const reg = p.energielabel.waarde as NonNullable<Pand['energielabel']>;
  return { nulmeting: n, pand: pandFixture({ bouwjaar: { waarde: 1950, bron: 'bag-ogc', status: 'ok' }, energielabel: { ...p.energielabel, waarde: { ...reg, klasse: 'G' } } }) };
}

/**
 * The fullest page: the extreme file and address, plus a registered label that differs, a 1950 build year
 * (insulation signals) and a step plan's content: the measures table has to give up rows to stay on one page.
 */
export function volstePaginaInvoer(): { nulmeting: Nulmeting; pand: Pand } {
  const nulmeting: Nulmeting = {
    ...extremeNulmeting(),
    stappenplan_inhoud: ['kierdichting', 'elektrisch aangedreven warmtepomp', 'mechanische afvoer (ventilatiesysteem C)', 'douche-wtw', 'zonnepanelen'],
  };
  const p = extremePandVelden();
  const reg = pandVeldenFixture().energielabel.waarde as NonNullable<Pand['energielabel']>;
  return {
    nulmeting,
    pand: alsPand({ ...p, bouwjaar: { waarde: 1950, bron: 'bag-ogc', status: 'ok' }, energielabel: { waarde: reg, bron: 'ep-online', status: 'ok' } }),
  };
}
