// Every upstream source the service knows, with its base URL override variable. The replay demo and the
// /v1/bronnen catalogue are derived from this list; registry.test.ts checks the table in docs/configuratie.md.
import type { SourceDef } from './source';
import { pdokLocatieserver } from './pdok-locatieserver';
import { cbsStatline } from './cbs-statline';
import { bagOgc } from './bag-ogc';
import { wozWaardeloket } from './woz-waardeloket';
import { epOnline } from './ep-online';
import { brkKadastraleKaart } from './brk-kadastrale-kaart';
import { gleifGoldenCopy } from './gleif';
import { belastingdienstAnbi } from './anbi';
import { afmRegister } from './afm';
import { dnbRegister } from './dnb';
import { dnbApi } from './dnb-api';
import { ndwEmissiezones } from './ndw-emissiezones';
import { dataOverheid } from './data-overheid';
import { woningsite } from './woningsite';
import { luchtmeetnet } from './luchtmeetnet';
import { rceMonumenten } from './rce-monumenten';
import { rvoIsde } from './rvo-isde';
import { rechtspraak } from './rechtspraak';
import { bwbRepository } from './bwb-repository';
import { ndwMeetlocaties, ndwReistijden, ndwVerkeersmaatregelen } from './ndw-verkeer';
import { bagIndividueleBevragingen } from './bag-individuele-bevragingen';
import { bgt } from './bgt';
import { ndwBrugopeningen, ndwSrti } from './ndw-brugopeningen';
import { ndwLaadpunten } from './ndw-laadpunten';
import { gbfs } from './gbfs';
import { buienradar } from './buienradar';

/** Sources with a client or an importer in this code base. */
export const sources: SourceDef[] = [pdokLocatieserver, cbsStatline, bagOgc, wozWaardeloket, epOnline, brkKadastraleKaart, gleifGoldenCopy, belastingdienstAnbi, afmRegister, dnbRegister, dnbApi, dataOverheid, ndwEmissiezones, woningsite, luchtmeetnet, rceMonumenten, rvoIsde, rechtspraak, bwbRepository, ndwMeetlocaties, ndwReistijden, ndwVerkeersmaatregelen, bagIndividueleBevragingen, bgt, ndwBrugopeningen, ndwSrti, ndwLaadpunten, gbfs, buienradar];

/** Looks a source up by id; throws for an unknown id (a programming error). */
export function sourceById(id: string): SourceDef {
  const found = sources.find((s) => s.id === id);
  if (!found) throw new Error(`unknown source ${id}`);
  return found;
}
