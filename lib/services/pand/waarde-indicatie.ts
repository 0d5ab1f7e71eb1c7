// GET /v1/pand/{postcode}/{huisnummer}/waarde-indicatie: the figures around an address that say something
// about its value, from public statistics only: the average WOZ value and housing stock of its buurt, wijk
// and gemeente (CBS Kerncijfers wijken en buurten), the buurt's WOZ over the yearly tables, and the
// municipality's average sale prices (83625NED). Explicitly no appraisal: the answer says so.
import { z } from 'zod';
import { adresSleutels } from '@/lib/adres/sleutels';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode } from '@/lib/api/params';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { gather } from '@/lib/sources/gather';
import { woningprijzen, WONINGPRIJZEN_TABEL } from '@/lib/sources/cbs-woningprijzen';
import { LAND_CODE } from '@/lib/regio/codes';
import { waardeVan, type Kerncijfers } from '@/lib/regio/kerncijfers';
import { prijsPuntSchema, prijsReeks } from '@/lib/regio/woningprijzen';
import { trendPuntSchema } from '@/lib/regio/trend';
import { coordinatenSchema } from '@/lib/sources/pdok-locatieserver-convert';
import { adresOpHuisnummer } from '@/lib/adres/op-huisnummer';
import { laadRegios } from '@/lib/services/regio/laden';
import { laadTrend } from '@/lib/services/regio/trend-laden';

export const GEEN_TAXATIE =
  'Dit is geen taxatie en geen geautomatiseerde waardering (AVM) van deze woning. Het zijn gemiddelden van de buurt, de wijk ' +
  'en de gemeente uit openbare statistiek (CBS): de gemiddelde WOZ-waarde van alle woningen in het gebied en de gemiddelde ' +
  'verkoopprijs van alle verkochte bestaande koopwoningen in de gemeente. Ze zeggen niets over de staat, het type, de grootte of ' +
  'de ligging van deze woning. Voor een waarde van deze woning: de WOZ-beschikking (/v1/pand/{postcode}/{huisnummer}/woz) of een ' +
  'taxatie door een erkend taxateur.';

const GEBIED = ['gemiddelde_woz_waarde_van_woningen', 'woningvoorraad', 'koopwoningen', 'huurwoningen_totaal', 'percentage_eengezinswoning', 'bouwjaar_afgelopen_tien_jaar'] as const;
const gebiedSchema = z
  .object({ code: z.string(), naam: z.string().nullable(), ...Object.fromEntries(GEBIED.map((k) => [k, z.number().nullable()])) })
  .meta({ id: 'WoningGebied' })
  .nullable();

function gebied(k: Kerncijfers | undefined | null) {
  return k ? { code: k.code, naam: k.naam, ...Object.fromEntries(GEBIED.map((n) => [n, waardeVan(k, n)])) } : null;
}

export const pandWaardeIndicatie = operation({
  id: 'pand-waarde-indicatie',
  path: '/v1/pand/{postcode}/{huisnummer}/waarde-indicatie',
  api: 'pand',
  bronType: 'eigen-dienst',
  summary: 'WOZ, woningvoorraad en verkoopprijzen rond het adres; uitdrukkelijk geen taxatie',
  description:
    'Gemiddelde WOZ-waarde (euro), woningvoorraad en eigendomsverhouding van de buurt, de wijk en de gemeente van het adres en van ' +
    'Nederland (nieuwste tabel Kerncijfers wijken en buurten), de gemiddelde WOZ-waarde van de buurt over de jaartabellen, en de ' +
    'gemiddelde verkoopprijs van bestaande koopwoningen in de gemeente over tien jaar met jaarmutaties (CBS 83625NED). Dit is ' +
    'uitdrukkelijk geen taxatie of geautomatiseerde waardering; het antwoord zegt dat in geen_taxatie. Het adres zonder huisletter ' +
    'of toevoeging geldt; bestaat dat niet, dan de eerste toevoeging op het huisnummer. 404 als het adres niet bestaat; valt een ' +
    'CBS-deel uit, dan is dat deel null en staat de bron als onbeschikbaar in bronnen.',
  sources: ['pdok-locatieserver', 'cbs-statline'],
  params: { path: z.object({ postcode, huisnummer }) },
  statuses: [200, 400, 404, 502],
  response: z.object({
    geen_taxatie: z.string().describe('Waarom dit geen taxatie is'),
    adres: z.object({ weergavenaam: z.string().nullable(), buurt_code: z.string().nullable(), wijk_code: z.string().nullable(), gemeente_code: z.string().nullable(), coordinaten: coordinatenSchema }),
    jaar: z.number().int().nullable().describe('Jaar van de tabel Kerncijfers wijken en buurten'),
    buurt: gebiedSchema,
    wijk: gebiedSchema,
    gemeente: gebiedSchema,
    landelijk: gebiedSchema,
    buurt_woz_reeks: z.array(trendPuntSchema).nullable().describe('Gemiddelde WOZ-waarde van de buurt per jaartabel, met jaarmutaties'),
    verkoopprijzen: z.object({ tabel: z.string(), reeks_gemeente: z.array(prijsPuntSchema), reeks_landelijk: z.array(prijsPuntSchema) }).nullable(),
  }),
  onderdeel: 'waarde-indicatie',
  maxAgeSeconds: 300,
  async handle({ path, ctx }) {
    const adres = await adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal);
    const a = adres.data.locatie;
    const { buurt, wijk, gemeente } = adresSleutels(a);
    const codes = [buurt, wijk, gemeente, LAND_CODE].filter((c): c is string => Boolean(c));
    const { results, bronnen } = await gather(
      {
        kwb: { source: cbsStatline, run: (s) => laadRegios(codes, undefined, s) },
        trend: { source: cbsStatline, run: async (s) => (buurt ? laadTrend(buurt, s, ['gemiddelde_woz_waarde_van_woningen']) : { data: null, bronnen: [] }) },
        prijzen: { source: cbsStatline, run: async (s) => (gemeente ? woningprijzen(gemeente, s) : { data: null, bronnen: [] }) },
      },
      { budgetMs: 6000, signal: ctx.signal },
    );
    const regios = results.kwb?.regios;
    return {
      data: {
        geen_taxatie: GEEN_TAXATIE,
        adres: { weergavenaam: a.weergavenaam, buurt_code: buurt, wijk_code: wijk, gemeente_code: gemeente, coordinaten: a.coordinaten },
        jaar: results.kwb?.editie.jaar ?? null,
        buurt: gebied(buurt ? regios?.get(buurt) : null),
        wijk: gebied(wijk ? regios?.get(wijk) : null),
        gemeente: gebied(gemeente ? regios?.get(gemeente) : null),
        landelijk: gebied(regios?.get(LAND_CODE)),
        buurt_woz_reeks: results.trend?.trend.kenmerken[0]?.reeks ?? null,
        verkoopprijzen: results.prijzen
          ? { tabel: WONINGPRIJZEN_TABEL, reeks_gemeente: prijsReeks(results.prijzen.regio, 10), reeks_landelijk: prijsReeks(results.prijzen.landelijk, 10) }
          : null,
      },
      bronnen: [...adres.bronnen, ...bronnen],
    };
  },
});
