// GET /v1/verduurzaming/pand/{postcode}/{huisnummer}: one validated property object with source and
// status per field, from the Locatieserver, BAG, WOZ, EP-Online, the cadastral map and CBS in parallel.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode, toevoeging } from '@/lib/api/params';
import { pandSchema } from '@/lib/verduurzaming/types';
import { getPand } from '@/lib/verduurzaming/pand';

export const verduurzamingPand = operation({
  id: 'verduurzaming-pand',
  path: '/v1/verduurzaming/pand/{postcode}/{huisnummer}',
  api: 'verduurzaming',
  bronType: 'eigen-dienst',
  summary: 'Eén gevalideerd pandobject met bron en status per veld',
  description:
    'Adres, bouwjaar, gebruiksoppervlakte, gebruiksdoelen, pandstatus, WOZ-waarde, geregistreerd energielabel, kadastraal perceel en buurtcijfers, ' +
    'parallel opgehaald uit BAG, WOZ-waardeloket, EP-Online, kadastrale kaart en CBS. Elk veld is de waarde zelf (null = onbekend of onbeschikbaar); ' +
    'herkomst_per_veld noemt per veld bron en status (ok, onbekend = de bron kent het niet, onbeschikbaar = de bron faalde). Een falende deelbron geeft status onbeschikbaar in bronnen, ' +
    'niet een mislukte aanroep; alleen als de Locatieserver (het adres) faalt, volgt 502. Gegevens worden 24 uur gecachet. ' +
    'Heeft het adres geen coördinaat, dan is kadastraal_perceel onbeschikbaar en staat de kadastrale kaart in bronnen met foutsoort geen_coordinaat. ' +
    'De toevoeging mag een huisletter (A), een huisnummertoevoeging (2, bis) of beide (A-2) zijn.',
  sources: ['pdok-locatieserver', 'bag-ogc', 'woz-waardeloket', 'ep-online', 'brk-kadastrale-kaart', 'cbs-statline'],
  params: {
    path: z.object({ postcode, huisnummer }),
    query: z.object({ toevoeging: toevoeging.describe('Huisletter en/of huisnummertoevoeging, bijvoorbeeld A, 2 of A-2') }),
  },
  statuses: [200, 400, 404, 502],
  response: pandSchema,
  onderdeel: 'pand',
  // Short client cache: the server keeps the source answers 24 hours, but an answer with an unavailable
  // sub-source should not stick in a client for long.
  maxAgeSeconds: 300,
  async handle({ path, query, ctx }) {
    const pand = await getPand(path.postcode, path.huisnummer, query.toevoeging, ctx.signal);
    return { data: pand.data, bronnen: pand.bronnen };
  },
});
