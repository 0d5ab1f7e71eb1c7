// GET /v1/lei/entiteiten: Dutch LEI entities, filtered (q over names, kvk_nummer, plaats, status) and
// paged (rijen/start) with the total and a link to the next page.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { kvkNummer, registerPaging, textParam } from '@/lib/api/params';
import { listLeiEntities } from '@/lib/registers/lei/query';
import { getDb } from '@/lib/db/client';
import { leiBron, manifestOf, manifestRef, publishedLei } from './bron';

export const leiItem = z.object({
  lei: z.string(),
  naam: z.string(),
  kvk_nummer: z.string().nullable(),
  plaats: z.string().nullable(),
  status: z.enum(['actief', 'inactief']),
  registratie_status: z.string().nullable().describe('GLEIF RegistrationStatus: ISSUED, LAPSED, RETIRED, ...'),
  rechtsvorm: z.string().nullable(),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina; null op de laatste'),
  entiteiten: z.array(leiItem),
  manifest: manifestRef,
});

/** Path and query of the next page, or null when this page is the last. */
export function nextLink(request: Request, start: number, rijen: number, totaal: number): string | null {
  if (start + rijen >= totaal) return null;
  const url = new URL(request.url);
  url.searchParams.set('start', String(start + rijen));
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export const leiEntiteiten = operation({
  id: 'lei-entiteiten',
  path: '/v1/lei/entiteiten',
  api: 'lei',
  bronType: 'collectiebron',
  summary: 'Nederlandse LEI-entiteiten met LEI, naam, KvK-nummer en status',
  description:
    'Zoekt in de Nederlandse entiteiten van de GLEIF golden copy. q zoekt hoofdletterongevoelig in de statutaire en andere namen ' +
    '(bevat), plaats is een exacte plaatsnaam (hoofdletterongevoelig). Gesorteerd op naam.',
  sources: ['gleif-golden-copy'],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm in statutaire en andere namen, minimaal 2 tekens').optional(),
      kvk_nummer: kvkNummer.optional(),
      plaats: textParam(1, 100, 'Plaats van het juridische adres').optional(),
      status: z.enum(['actief', 'inactief']).optional().describe('Entiteitstatus: actief (ACTIVE) of inactief (INACTIVE)'),
      ...registerPaging,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'entiteiten',
  async handle({ query, request, ctx }) {
    const m = await publishedLei();
    const r = await listLeiEntities(getDb(), m.import_id, query, m.aantallen.entiteiten);
    return {
      data: {
        totaal: r.totaal,
        start: query.start,
        rijen: query.rijen,
        volgende: nextLink(request, query.start, query.rijen, r.totaal),
        entiteiten: r.items,
        manifest: manifestOf(m),
      },
      bronnen: [leiBron(m, ctx.startedAt)],
    };
  },
});
