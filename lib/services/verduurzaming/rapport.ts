// POST /v1/verduurzaming/rapport: the full report in one call: the cover sheet (live property data),
// the zero-measurement from the uploaded XML, the measures ranked on target label (best first) and the
// signals. No cost or savings figures (those are in rapport.pdf); nothing is stored.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode, toevoeging } from '@/lib/api/params';
import { MAX_XML_BYTES, XML_CONTENT_TYPES } from '@/lib/verduurzaming/limits';
import { rapportInvoer } from '@/lib/verduurzaming/rapport/inputs';
import { rapportJson, rapportSchema } from '@/lib/verduurzaming/rapport/report';

/** Query and body shared by the JSON and the PDF report. */
export const rapportQuery = z.object({
  postcode,
  huisnummer,
  toevoeging: toevoeging.describe('Huisletter en/of huisnummertoevoeging, bijvoorbeeld A, 2 of A-2'),
});

export const rapportBody = {
  contentTypes: XML_CONTENT_TYPES,
  maxBytes: MAX_XML_BYTES,
  description:
    'De XML-inhoud van een energieprestatiebestand (EP-Online-monitoringsbestand of maatwerkadvies), als application/xml of text/xml, in UTF-8 of in de tekenset van de XML-declaratie, ten hoogste 2 MiB.',
};

export const RAPPORT_BRONNEN = ['pdok-locatieserver', 'bag-ogc', 'woz-waardeloket', 'ep-online', 'brk-kadastrale-kaart', 'cbs-statline'];

export const verduurzamingRapport = operation({
  id: 'verduurzaming-rapport',
  method: 'POST',
  path: '/v1/verduurzaming/rapport',
  api: 'verduurzaming',
  bronType: 'eigen-dienst',
  summary: 'Verduurzamingsrapport: voorblad, nulmeting en maatregelen gerangschikt op doellabel',
  description:
    'Eén aanroep voor het hele rapport: het voorblad met actuele pandgegevens (BAG, WOZ, EP-Online, kadaster, CBS; 24 uur gecachet), ' +
    'de nulmeting uit het geüploade XML-bestand, de maatregelen gerangschikt op doellabel (beste eerst; bij gelijk label de laagste ' +
    'doel-index, dan de laagste investering) en signalen: maatregelen die bouwjaar en label doen verwachten maar die het bestand niet noemt, ' +
    'en verschillen tussen bestand en registers (een ander adres in het bestand is een signaal, geen fout). Zonder kosten of besparingen; ' +
    'die staan in rapport.pdf. Het bestand wordt in het geheugen gelezen en daarna vergeten; er wordt niets opgeslagen. ' +
    'Ongeldige parameters, een verkeerd inhoudstype, een te groot of niet-welgevormd bestand of ongeldige UTF-8 geven 400; een onbekend adres 404; ' +
    'welgevormde XML zonder herkend energieformaat 422.',
  sources: RAPPORT_BRONNEN,
  params: { query: rapportQuery },
  body: rapportBody,
  // The spec lists 200, 400, 404 and 422; 502 too, because without the Locatieserver the address cannot be resolved.
  statuses: [200, 400, 404, 422, 502],
  response: rapportSchema,
  onderdeel: 'rapport',
  maxAgeSeconds: 0,
  async handle({ query, body, ctx }) {
    const { basis, bronnen } = await rapportInvoer(query, body, ctx.signal);
    return { data: rapportJson(basis), bronnen };
  },
});
