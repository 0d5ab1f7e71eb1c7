// GET /v1/charity/instellingen: ANBI institutions, filtered (q over name and alias, rsin, plaats, status,
// cultuur) and paged (rijen/start) with the total and a link to the next page.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { jaNee, registerPaging, rsin, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { listCharities } from '@/lib/registers/charity/query';
import { nextLink } from '@/lib/registers/common/list-answer';
import { charityBron, manifestOf, manifestRef, peildatumOf, publishedCharity } from './bron';

export const charityItem = z.object({
  id: z.string().describe('RSIN, of het dossiernummer bij de vijf wettelijke groepsbeschikkingen zonder RSIN'),
  rsin: z.string().nullable(),
  naam: z.string().nullable(),
  alias: z.string().nullable(),
  plaats: z.string().nullable(),
  status: z.enum(['geldig', 'beëindigd']).describe('geldig: geen intrekkingsdatum of een intrekkingsdatum op/na de peildatum'),
  cultuur: z.boolean().describe('Culturele ANBI op de peildatum'),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina; null op de laatste'),
  instellingen: z.array(charityItem),
  manifest: manifestRef,
});

export const charityInstellingen = operation({
  id: 'charity-instellingen',
  path: '/v1/charity/instellingen',
  api: 'charity',
  bronType: 'collectiebron',
  summary: 'ANBI-instellingen met RSIN, namen, plaats en status',
  description:
    'Zoekt in het ANBI-register. q zoekt hoofdletterongevoelig in naam en alias (bevat), plaats is een exacte plaatsnaam ' +
    '(hoofdletterongevoelig). status en cultuur worden afgeleid tegen de peildatum. Gesorteerd op naam.',
  sources: ['belastingdienst-anbi'],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm in naam en alias, minimaal 2 tekens').optional(),
      rsin: rsin.optional(),
      plaats: textParam(1, 100, 'Vestigingsplaats').optional(),
      status: z.enum(['geldig', 'beëindigd']).optional().describe('geldig of beëindigd, afgeleid tegen de peildatum'),
      cultuur: jaNee.optional().describe('ja: culturele ANBI op de peildatum; nee: geen culturele ANBI'),
      ...registerPaging,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'instellingen',
  async handle({ query, request, ctx }) {
    const m = await publishedCharity();
    const r = await listCharities(getDb(), m.import_id, peildatumOf(m), query, m.aantallen.totaal);
    return {
      data: {
        totaal: r.totaal,
        start: query.start,
        rijen: query.rijen,
        volgende: nextLink(request, query.start, query.rijen, r.totaal),
        instellingen: r.items,
        manifest: manifestOf(m),
      },
      bronnen: [charityBron(m, ctx.startedAt)],
    };
  },
});
