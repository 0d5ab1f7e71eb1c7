// Declarations of upstream sources whose clients later issues add (address register, WOZ, energy
// labels, cadastre). They are declared now so the methodology and the catalogue can name them with
// their real endpoints and licences; their operations are listed as 'in ontwikkeling'.
import { source } from './source';

const DAY = 24 * 60 * 60 * 1000;

export const bagOgc = source({
  id: 'bag-ogc',
  titel: 'Basisregistratie Adressen en Gebouwen (BAG), OGC API Features',
  envVar: 'BRON_BAG_OGC_URL',
  defaultBaseUrl: 'https://api.pdok.nl/kadaster/bag/ogc/v2',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Kadaster, Basisregistratie Adressen en Gebouwen (via PDOK)',
  documentatie: 'https://api.pdok.nl/kadaster/bag/ogc/v2',
  ttlMs: DAY,
});

export const wozWaardeloket = source({
  id: 'woz-waardeloket',
  titel: 'WOZ-waardeloket',
  envVar: 'BRON_WOZ_WAARDELOKET_URL',
  defaultBaseUrl: 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1',
  licentie: 'Openbare gegevens; alleen voor individuele raadpleging',
  attributie: 'Bron: WOZ-waardeloket (Kadaster, Waarderingskamer)',
  documentatie: 'https://www.wozwaardeloket.nl',
  ttlMs: DAY,
});

export const epOnline = source({
  id: 'ep-online',
  titel: 'EP-Online energielabels (RVO)',
  envVar: 'BRON_EP_ONLINE_URL',
  defaultBaseUrl: 'https://public.ep-online.nl/api/v5',
  licentie: 'Gebruik met persoonlijke API-sleutel van RVO; geen herpublicatie van bulkgegevens',
  attributie: 'Bron: EP-Online, Rijksdienst voor Ondernemend Nederland',
  documentatie: 'https://public.ep-online.nl/swagger',
  ttlMs: DAY,
  keyEnvVar: 'EP_ONLINE_API_KEY',
});

export const brkKadastraleKaart = source({
  id: 'brk-kadastrale-kaart',
  titel: 'Kadastrale kaart (BRK), OGC API Features',
  envVar: 'BRON_BRK_KADASTRALE_KAART_URL',
  defaultBaseUrl: 'https://api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1',
  licentie: 'CC BY 4.0',
  attributie: 'Bron: Kadaster, Kadastrale kaart (via PDOK)',
  documentatie: 'https://api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1',
  ttlMs: DAY,
});

export const plannedSources = [bagOgc, wozWaardeloket, epOnline, brkKadastraleKaart];
