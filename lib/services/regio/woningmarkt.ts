// GET /v1/regio/{code}/woningmarkt: the average sale price of existing owner-occupied homes of the
// municipality (CBS 83625NED, from 1995) with year-on-year deltas, next to the national series, plus WOZ and
// housing-stock context from Kerncijfers wijken en buurten. Wijk and buurt codes map to their municipality
// (prices are published per municipality only); the context is given for the region itself as well.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { intParam, regioCode } from '@/lib/api/params';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { gather } from '@/lib/sources/gather';
import { sourceErrorFromBron } from '@/lib/sources/source-error';
import { woningprijzen, WONINGPRIJZEN_TABEL } from '@/lib/sources/cbs-woningprijzen';
import { gemeenteVan, LAND_CODE, niveauVan } from '@/lib/regio/codes';
import { waardeVan, type Kerncijfers } from '@/lib/regio/kerncijfers';
import { prijsPuntSchema, prijsReeks } from '@/lib/regio/woningprijzen';
import { laadRegios } from './laden';

const CONTEXT = ['gemiddelde_woz_waarde_van_woningen', 'woningvoorraad', 'nieuwbouw_woningen', 'koopwoningen', 'huurwoningen_totaal', 'percentage_eengezinswoning'] as const;

const contextSchema = z.object({
  code: z.string(),
  naam: z.string().nullable(),
  ...Object.fromEntries(CONTEXT.map((k) => [k, z.number().nullable()])),
}).meta({ id: 'WoningmarktContext' });

function context(k: Kerncijfers | undefined, code: string) {
  return { code, naam: k?.naam ?? null, ...Object.fromEntries(CONTEXT.map((n) => [n, k ? waardeVan(k, n) : null])) };
}

export const regioWoningmarkt = operation({
  id: 'regio-woningmarkt',
  path: '/v1/regio/{code}/woningmarkt',
  api: 'regio',
  bronType: 'eigen-dienst',
  summary: 'Gemiddelde verkoopprijs van bestaande koopwoningen per gemeente met jaarmutaties, WOZ en voorraad',
  description:
    'Gemiddelde verkoopprijs van bestaande koopwoningen (CBS 83625NED, reeks vanaf 1995) van de gemeente over de laatste `jaren` ' +
    'jaren, met delta en delta_pct ten opzichte van het jaar ervoor, en dezelfde reeks voor Nederland. Wijk- en buurtcodes worden ' +
    'de gemeente waarin ze liggen (verkoopprijzen bestaan alleen per gemeente). Context uit de nieuwste Kerncijfers wijken en buurten: ' +
    'gemiddelde WOZ-waarde (euro), woningvoorraad, nieuwbouw, percentage koop-, huur- en eengezinswoningen, voor de regio zelf, de ' +
    'gemeente en Nederland; valt die bron uit, dan is context null en staat de bron als onbeschikbaar in bronnen. Een gemeente zonder ' +
    'prijsreeks geeft 400; een storing bij het CBS voor de prijzen 502.',
  sources: ['cbs-statline'],
  params: {
    path: z.object({ code: regioCode.any }),
    query: z.object({ jaren: intParam(1, 31, 'Aantal jaren, tot en met het nieuwste jaar (1-31)').default(10).meta({ examples: [5] }) }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    regio: z.object({ code: z.string(), niveau: z.string() }),
    gemeente: z.object({ code: z.string(), naam: z.string().nullable() }),
    tabel: z.string(),
    reeks: z.array(prijsPuntSchema),
    reeks_landelijk: z.array(prijsPuntSchema).describe('Dezelfde reeks voor Nederland'),
    context: z
      .object({ jaar: z.number().int(), tabel: z.string(), regio: contextSchema, gemeente: contextSchema, landelijk: contextSchema })
      .nullable(),
  }),
  onderdeel: 'woningmarkt',
  maxAgeSeconds: 3600,
  async handle({ path, query, ctx }) {
    const gemeente = gemeenteVan(path.code);
    const codes = [...new Set([path.code, gemeente, LAND_CODE])];
    const { results, bronnen } = await gather(
      {
        prijzen: { source: cbsStatline, run: (s) => woningprijzen(gemeente, s) },
        kwb: { source: cbsStatline, run: (s) => laadRegios(codes, undefined, s) },
      },
      { budgetMs: 8000, signal: ctx.signal },
    );
    // The prices are the answer: without them it is a 502 naming the source (its entry comes first in bronnen).
    if (!results.prijzen) throw sourceErrorFromBron(bronnen.find((b) => b.status === 'onbeschikbaar')!);
    if (results.prijzen.regio.length === 0) {
      const reason = `gemeente ${gemeente} komt niet voor in tabel ${WONINGPRIJZEN_TABEL} (gemiddelde verkoopprijzen)`;
      throw new Problem('invalid_parameter', { detail: reason, invalidParams: [{ name: 'code', in: 'path', reason }] });
    }
    const kwb = results.kwb;
    return {
      data: {
        regio: { code: path.code, niveau: niveauVan(path.code) },
        gemeente: { code: gemeente, naam: kwb?.regios.get(gemeente)?.naam ?? null },
        tabel: WONINGPRIJZEN_TABEL,
        reeks: prijsReeks(results.prijzen.regio, query.jaren),
        reeks_landelijk: prijsReeks(results.prijzen.landelijk, query.jaren),
        context: kwb
          ? {
              jaar: kwb.editie.jaar,
              tabel: kwb.editie.tabel,
              regio: context(kwb.regios.get(path.code), path.code),
              gemeente: context(kwb.regios.get(gemeente), gemeente),
              landelijk: context(kwb.regios.get(LAND_CODE), LAND_CODE),
            }
          : null,
      },
      bronnen,
    };
  },
});
