// GET /v1/lei/entiteiten: Dutch LEI entities, filtered (q over names, kvk_nummer, plaats, status, and the
// enterprise filter waar), field-selected (velden), sorted (sorteer) and paged (rijen/start) with the
// total and a link to the next page. As JSON envelope or, for bulk users, as CSV (formaat=csv or
// Accept: text/csv).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { kvkNummer, registerPaging, textParam } from '@/lib/api/params';
import { leiEntiteitenVelden, listLeiEntities } from '@/lib/registers/lei/query';
import { enterpriseQueryParams, leesEnterpriseParams } from '@/lib/registers/query-language';
import { CSV_UITLEG, enterpriseUitleg, formaatParam, listAnswer } from '@/lib/registers/common/list-answer';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie, totaalPerVersie } from '@/lib/registers/common/version-cache';
import { leiBron, manifestOf, manifestRef, publishedLei } from './bron';
import { LEI_REGISTER } from '@/lib/registers/lei/import';

export const leiItem = z.object({
  lei: z.string(),
  naam: z.string(),
  kvk_nummer: z.string().nullable(),
  plaats: z.string().nullable(),
  status: z.enum(['actief', 'inactief']),
  registratie_status: z.string().nullable().describe('GLEIF RegistrationStatus: ISSUED, LAPSED, RETIRED, ...'),
  rechtsvorm: z.string().nullable(),
});

/** An item of the list: the KvK-lookup item plus address and registration dates; with velden only the selected keys. */
export const leiLijstItem = leiItem.extend({
  land: z.string().nullable().describe('Land van het juridische adres (ISO 3166-1 alpha-2)'),
  postcode: z.string().nullable(),
  registratiedatum: z.iso.date().nullable().describe('Datum van de eerste LEI-registratie (JJJJ-MM-DD, UTC)'),
  laatste_update: z.iso.date().nullable().describe('Datum van de laatste wijziging van het LEI-record (JJJJ-MM-DD, UTC)'),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina (met waar, velden en sorteer); null op de laatste'),
  entiteiten: z.array(leiLijstItem.partial().required({ lei: true }).meta({ id: 'LeiEntiteitItem' })).describe('Met velden alleen de gekozen velden (lei altijd)'),
  manifest: manifestRef,
});

export const leiEntiteiten = operation({
  id: 'lei-entiteiten',
  path: '/v1/lei/entiteiten',
  api: 'lei',
  cache: registerVersie(LEI_REGISTER),
  bronType: 'collectiebron',
  summary: 'Nederlandse LEI-entiteiten met LEI, naam, KvK-nummer en status',
  description:
    'Zoekt in de Nederlandse entiteiten van de GLEIF golden copy. q zoekt hoofdletterongevoelig in de statutaire en andere namen ' +
    '(bevat), plaats is een exacte plaatsnaam (hoofdletterongevoelig). Standaard gesorteerd op naam. ' +
    enterpriseUitleg({ waar: "plaats eq 'Utrecht' and status eq 'actief'", velden: 'naam,kvk_nummer', sorteer: '-registratiedatum,naam' }) +
    CSV_UITLEG,
  sources: ['gleif-golden-copy'],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm in statutaire en andere namen, minimaal 2 tekens').optional().meta({ examples: ['Achterhoekanker'] }),
      kvk_nummer: kvkNummer.optional(),
      plaats: textParam(1, 100, 'Plaats van het juridische adres').optional().meta({ examples: ['Haarlem'] }),
      status: z.enum(['actief', 'inactief']).optional().describe('Entiteitstatus: actief (ACTIVE) of inactief (INACTIVE)').meta({ examples: ['actief'] }),
      ...registerPaging,
      ...enterpriseQueryParams(leiEntiteitenVelden),
      formaat: formaatParam,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'entiteiten',
  async handle({ query, request, ctx }) {
    // Parameter validation already ran the parsers (400 on a bad value); this yields the parsed trees.
    const e = leesEnterpriseParams(query, leiEntiteitenVelden);
    const m = await publishedLei();
    const { value: r, hit } = await perVersion(m, 'lei-entiteiten', query, () => listLeiEntities(getDb(), m.import_id, query, m.aantallen.entiteiten, e, totaalPerVersie(m, 'lei-entiteiten', query)));
    return listAnswer({
      request,
      query,
      catalogus: leiEntiteitenVelden,
      velden: e.velden,
      items: r.items,
      totaal: r.totaal,
      lijst: 'entiteiten',
      bestand: 'lei-entiteiten',
      manifest: manifestOf(m),
      bron: leiBron(m, ctx.startedAt, hit),
    });
  },
});
