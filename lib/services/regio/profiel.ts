// GET /v1/regio/{code}: the region profile. All parts are fetched in parallel and cached per source call:
// core figures of the newest edition with the national row, the trend over all yearly tables, house prices
// of the municipality, the largest underlying areas and the municipality's open datasets. Without the core
// figures there is no profile (502); any other part that fails is null and 'onbeschikbaar' in bronnen.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { regioCode } from '@/lib/api/params';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { gather } from '@/lib/sources/gather';
import { woningprijzen, WONINGPRIJZEN_TABEL } from '@/lib/sources/cbs-woningprijzen';
import { sourceErrorFromBron } from '@/lib/sources/source-error';
import { gemeenteVan, LAND_CODE, wijkVan } from '@/lib/regio/codes';
import { kenmerkSchema, PROFIEL_TREND } from '@/lib/regio/kerncijfers';
import { afwijkingSchema, grootsteAfwijkingen, vergelijkLandelijk } from '@/lib/regio/afwijking';
import { overgeslagenSchema, trendReeksSchema } from '@/lib/regio/trend';
import { topRegelSchema } from '@/lib/regio/top';
import { prijsPuntSchema, prijsReeks } from '@/lib/regio/woningprijzen';
import { dataOverheid, zoekDatasets } from '@/lib/sources/data-overheid';
import { datasetSamenvattingSchema } from '@/lib/sources/data-overheid-convert';
import type { Sourced } from '@/lib/sources/gather';
import { laadRegios, regioOf400, type GeladenRegios } from './laden';
import { laadTrend } from './trend-laden';
import { grootsteOnderliggend } from './onderliggend';
import { regioKop, regioKopSchema } from './kop';

export function regioLinks(code: string) {
  const met = code.startsWith('BU') ? wijkVan(code) : code.startsWith('WK') ? gemeenteVan(code) : null;
  return {
    landelijk: `/v1/regio/${code}/landelijk`,
    trend: `/v1/regio/${code}/trend`,
    woningmarkt: `/v1/regio/${code}/woningmarkt`,
    top: code.startsWith('BU') ? null : `/v1/regio/${code}/top`,
    vergelijk: `/v1/regio/${code}/vergelijk?met=${met ?? '{code}'}`,
    monitoring: `/v1/monitoring/regio/${code}`,
    kerncijfers: `/v1/stats/kerncijfers?regio=${code}`,
  };
}

export const regioProfiel = operation({
  id: 'regio-profiel',
  path: '/v1/regio/{code}',
  api: 'regio',
  bronType: 'eigen-dienst',
  summary: 'Regioprofiel: kerncijfers, grootste afwijkingen van landelijk, trend, woningprijzen, grootste wijken of buurten',
  description:
    'Eén profiel van een buurt, wijk of gemeente, met alle deelvragen parallel: de kerncijfers uit de nieuwste tabel Kerncijfers ' +
    'wijken en buurten; de vijf grootste afwijkingen naar boven en naar beneden ten opzichte van Nederland (alleen vergelijkbare ' +
    'kenmerken, zie /landelijk); de trend van kernkenmerken over alle jaartabellen met jaarmutaties; de gemiddelde verkoopprijs van ' +
    'bestaande koopwoningen van de gemeente over de laatste drie jaar; de drie grootste wijken (gemeente) of buurten (wijk) naar ' +
    'inwoners; open datasets van de gemeente uit data.overheid.nl (zoekterm: de gemeentenaam, vijf treffers, met query_url als een ' +
    'bestand bevraagbaar is via /v1/datasets/{id}/query); en vervolglinks. Zonder kerncijfers geen profiel (502); valt een ander deel uit, dan is dat deel null en staat de bron ' +
    'als onbeschikbaar in bronnen. Een regio die niet in de tabel voorkomt geeft 400.',
  sources: ['cbs-statline', 'data-overheid'],
  params: { path: z.object({ code: regioCode.any }) },
  statuses: [200, 400, 502],
  response: z.object({
    regio: regioKopSchema,
    jaar: z.number().int(),
    tabel: z.string(),
    kenmerken: z.array(kenmerkSchema).describe('De kerncijfers van de regio, in tabelvolgorde'),
    afwijkingen_landelijk: z.object({ hoger: z.array(afwijkingSchema), lager: z.array(afwijkingSchema) }),
    trend: z.object({ jaren: z.array(z.object({ jaar: z.number().int(), tabel: z.string() })), overgeslagen: z.array(overgeslagenSchema), kenmerken: z.array(trendReeksSchema) }).nullable(),
    woningprijzen: z.object({ gemeente_code: z.string(), tabel: z.string(), reeks: z.array(prijsPuntSchema) }).meta({ id: 'Woningprijzen' }).nullable(),
    grootste_onderliggend: z
      .object({ niveau: z.enum(['wijk', 'buurt']).nullable(), aantal: z.number().int(), grootste: z.array(topRegelSchema).describe('Naar aantal inwoners') })
      .nullable(),
    open_data: z
      .object({ zoekterm: z.string(), totaal: z.number().int(), datasets: z.array(datasetSamenvattingSchema), zoeken: z.string().describe('Vervolgzoekvraag in de catalogus') })
      .nullable()
      .describe('Open datasets van de gemeente; null als de catalogus niet antwoordde'),
    links: z.record(z.string(), z.string().nullable()),
  }),
  onderdeel: 'profiel',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const code = path.code;
    const gemeente = gemeenteVan(code);
    // The dataset search needs the municipality's name from the core figures: one shared promise.
    let kernP: Promise<Sourced<GeladenRegios>> | undefined;
    const kern = (s: AbortSignal) => (kernP ??= laadRegios([code, LAND_CODE], undefined, s));
    const { results, bronnen } = await gather(
      {
        kern: { source: cbsStatline, run: kern },
        datasets: {
          source: dataOverheid,
          run: async (s) => {
            const naam = (await kern(s)).data.regios.get(code)?.gemeente_naam;
            if (!naam) return { data: null, bronnen: [] };
            const r = await zoekDatasets({ q: naam, rows: 5, start: 0, signal: s });
            return { data: { zoekterm: naam, totaal: r.data.totaal, datasets: r.data.datasets, zoeken: `/v1/catalogus/datasets?q=${encodeURIComponent(naam)}` }, bronnen: r.bronnen };
          },
        },
        trend: { source: cbsStatline, run: (s) => laadTrend(code, s, PROFIEL_TREND) },
        prijzen: { source: cbsStatline, run: (s) => woningprijzen(gemeente, s) },
        onderliggend: { source: cbsStatline, run: (s) => grootsteOnderliggend(code, 3, s) },
      },
      { budgetMs: 8000, signal: ctx.signal },
    );
    if (!results.kern) throw sourceErrorFromBron(bronnen.find((b) => b.status === 'onbeschikbaar')!);
    const regio = regioOf400(results.kern, code, 'code');
    const land = regioOf400(results.kern, LAND_CODE, 'code');
    return {
      data: {
        regio: regioKop(regio),
        jaar: regio.jaar,
        tabel: regio.tabel,
        kenmerken: regio.kenmerken,
        afwijkingen_landelijk: grootsteAfwijkingen(vergelijkLandelijk(regio, land).vergelijkbaar, 5),
        trend: results.trend?.trend ?? null,
        woningprijzen: results.prijzen ? { gemeente_code: gemeente, tabel: WONINGPRIJZEN_TABEL, reeks: prijsReeks(results.prijzen.regio, 3) } : null,
        grootste_onderliggend: results.onderliggend ? { niveau: results.onderliggend.niveau, aantal: results.onderliggend.aantal, grootste: results.onderliggend.grootste } : null,
        open_data: results.datasets,
        links: regioLinks(code),
      },
      bronnen: dedupeBronnen(bronnen),
    };
  },
});

/** One bronnen entry per distinct call (several parts share cached calls); failures are always kept. */
function dedupeBronnen<T extends { url: string | null; status: string; bron: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((b) => {
    if (b.status !== 'ok') return true;
    const key = `${b.bron} ${b.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
