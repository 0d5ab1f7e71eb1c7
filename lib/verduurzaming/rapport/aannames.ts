// Every assumption behind the scenario figures of one report, in a short form (the PDF prints them in its
// footer) and a long form (the methodology document). Values come from kentallen.ts and the live
// energy prices, so the footer can never drift from the method.
import {
  CO2_AARDGAS,
  CO2_ELEKTRICITEIT,
  ENERGIE_PER_M3_AARDGAS,
  LOOPTIJD_ENERGIEBESPAARLENING,
  PRIMAIRE_FACTOR_ELEKTRICITEIT,
  RENDEMENT_CV_KETEL,
  RENTE_ENERGIEBESPAARLENING,
  SCOP_WARMTEPOMP,
} from './kentallen';
import { datum, getal, maand } from './opmaak';
import type { Energieprijzen, Uitgangspunt } from './scenarios';

export interface Aanname {
  id: string;
  kort: string;
  lang: string;
}

/** Dutch notation with a fixed number of decimals (opmaak.ts, the helper of the page and the PDF). */
const nl = (n: number, decimals = 2) => getal(n, decimals);
const pct = (n: number) => `${nl(n * 100, 2).replace(/,?0+$/, '')}%`;

/** The assumptions of one report (with its floor area, starting point and prices). */
export function aannames(u: Uitgangspunt | null, prijzen: Energieprijzen | null): Aanname[] {
  const a = u?.oppervlakte_m2;
  const list: Aanname[] = [
    {
      id: 'besparing',
      kort: a ? `ΔEP2 × ${nl(a, 0)} m²` : 'ΔEP2 × m² (oppervlakte onbekend)',
      lang: 'Besparing aan primaire energie = (EP2 nu − EP2 doel) × gebruiksoppervlakte (BAG), in kWh per jaar; EP2 is een genormeerd gebruik, geen gemeten verbruik.',
    },
    {
      id: 'ep2_nu',
      kort:
        u?.huidig_ep2_herkomst === 'bestand'
          ? `EP2 nu ${nl(u.huidig_ep2 as number, 0)} (bestand)`
          : u?.huidig_ep2 != null
            ? `EP2 nu ≈${nl(u.huidig_ep2, 0)} (label ${u.huidig_label})`
            : 'EP2 nu onbekend',
      lang: 'EP2 nu uit het bestand; ontbreekt die, dan het midden van de labelklasse (G: 420).',
    },
    {
      id: 'ep2_doel',
      kort: 'doel zonder EP2: bovengrens klasse',
      lang: 'EP2 doel uit het bestand (doelwaarde in EP2); zonder EP2-doelwaarde de bovengrens van de doelklasse (conservatief).',
    },
    {
      id: 'omrekening',
      kort: `gas ${nl(ENERGIE_PER_M3_AARDGAS.waarde, 2)} kWh/m³, stroom fp ${nl(PRIMAIRE_FACTOR_ELEKTRICITEIT.waarde, 2)}`,
      lang: `Isolatie, glas, ventilatie en overige maatregelen besparen aardgas (${nl(ENERGIE_PER_M3_AARDGAS.waarde, 3)} kWh per m³, bovenwaarde); zonnepanelen besparen stroom (primaire-energiefactor ${nl(PRIMAIRE_FACTOR_ELEKTRICITEIT.waarde, 2)}); meerdere soorten in één maatregel delen de besparing gelijk.`,
    },
    {
      id: 'warmtepomp',
      kort: `WP SCOP ${nl(SCOP_WARMTEPOMP.waarde, 1)}, ketel ${nl(RENDEMENT_CV_KETEL.waarde * 100, 0)}%`,
      lang: `Een warmtepomp neemt warmte over van de cv-ketel (rendement ${nl(RENDEMENT_CV_KETEL.waarde * 100, 0)}%): minder gas, meer stroom (SCOP ${nl(SCOP_WARMTEPOMP.waarde, 1)}).`,
    },
    {
      id: 'prijzen',
      kort: prijzen
        ? `€ ${nl(prijzen.aardgas_per_m3, 2)}/m³ en € ${nl(prijzen.elektriciteit_per_kwh, 2)}/kWh (CBS ${maand(prijzen.peilmaand)})`
        : 'energieprijzen niet beschikbaar',
      lang: 'Gemiddelde consumentenprijzen all-in incl. btw van de nieuwste maand (CBS 85592NED via GET /v1/energie/prijzen); vaste tarieven blijven gelijk.',
    },
    {
      id: 'financiering',
      kort: `lening ${pct(RENTE_ENERGIEBESPAARLENING.waarde)}, ${LOOPTIJD_ENERGIEBESPAARLENING.waarde} jr`,
      lang: `Energiebespaarlening van het Warmtefonds: ${pct(RENTE_ENERGIEBESPAARLENING.waarde)} effectieve rente, ${LOOPTIJD_ENERGIEBESPAARLENING.waarde} jaar, annuïtair met maandbetaling; onder € 60.000 verzamelinkomen geldt 0%.`,
    },
    {
      id: 'co2',
      kort: `CO₂ ${nl(CO2_AARDGAS.waarde, 2)} kg/m³, ${nl(CO2_ELEKTRICITEIT.waarde, 2)} kg/kWh`,
      lang: `CO₂: ${nl(CO2_AARDGAS.waarde, 2)} kg per m³ aardgas en ${nl(CO2_ELEKTRICITEIT.waarde, 2)} kg per kWh elektriciteit.`,
    },
    {
      id: 'investering',
      kort: 'kentallen incl. btw, excl. subsidie',
      lang: 'Investering uit het bestand; ontbreekt die, dan gepubliceerde referentiewaarden (Milieu Centraal, Consumentenbond e.a.), inclusief btw en exclusief subsidie. Geen offerte.',
    },
    {
      id: 'woz',
      kort: u?.woz_peildatum ? `WOZ-peildatum ${datum(u.woz_peildatum)}` : 'WOZ onbekend',
      lang: 'Woningwaarde: de WOZ-waarde op de peildatum (geen taxatie); het aandeel is de investering gedeeld door de WOZ-waarde.',
    },
  ];
  return list;
}

/** The assumptions footer of the PDF (wraps; never below 6.5 pt). */
export function aannameRegel(list: readonly Aanname[]): string {
  return `Aannames: ${list.map((a) => a.kort).join(' · ')}`;
}
