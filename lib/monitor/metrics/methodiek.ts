// The metric registry served at /v1/distributiemonitor/methodiek: per metric its formula, inputs, weights
// or points and honest limitations. Numbers come from the metric modules' constants, never restated here,
// so the registry cannot drift from the code. Plain JSON-able data.
import { PERCENTIEL_REGEL, SEGMENT_REGEL, BENCHMARK_METRIEKEN } from './benchmark';
import { DAGEN_PER_JAAR } from './common';
import { HUISHOUDENS_BRON } from './huishoudens';
import { COHORTEN, CONCENTRATIE_TOP, VOORRAAD_VANAF } from './hypotheek';
import { GEWICHTEN, INTERCEPT, KANS_DREMPEL_KANDIDAAT, KANS_MAANDEN, KANS_SCHAAL } from './kansmodel';
import { KENGETALLEN, type KengetalNaam } from './kengetallen';
import { DOELWIT_DREMPELS, DOELWIT_SIGNALEN, RADAR_STANDAARD } from './radar';

export interface MethodiekItem {
  /** Stable id: radar.consolidatoren, kansmodel, hypotheek.voorraad, kengetal.hhi, ... */
  id: string;
  titel: string;
  formule: string;
  invoer: string[];
  eenheid?: string;
  gewichten?: { naam: string; gewicht: number; uitleg: string; schaalformule: string }[];
  intercept?: number;
  signalen?: { signaal: string; punten: number; uitleg: string }[];
  parameterwaarden?: Record<string, number | string>;
  /** The bundled table the metric rests on. */
  brontabel?: typeof HUISHOUDENS_BRON;
  beperkingen: string[];
}

const BASISLIJN =
  'Rijen van de eerste versie zijn de nulmeting (elke entiteit nieuw) en tellen nooit als beweging; beweging vóór de eerste versie is dus onzichtbaar.';
const VENSTER = (m: number) => `Periode: wijzigingen met datum na peildatum − ${m} maanden en uiterlijk op de peildatum.`;
const JAREN = `Jaren zijn dagen / ${DAGEN_PER_JAAR}.`;
const SINDS =
  "'sinds' is de vroegste begindatum van een adviesvergunning van de instelling, niet van de vestiging of van één product; een vergunning die is vervangen door een nieuwe kan de duur onderschatten.";
const STAAT = 'vestigingen van de versie (de afgeleide vestigingen van de versie: fsp-register + LEI-eigendom)';
const HOLD = 'holdings van de versie (LEI-eigendomsketens)';
const WIJZ = 'wijziging (vestigingrijen, versies na de eerste)';

function radarItems(): MethodiekItem[] {
  const m = RADAR_STANDAARD.maanden;
  return [
    {
      id: 'radar.consolidatoren',
      titel: 'Consolidatoren',
      formule: `Per hoofdholding: gewonnen = wijzigingen 'overgenomen' van vestigingen met nieuw.hoofdholding_id = de hoofdholding; verloren = die met oud.hoofdholding_id = de hoofdholding; netto = gewonnen − verloren. ${VENSTER(m)} Alleen gewonnen > 0; volgorde gewonnen, dan netto (aflopend), dan id. vestigingen_nu (actieve vestigingen) en sector_rang uit de huidige stand (sector_rang: meeste actieve vestigingen, dan naam, dan id).`,
      invoer: [WIJZ, HOLD],
      parameterwaarden: { maanden: m, top: RADAR_STANDAARD.top },
      beperkingen: [
        BASISLIJN,
        'Een overname is zichtbaar zodra de LEI-eigendomsrelatie in GLEIF staat; kopers zonder LEI of met een laat geregistreerde relatie verschijnen later of niet.',
        'Telt vestigingen, niet omzet of klanten.',
      ],
    },
    {
      id: 'radar.doelwitten',
      titel: 'Mogelijke overnamedoelwitten',
      formule: `Actieve vestigingen zonder hoofdholding; score = som van de punten van de signalen die gelden. Alleen score > 0; volgorde score (aflopend), dan vestiging_id. Regio-signaal over dezelfde periode als de consolidatoren (${m} maanden).`,
      invoer: [STAAT, WIJZ],
      signalen: DOELWIT_SIGNALEN.map((s) => ({ ...s })),
      parameterwaarden: { ...DOELWIT_DREMPELS },
      beperkingen: [
        'Een puntensignalering, geen voorspelling: de punten zijn vastgesteld, niet geschat op historische overnames.',
        SINDS,
        'Plaatsen worden op naam vergeleken (hoofdletterongevoelig); een regio is een woonplaats, geen gemeente of arbeidsmarktregio.',
      ],
    },
    {
      id: 'radar.marktbeweging',
      titel: 'Marktbeweging per maand',
      formule: `Per kalendermaand (de ${m} maanden tot en met de maand van de peildatum, rijen tot en met de peildatum): aantallen vestigingrijen 'nieuw', 'beëindigd', 'overgenomen' en 'verhuisd'. Een verhuizing is twee rijen (oud id met nieuw leeg, nieuw id met oud en nieuw) en telt één keer. Maanden zonder rijen staan er met nullen.`,
      invoer: [WIJZ],
      parameterwaarden: { maanden: m },
      beperkingen: [
        BASISLIJN,
        'Een wijziging krijgt de peildatum van de versie die haar vond; de werkelijke datum ligt ergens sinds de vorige versie.',
        "'gewijzigd' (andere producten, naam) is geen marktbeweging en telt niet mee.",
      ],
    },
  ];
}

function kansItem(): MethodiekItem {
  return {
    id: 'kansmodel',
    titel: 'Overnamekans (transparant logistisch model)',
    formule: `p = 1 / (1 + e^−(b0 + Σ wᵢ·xᵢ)), b0 = ${INTERCEPT}. Elke xᵢ ligt in [0, 1] met een vaste schaal (zie gewichten), geen z-scores: een score betekent in elke versie hetzelfde. Entiteiten: zelfstandige organisaties (actieve vestigingen zonder hoofdholding, per KvK-nummer) en hoofdholdingen met actieve vestigingen. Richting: zelf_consolidierend als de entiteit in de laatste ${KANS_MAANDEN} maanden vestigingen overnam; anders overname_kandidaat als zelfstandig en p ≥ ${KANS_DREMPEL_KANDIDAAT}; anders monitoring. Top 20 op p (aflopend), dan id; kans op 4 decimalen.`,
    invoer: [STAAT, HOLD, WIJZ],
    gewichten: GEWICHTEN.map((g) => ({ ...g })),
    intercept: INTERCEPT,
    parameterwaarden: { ...KANS_SCHAAL, drempel_kandidaat: KANS_DREMPEL_KANDIDAAT, maanden: KANS_MAANDEN },
    beperkingen: [
      'De gewichten zijn door ons vastgesteld, niet gefit: er is nog geen gelabelde historie van overnames om op te schatten. p is een rangorde-score, geen gekalibreerde kans.',
      SINDS,
      JAREN,
      BASISLIJN,
    ],
  };
}

function benchmarkItem(): MethodiekItem {
  return {
    id: 'benchmark',
    titel: 'Benchmark tegen vergelijkbare vestigingen',
    formule: `Peergroep = actieve vestigingen, gefilterd op segment (kwartiel van productbreedte) en/of plaats (hoofdletterongevoelig, exact). ${SEGMENT_REGEL} Per metriek de verdeling (n, min, p10, p25, p50, p75, p90, max). ${PERCENTIEL_REGEL} Metrieken: ${BENCHMARK_METRIEKEN.map((m) => `${m.metriek}: ${m.beschrijving}`).join(' ')}`,
    invoer: [STAAT],
    beperkingen: [
      'De segmentgrenzen liggen op de hele actieve markt, niet op de peergroep; bij veel gelijke waarden zijn segmenten ongelijk groot of leeg.',
      'Een inactieve vestiging wordt tegen de actieve markt gezet en telt zelf niet mee in de peergroep.',
      SINDS,
    ],
  };
}

function hypotheekItems(): MethodiekItem[] {
  const seg = "Segment: vestigingen met de dienst adviseren of bemiddelen op het product 'Hypothecair krediet' onder een geldige vergunning.";
  return [
    {
      id: 'hypotheek.kern',
      titel: 'Hypotheekvestigingen per dienst',
      formule: `${seg} Aantallen actieve vestigingen met adviseren, met bemiddelen en met beide (een vestiging met beide telt in alle drie); totaal = met minstens één.`,
      invoer: [STAAT],
      beperkingen: ['Telt vestigingen, niet adviseurs of productie.'],
    },
    {
      id: 'hypotheek.voorraad',
      titel: 'Voorraad per jaar',
      formule: `Per jaar vanaf het vroegste beginjaar (niet vóór ${VOORRAAD_VANAF}) tot het jaar van de peildatum: vestigingen die het product hebben of hadden met sinds ≤ 31 december en (einde leeg of einde ≥ 31 december); voor het lopende jaar de peildatum in plaats van 31 december.`,
      invoer: [STAAT, WIJZ],
      parameterwaarden: { vanaf: VOORRAAD_VANAF },
      beperkingen: [
        "Een beëindigde vestiging heeft geen producten meer; of zij hypotheken deed, lezen we uit haar eerdere records in de wijzigingen. Wie al beëindigd was vóór de eerste versie, ontbreekt in de reeks.",
        'sinds en einde gelden voor de adviesvergunningen van de instelling als geheel, niet voor het product hypothecair krediet: een vestiging telt vanaf haar eerste adviesvergunning, ook als hypotheken later zijn toegevoegd, en een vestiging die alleen met hypotheken stopte blijft meetellen.',
        'Alleen vestigingen die nu in de stand staan; het oude adres van een verhuisde vestiging telt niet apart.',
      ],
    },
    {
      id: 'hypotheek.cohorten',
      titel: 'Cohorten naar vergunningsduur',
      formule: `Actieve hypotheekvestigingen naar hele jaren sinds de vroegste adviesvergunning: ${COHORTEN.map((c) => c.cohort).join(', ')} jaar; zonder begindatum: onbekend. ${JAREN}`,
      invoer: [STAAT],
      beperkingen: [SINDS],
    },
    {
      id: 'hypotheek.spreiding',
      titel: 'Spreiding per gemeente',
      formule:
        'Actieve hypotheekvestigingen per gemeente (plaats → gemeente via de gebundelde tabel, hoofdletterongevoelig) × 10.000 / particuliere huishoudens van de gemeente, op 3 decimalen. Plaatsen buiten de tabel tellen als onbekend; de dekking staat in het antwoord.',
      invoer: [STAAT, HUISHOUDENS_BRON.tabel],
      brontabel: { ...HUISHOUDENS_BRON },
      beperkingen: [
        'De huishoudens zijn een gebundelde benadering, afgerond op duizendtallen, niet live uit CBS opgehaald.',
        'Plaatsen worden op woonplaatsnaam aan een gemeente gekoppeld; een gemeente met meerdere woonplaatsen krijgt alleen de vestigingen van de woonplaatsen in de tabel, maar al haar huishoudens.',
      ],
    },
    {
      id: 'hypotheek.concentratie',
      titel: 'Concentratie in het hypotheeksegment',
      formule: `Over de actieve hypotheekvestigingen: aandeel van de top ${CONCENTRATIE_TOP.join(' en top ')} hoofdholdingen (meeste vestigingen, dan id) in procenten; HHI = som over groepen van (aandeel in procenten)², 0–10.000, waarbij een groep een hoofdholding is of, voor zelfstandige vestigingen, een KvK-nummer.`,
      invoer: [STAAT, HOLD],
      parameterwaarden: { top: CONCENTRATIE_TOP.join(',') },
      beperkingen: ['Aandelen in vestigingen, niet in productie of marktaandeel in euro’s.', 'Samenwerkingsverbanden zonder kapitaalband tellen als losse groepen.'],
    },
  ];
}

const LEI = 'Eigendom is alleen zichtbaar via LEI-relaties in GLEIF (niveau 2); een holding zonder LEI of zonder geregistreerde relatie is onzichtbaar en haar vestigingen gelden als zelfstandig.';
const KENGETAL_BEPERKINGEN: Record<KengetalNaam, readonly string[]> = {
  aantal_vestigingen_actief: ['Een vestiging is een uniek (KvK-nummer, postcode, huisnummer); instellingen zonder KvK-nummer (buitenlandse instellingen) tellen niet.'],
  aantal_organisaties: ['Organisatie = KvK-nummer; een groep met meerdere KvK-nummers zonder LEI-relatie telt als meerdere organisaties.'],
  aantal_holdings: [LEI],
  aantal_hoofdholdingen: [LEI],
  aandeel_gebonden_pct: [LEI],
  aandeel_top10_pct: [LEI],
  hhi: [LEI, 'Aandelen in vestigingen, niet in omzet of klanten.'],
  nieuw_12m: [BASISLIJN],
  beeindigd_12m: [BASISLIJN],
  overnames_12m: [BASISLIJN, LEI],
  verhuisd_12m: [BASISLIJN, 'Een verhuizing is een vertrokken en een nieuw adres bij hetzelfde KvK-nummer in dezelfde versie (per KvK-nummer op id-volgorde gepaard); elders verschijnt ze als beëindigd plus nieuw.'],
  netto_groei_12m: [BASISLIJN],
  gemiddelde_productbreedte: ['Telt producten met een adviesdienst onder een geldige vergunning, ongeacht hoeveel er in elk product wordt gedaan.'],
  mediane_vergunningsjaren: [SINDS, JAREN],
  hypotheek_vestigingen: ['Telt vestigingen, niet adviseurs of productie.'],
  samenwerkingsverbanden: [
    'Alleen zichtbare banden (gelijke handelsnaam, gelijk lidnummer bij een klachteninstituut); franchise of inkoopcombinaties zonder zo’n spoor zijn onzichtbaar.',
    'De AFM-export bevat geen aansluiting bij een klachteninstituut: op de gepubliceerde gegevens blijken samenwerkingsverbanden alleen uit gedeelde handelsnamen (inkoopcombinaties zijn dus onzichtbaar).',
  ],
};

/** The whole registry, in a fixed order. */
export function methodiek(): MethodiekItem[] {
  return [
    ...radarItems(),
    kansItem(),
    benchmarkItem(),
    ...hypotheekItems(),
    ...KENGETALLEN.map((k) => ({
      id: `kengetal.${k.naam}`,
      titel: k.titel,
      eenheid: k.eenheid,
      formule: k.formule,
      invoer: [...k.invoer],
      beperkingen: [...KENGETAL_BEPERKINGEN[k.naam]],
    })),
  ];
}

export const METHODIEK: readonly MethodiekItem[] = methodiek();
