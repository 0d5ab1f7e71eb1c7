// GET /v1/pand/{postcode}/{huisnummer}/woningtype: the dwelling-type consensus of the energy label and the
// building footprints (the spec's three rules), with both votes and the derivation details.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode, toevoeging } from '@/lib/api/params';
import { zoekAdres } from '@/lib/verduurzaming/adres';
import { woningtypeSchema, woningtypeVoor } from '@/lib/pand/woningtype';
import { MIN_MUURLENGTE_M, MUUR_TOLERANTIE_M } from '@/lib/pand/muren';

export const pandWoningtype = operation({
  id: 'pand-woningtype',
  path: '/v1/pand/{postcode}/{huisnummer}/woningtype',
  api: 'pand',
  bronType: 'eigen-dienst',
  summary: 'Woningtype volgens consensus van energielabel en pandcontouren, met afleidingsdetails',
  description:
    'Woningtype (tussenwoning, hoekwoning, vrijstaand, 2-onder-1-kap of appartement) uit twee onafhankelijke stemmen. ' +
    '1) Energielabel (EP-Online): het gebouwtype van het nieuwste geldige label. 2) Pandcontouren (BAG): muurcontact met buurpanden ' +
    `(gedeelde muur: randen binnen ${MUUR_TOLERANTIE_M} m van elkaar, minstens ${MIN_MUURLENGTE_M} m lang; bijgebouwen zonder verblijfsobject tellen niet): ` +
    '0 buren vrijstaand, 1 buur hoekwoning of 2-onder-1-kap (2-onder-1-kap als de buur geen andere buren heeft), 2 of meer tussenwoning; ' +
    'meerdere verblijfsobjecten in het pand appartement. 3) Verschillen de stemmen, dan is woningtype null en staan beide in stemmen. ' +
    'Een falende bron of een ontbrekende EP-Online-sleutel maakt alleen die stem onbeschikbaar; 502 alleen als de Locatieserver faalt. ' +
    'Heeft het adres geen coördinaat, dan is de pandcontourstem onbeschikbaar en staat de BAG in bronnen met foutsoort geen_coordinaat. ' +
    'De toevoeging mag een huisletter (A), een huisnummertoevoeging (2) of beide (A-2) zijn.',
  sources: ['pdok-locatieserver', 'ep-online', 'bag-ogc'],
  params: {
    path: z.object({ postcode, huisnummer }),
    query: z.object({ toevoeging: toevoeging.describe('Huisletter en/of huisnummertoevoeging, bijvoorbeeld A, 2 of A-2') }),
  },
  statuses: [200, 400, 404, 502],
  response: woningtypeSchema,
  onderdeel: 'woningtype',
  maxAgeSeconds: 300,
  async handle({ path, query, ctx }) {
    const adres = await zoekAdres(path.postcode, path.huisnummer, query.toevoeging, ctx.signal);
    const r = await woningtypeVoor(adres.data, ctx.signal);
    return { data: r.data, bronnen: [...adres.bronnen, ...r.bronnen] };
  },
});
