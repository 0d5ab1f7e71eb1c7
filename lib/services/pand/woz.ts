// GET /v1/pand/{postcode}/{huisnummer}/woz: the established WOZ values over all reference years of every
// WOZ object on the house number (optionally one letter/toevoeging), from the WOZ-waardeloket.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { MAX_WOZ_OBJECTEN, wozHuisnummerSchema, wozVoorHuisnummer } from '@/lib/pand/woz';

const vrijeTekst = z.string().trim().min(1).max(10).optional().meta({ examples: ['A'] });

export const pandWoz = operation({
  id: 'pand-woz',
  path: '/v1/pand/{postcode}/{huisnummer}/woz',
  api: 'pand',
  bronType: 'eigen-dienst',
  summary: 'Vastgestelde WOZ-waarden over alle peildata, per WOZ-object op het huisnummer',
  description:
    'Alle adressen op postcode en huisnummer (PDOK Locatieserver), optioneel beperkt met letter (huisletter) en toevoeging ' +
    '(huisnummertoevoeging; zonder letter mag de toevoeging ook de letter bevatten, bijvoorbeeld A of A-2). Per adres één ' +
    'raadpleging van het WOZ-waardeloket, parallel: WOZ-objectnummer, grondoppervlakte, alle vastgestelde waarden (nieuwste eerst), ' +
    'panden en kadastrale objecten. Een adres zonder WOZ-object krijgt status onbekend; een falende raadpleging status onbeschikbaar ' +
    `(200). Hoogstens ${MAX_WOZ_OBJECTEN} adressen per aanroep. 404 als het adres niet bestaat; 502 alleen als de Locatieserver faalt. ` +
    'Het WOZ-waardeloket is bedoeld voor individuele raadpleging; antwoorden worden 24 uur gecachet.',
  sources: ['pdok-locatieserver', 'woz-waardeloket'],
  params: {
    path: z.object({ postcode, huisnummer }),
    query: z.object({
      letter: vrijeTekst.describe('Huisletter, bijvoorbeeld A'),
      toevoeging: vrijeTekst.describe('Huisnummertoevoeging, bijvoorbeeld 2 of bis (zonder letter ook A of A-2)'),
    }),
  },
  statuses: [200, 400, 404, 502],
  response: wozHuisnummerSchema,
  onderdeel: 'woz',
  maxAgeSeconds: 300,
  async handle({ path, query, ctx }) {
    const r = await wozVoorHuisnummer(path.postcode, path.huisnummer, { letter: query.letter, toevoeging: query.toevoeging }, ctx.signal);
    return { data: r.data, bronnen: r.bronnen };
  },
});
