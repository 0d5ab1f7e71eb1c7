// The list of every declared operation. Routes bind to these; the OpenAPI document, the /v1/bronnen
// catalogue and the conformance tests are generated from this list, so they are true by construction.
import type { Operation } from './operation';
import { addrregSuggest } from '@/lib/services/addrreg/suggest';
import { addrregAdressen } from '@/lib/services/addrreg/adressen';
import { addrregLookup } from '@/lib/services/addrreg/lookup';
import { energiePrijzen } from '@/lib/services/energie/prijzen';
import { landregPercelen } from '@/lib/services/landreg/percelen';
import { landregPerceel } from '@/lib/services/landreg/perceel';
import { landregGrenzen } from '@/lib/services/landreg/grenzen';
import { landregBebouwing } from '@/lib/services/landreg/bebouwing';
import { landregOpenbareRuimteNamen } from '@/lib/services/landreg/openbareruimtenamen';
import { landregNummeraanduidingreeksen } from '@/lib/services/landreg/nummeraanduidingreeksen';
import { catalogusDatasets } from '@/lib/services/catalogus/datasets';
import { datasetQuery } from '@/lib/services/catalogus/dataset-query';
import { verduurzamingStatus } from '@/lib/services/verduurzaming/status';
import { verduurzamingMethodiek } from '@/lib/services/verduurzaming/methodiek';
import { bronnenCatalogus } from '@/lib/services/catalogus/bronnen';
import { bronnenStatusOperatie } from '@/lib/services/catalogus/bron-status';
import { verduurzamingPand } from '@/lib/services/verduurzaming/pand';
import { verduurzamingNulmeting } from '@/lib/services/verduurzaming/nulmeting';
import { verduurzamingRapport } from '@/lib/services/verduurzaming/rapport';
import { verduurzamingRapportPdf } from '@/lib/services/verduurzaming/rapport-pdf';
import { leiRegister } from '@/lib/services/lei/register';
import { leiEntiteiten } from '@/lib/services/lei/entiteiten';
import { leiEntiteit } from '@/lib/services/lei/entiteit';
import { leiKvk } from '@/lib/services/lei/kvk';
import { charityRegister } from '@/lib/services/charity/register';
import { charityInstellingen } from '@/lib/services/charity/instellingen';
import { charityInstelling } from '@/lib/services/charity/instelling';
import { finregRegister } from '@/lib/services/finreg/register';
import { finregInstellingen } from '@/lib/services/finreg/instellingen';
import { finregInstelling } from '@/lib/services/finreg/instelling';
import { finregRegistraties } from '@/lib/services/finreg/registraties';
import { fspRegister } from '@/lib/services/fsp/register';
import { fspInstellingen } from '@/lib/services/fsp/instellingen';
import { fspInstelling } from '@/lib/services/fsp/instelling';
import { fspVergunningen } from '@/lib/services/fsp/vergunningen';
import { monitorStatus } from '@/lib/services/distributiemonitor/status';
import { toegangAanvraag } from '@/lib/services/toegang/aanvraag';
import { toegangSleutel } from '@/lib/services/toegang/sleutel';
import { monitorTijdlijn, monitorTijdlijnGelezen, monitorVolglijst, monitorVolglijstToevoegen, monitorVolglijstVerwijderen } from '@/lib/services/distributiemonitor/alerts';
import { monitorWebhookLeveringen, monitorWebhookPing, monitorWebhookRegistreren, monitorWebhooks, monitorWebhookVerwijderen } from '@/lib/services/distributiemonitor/webhooks';
import { monitorUniversum } from '@/lib/services/distributiemonitor/universum';
import { monitorVestigingen } from '@/lib/services/distributiemonitor/vestigingen';
import { monitorHoldings } from '@/lib/services/distributiemonitor/holdings';
import { monitorHoofdholdings } from '@/lib/services/distributiemonitor/hoofdholdings';
import { monitorStructuur } from '@/lib/services/distributiemonitor/structuur';
import { monitorSamenwerkingsverbanden } from '@/lib/services/distributiemonitor/samenwerkingsverbanden';
import { monitorRelatiesZoeken } from '@/lib/services/distributiemonitor/relaties-zoeken';
import { monitorRelaties } from '@/lib/services/distributiemonitor/relaties';
import { monitorNetwerk } from '@/lib/services/distributiemonitor/netwerk';
import { monitorVersiesOp } from '@/lib/services/distributiemonitor/versies';
import { monitorWijzigingen } from '@/lib/services/distributiemonitor/wijzigingen';
import { monitorExport } from '@/lib/services/distributiemonitor/export';
import { monitorMetrieken, monitorMetriekOperaties } from '@/lib/services/distributiemonitor/metrieken';
import { monitorMethodiek } from '@/lib/services/distributiemonitor/methodiek';
import { monitorRadar } from '@/lib/services/distributiemonitor/radar';
import { monitorKansmodel } from '@/lib/services/distributiemonitor/kansmodel';
import { monitorBenchmark } from '@/lib/services/distributiemonitor/benchmark';
import { monitorHypotheek } from '@/lib/services/distributiemonitor/hypotheek';
import { regioProfiel } from '@/lib/services/regio/profiel';
import { regioTop } from '@/lib/services/regio/top';
import { regioLandelijk } from '@/lib/services/regio/landelijk';
import { regioWoningmarkt } from '@/lib/services/regio/woningmarkt';
import { regioTrend } from '@/lib/services/regio/trend';
import { regioVergelijk } from '@/lib/services/regio/vergelijk';
import { monitoringRegio } from '@/lib/services/regio/monitoring';
import { statsKerncijfers } from '@/lib/services/stats/kerncijfers';
import { statsRegios } from '@/lib/services/stats/regios';
import { pandWaardeIndicatie } from '@/lib/services/pand/waarde-indicatie';
import { puntMilieuzone } from '@/lib/services/punt/milieuzone';
import { puntBgt } from '@/lib/services/punt/bgt';
import { dienstenBacklog } from '@/lib/services/diensten/backlog';
import { adresContext } from '@/lib/services/adres/context';
import { adresVolledig } from '@/lib/services/adres/adres';
import { monitoringPand } from '@/lib/services/pand/monitoring';
import { pandDossier } from '@/lib/services/pand/dossier';
import { pandListing } from '@/lib/services/pand/listing';
import { adresLucht } from '@/lib/services/adres/lucht';
import { adresSubsidies } from '@/lib/services/adres/subsidies';
import { pandWoz } from '@/lib/services/pand/woz';
import { pandWoningtype } from '@/lib/services/pand/woningtype';
import { rechtspraakRelevanteArtikelen } from '@/lib/services/juridisch/relevante-artikelen';
import { wetArtikelRelevant } from '@/lib/services/juridisch/wet-artikel';
import { puntReistijden } from '@/lib/services/punt/reistijden';
import { puntVerkeer } from '@/lib/services/punt/verkeer';
import { airnetMetingen } from '@/lib/services/airnet/metingen';
import { airnetStations } from '@/lib/services/airnet/stations';
import { puntGebieden } from '@/lib/services/punt/gebieden';
import { puntContext } from '@/lib/services/punt/context';
import { puntBrugopeningen } from '@/lib/services/punt/brugopeningen';
import { puntVoorzieningen } from '@/lib/services/punt/voorzieningen';

export const operations: Operation[] = [
  bronnenCatalogus,
  bronnenStatusOperatie,
  regioProfiel,
  regioTop,
  regioLandelijk,
  regioWoningmarkt,
  regioTrend,
  regioVergelijk,
  monitoringRegio,
  statsKerncijfers,
  statsRegios,
  pandWaardeIndicatie,
  puntMilieuzone,
  puntBgt,
  dienstenBacklog,
  adresVolledig,
  monitoringPand,
  adresContext,
  pandDossier,
  pandListing,
  rechtspraakRelevanteArtikelen,
  wetArtikelRelevant,
  puntReistijden,
  puntVerkeer,
  airnetMetingen,
  airnetStations,
  puntGebieden,
  puntContext,
  puntBrugopeningen,
  puntVoorzieningen,
  addrregSuggest,
  adresLucht,
  adresSubsidies,
  addrregAdressen,
  addrregLookup,
  energiePrijzen,
  landregPercelen,
  landregPerceel,
  landregGrenzen,
  landregBebouwing,
  landregOpenbareRuimteNamen,
  landregNummeraanduidingreeksen,
  catalogusDatasets,
  datasetQuery,
  verduurzamingStatus,
  verduurzamingMethodiek,
  verduurzamingPand,
  pandWoz,
  pandWoningtype,
  verduurzamingNulmeting,
  verduurzamingRapport,
  verduurzamingRapportPdf,
  leiRegister,
  leiEntiteiten,
  leiEntiteit,
  leiKvk,
  charityRegister,
  charityInstellingen,
  charityInstelling,
  finregRegister,
  finregInstellingen,
  finregInstelling,
  finregRegistraties,
  fspRegister,
  fspInstellingen,
  fspInstelling,
  fspVergunningen,
  monitorStatus,
  monitorUniversum,
  monitorMethodiek,
  monitorVestigingen,
  monitorHoldings,
  monitorHoofdholdings,
  monitorStructuur,
  monitorSamenwerkingsverbanden,
  monitorRelatiesZoeken,
  monitorRelaties,
  monitorNetwerk,
  monitorVersiesOp,
  monitorWijzigingen,
  monitorExport,
  monitorRadar,
  monitorKansmodel,
  monitorBenchmark,
  monitorHypotheek,
  monitorMetrieken,
  ...monitorMetriekOperaties.values(),
  toegangAanvraag,
  toegangSleutel,
  monitorVolglijst,
  monitorVolglijstToevoegen,
  monitorVolglijstVerwijderen,
  monitorTijdlijn,
  monitorTijdlijnGelezen,
  monitorWebhooks,
  monitorWebhookRegistreren,
  monitorWebhookVerwijderen,
  monitorWebhookPing,
  monitorWebhookLeveringen,
];

/** Looks an operation up by its spec path and method. */
export function findOperation(path: string, method = 'GET'): Operation | undefined {
  return operations.find((o) => o.path === path && o.method === method);
}
