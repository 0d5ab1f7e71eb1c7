// GET /v1/monitoring/regio/{code}: the core figures of a buurt, wijk or gemeente and the home sale prices of
// its municipality, each with one hash per source for pull-based monitoring: keep the hash, ask again later,
// and compare. Same data gives the same hash; any change of a value gives another (lib/regio/hash.ts).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { regioCode } from '@/lib/api/params';
import { cbsStatline } from '@/lib/sources/cbs-statline';
import { gather } from '@/lib/sources/gather';
import { woningprijzen, WONINGPRIJZEN_TABEL } from '@/lib/sources/cbs-woningprijzen';
import { sourceErrorFromBronnen } from '@/lib/sources/source-error';
import { gemeenteVan, niveauVan } from '@/lib/regio/codes';
import { kenmerkSchema } from '@/lib/regio/kerncijfers';
import { bronHash } from '@/lib/regio/hash';
import { prijsPuntSchema, prijsReeks } from '@/lib/regio/woningprijzen';
import { laadRegios, regioOf400 } from './laden';

export const CANONICALISATIE =
  'hash = "sha256:" + SHA-256 (hex) van de canonieke JSON van het data-object van die bron (kerncijfers: {code, tabel, jaar, ' +
  'kenmerken}; woningprijzen: {gemeente_code, tabel, reeks}): objectsleutels gesorteerd op codepunt (recursief), volgorde van lijsten ' +
  'behouden (kenmerken in tabelvolgorde, reeksen op jaar), geen witruimte, getallen in de kortste vorm die exact terugleest, ' +
  'null behouden. Ophaaltijden, duur en cachevlaggen tellen niet mee.';

export const monitoringRegio = operation({
  id: 'monitoring-regio',
  path: '/v1/monitoring/regio/{code}',
  api: 'monitoring',
  bronType: 'eigen-dienst',
  summary: 'Kerncijfers en woningprijzen van een regio met één hash per bron voor pull-monitoring',
  description:
    'Kerncijfers van de buurt, wijk of gemeente (nieuwste tabel Kerncijfers wijken en buurten) en de gemiddelde verkoopprijzen van ' +
    'bestaande koopwoningen van de gemeente (83625NED, alle jaren), elk met een hash. Bewaar de hashes en vraag later opnieuw: een ' +
    `gelijke hash betekent gelijke gegevens. Canonicalisatie: ${CANONICALISATIE} Valt één bron uit, dan zijn haar data en hash null en ` +
    'staat ze als onbeschikbaar in bronnen; vallen beide uit, dan 502.',
  sources: ['cbs-statline'],
  params: { path: z.object({ code: regioCode.any }) },
  statuses: [200, 400, 502],
  response: z.object({
    regio: z.object({ code: z.string(), naam: z.string().nullable(), niveau: z.string() }).meta({ id: 'RegioNaam' }),
    hashes: z.object({ kerncijfers_hash: z.string().nullable(), woningprijzen_hash: z.string().nullable() }),
    kerncijfers: z.object({ code: z.string(), tabel: z.string(), jaar: z.number().int(), kenmerken: z.array(kenmerkSchema) }).nullable(),
    woningprijzen: z.object({ gemeente_code: z.string(), tabel: z.string(), reeks: z.array(prijsPuntSchema) }).meta({ id: 'Woningprijzen' }).nullable(),
    canonicalisatie: z.string(),
  }),
  onderdeel: 'monitoring',
  maxAgeSeconds: 300,
  async handle({ path, ctx }) {
    const gemeente = gemeenteVan(path.code);
    const { results, bronnen } = await gather(
      {
        kwb: { source: cbsStatline, run: (s) => laadRegios([path.code], undefined, s) },
        prijzen: { source: cbsStatline, run: (s) => woningprijzen(gemeente, s) },
      },
      { budgetMs: 8000, signal: ctx.signal },
    );
    if (!results.kwb && !results.prijzen) throw sourceErrorFromBronnen(bronnen);
    const regio = results.kwb ? regioOf400(results.kwb, path.code, 'code') : null;
    const kerncijfers = regio ? { code: regio.code, tabel: regio.tabel, jaar: regio.jaar, kenmerken: regio.kenmerken } : null;
    const woningprijzenData = results.prijzen
      ? { gemeente_code: gemeente, tabel: WONINGPRIJZEN_TABEL, reeks: prijsReeks(results.prijzen.regio, results.prijzen.regio.length) }
      : null;
    return {
      data: {
        regio: { code: path.code, naam: regio?.naam ?? null, niveau: niveauVan(path.code) },
        hashes: { kerncijfers_hash: kerncijfers ? bronHash(kerncijfers) : null, woningprijzen_hash: woningprijzenData ? bronHash(woningprijzenData) : null },
        kerncijfers,
        woningprijzen: woningprijzenData,
        canonicalisatie: CANONICALISATIE,
      },
      bronnen,
    };
  },
});
