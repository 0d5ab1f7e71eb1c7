// GET /v1/distributiemonitor/versies/{id}/wijzigingen: the wijziging rows of one version, filtered on
// entiteit_type, wijziging_type and entiteit (an entity id), paged, in row order; CSV for standard and up.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { registerPaging } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import type { EntiteitType, WijzigingType } from '@/lib/monitor/derive/types';
import { KOLOMMEN, wijzigingTabelRij } from '@/lib/monitor/export';
import { readWijzigingenVanVersie } from '@/lib/monitor/store';
import { apiWijziging } from '@/lib/monitor/vestiging-api';
import { API, controleerHistorie, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorVersies, paginaSchema, paginaVelden, PREFIX, versieIdParam, versieMetId } from './markt';
import { namenSchema, namenVanRijen } from './namen';
import { versieItem, versieSchema } from './versies';
import { entiteitTypeParam, wijzigingSchema, wijzigingTypeParam } from './wijziging-schema';
import { OP_DATASET_VERSIE } from './versie-cache';

export const monitorWijzigingen = operation({
  id: 'distributiemonitor-versie-wijzigingen',
  path: `${PREFIX}/versies/{id}/wijzigingen`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Alle wijzigingen in één datasetversie, filterbaar op entiteit_type en wijziging_type',
  description:
    'wijziging_type: nieuw, beëindigd, gewijzigd, overgenomen (de hoofdholding van een vestiging of holding veranderde), verhuisd ' +
    '(twee rijen: het oude adres met nieuw null, het nieuwe met het oude adres als oud). Rijen worden nooit bijgewerkt of verwijderd. ' +
    'CSV (standard en enterprise; deze pagina): één regel per wijziging met id, versie_id, datum, entiteit_type, entiteit_id, wijziging_type, ' +
    'naam, kvk_nummer en plaats (uit het nieuwe record, anders het oude), hoofdholding_id_oud, hoofdholding_id_nieuw, velden (JSON-lijst van de ' +
    'gewijzigde velden) en oud en nieuw (de volledige records als JSON). JSON: namen geeft naam en plaats van elke vestiging_id en LEI die de rijen noemen.',
  sources: MONITOR_BRONNEN,
  params: {
    path: z.object({ id: versieIdParam }),
    query: z.object({
      entiteit_type: entiteitTypeParam.optional().describe('vestiging, holding of hoofdholding').meta({ examples: ['vestiging'] }),
      wijziging_type: wijzigingTypeParam.optional().describe('nieuw, beëindigd, gewijzigd, overgenomen of verhuisd').meta({ examples: ['nieuw'] }),
      entiteit: z.string().min(1).max(40).optional().describe('Alleen de rijen van deze entiteit (vestiging_id of LEI)').meta({ examples: ['V222RCH7SAL'] }),
      ...registerPaging,
      formaat: monitorFormaat,
    }),
  },
  statuses: [200, 400, 403, 404, 503],
  response: z.object({
    datasetversie: versieSchema,
    ...paginaSchema,
    wijzigingen: z.array(wijzigingSchema),
    namen: namenSchema,
  }),
  onderdeel: 'wijzigingen',
  async handle({ path, query, request, ctx }) {
    const versies = await monitorVersies();
    const v = versieMetId(versies, path.id);
    controleerHistorie(versies, v, ctx.toegang);
    const r = await readWijzigingenVanVersie(getDb(), v.id, {
      entiteit_type: query.entiteit_type as EntiteitType | undefined,
      wijziging_type: query.wijziging_type as WijzigingType | undefined,
      entiteit_id: query.entiteit,
      rijen: query.rijen,
      start: query.start,
    });
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: r.rijen.map(wijzigingTabelRij), kolommen: KOLOMMEN.wijzigingen, bestand: `wijzigingen-versie-${v.id}-${query.start}`, bronnen: monitorBronnen(v, ctx.startedAt) });
    if (csv) return csv;
    return {
      data: {
        datasetversie: versieItem(v, v.id === versies[0].id),
        ...paginaVelden(request, query, r.totaal),
        wijzigingen: r.rijen.map(apiWijziging),
        namen: await namenVanRijen(r.rijen, versies),
      },
      bronnen: monitorBronnen(v, ctx.startedAt),
    };
  },
});
