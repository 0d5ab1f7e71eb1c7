// GET /v1/charity/instellingen: ANBI institutions, filtered (q over name and alias, rsin, plaats, status,
// cultuur, and the enterprise filter waar), field-selected (velden), sorted (sorteer) and paged
// (rijen/start) with the total and a link to the next page. As JSON envelope or, for bulk users, as CSV
// (formaat=csv or Accept: text/csv).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { jaNee, registerPaging, rsin, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie, totaalPerVersie } from '@/lib/registers/common/version-cache';
import { charityInstellingenVelden, listCharityEntries } from '@/lib/registers/charity/query';
import { CSV_UITLEG, enterpriseUitleg, formaatParam, listAnswer } from '@/lib/registers/common/list-answer';
import { enterpriseQueryParams, leesEnterpriseParams } from '@/lib/registers/query-language';
import { charityBron, manifestOf, manifestRef, peildatumOf, publishedCharity } from './bron';
import { CHARITY_REGISTER } from '@/lib/registers/charity/import';

export const charityItem = z.object({
  id: z.string().describe('RSIN, of het dossiernummer bij de vijf wettelijke groepsbeschikkingen zonder RSIN'),
  rsin: z.string().nullable(),
  naam: z.string().nullable(),
  alias: z.string().nullable(),
  plaats: z.string().nullable(),
  status: z.enum(['geldig', 'beëindigd']).describe('geldig: geen intrekkingsdatum of een intrekkingsdatum op/na de peildatum'),
  cultuur: z.boolean().describe('Culturele ANBI op de peildatum'),
});

/** An item of the list: the compact item plus the decision's dates; with velden only the selected keys. */
export const charityLijstItem = charityItem.extend({
  ingangsdatum: z.iso.date().nullable().describe('Ingangsdatum van de ANBI-beschikking (JJJJ-MM-DD)'),
  intrekkingsdatum: z.iso.date().nullable().describe('Intrekkingsdatum van de ANBI-beschikking (JJJJ-MM-DD); leeg als niet ingetrokken'),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina (met waar, velden en sorteer); null op de laatste'),
  instellingen: z.array(charityLijstItem.partial().required({ id: true }).meta({ id: 'AnbiInstellingItem' })).describe('Met velden alleen de gekozen velden (id altijd)'),
  manifest: manifestRef,
});

export const charityInstellingen = operation({
  id: 'charity-instellingen',
  path: '/v1/charity/instellingen',
  api: 'charity',
  cache: registerVersie(CHARITY_REGISTER),
  bronType: 'collectiebron',
  summary: 'ANBI-instellingen met RSIN, namen, plaats en status',
  description:
    'Zoekt in het ANBI-register. q zoekt hoofdletterongevoelig in naam en alias (bevat), plaats is een exacte plaatsnaam ' +
    '(hoofdletterongevoelig). status en cultuur worden afgeleid tegen de peildatum van het gepubliceerde bestand, ook in waar ' +
    'en sorteer. Standaard gesorteerd op naam. ' +
    enterpriseUitleg({
      waar: "plaats eq 'Utrecht' and cultuur eq 'ja' and ingangsdatum ge 2015-01-01",
      velden: 'naam,rsin',
      sorteer: '-ingangsdatum,naam',
    }) +
    CSV_UITLEG,
  sources: ['belastingdienst-anbi'],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm in naam en alias, minimaal 2 tekens').optional().meta({ examples: ['Behoud Molen'] }),
      rsin: rsin.optional(),
      plaats: textParam(1, 100, 'Vestigingsplaats').optional().meta({ examples: ['Maastricht'] }),
      status: z.enum(['geldig', 'beëindigd']).optional().describe('geldig of beëindigd, afgeleid tegen de peildatum').meta({ examples: ['geldig'] }),
      cultuur: jaNee.optional().describe('ja: culturele ANBI op de peildatum; nee: geen culturele ANBI'),
      ...registerPaging,
      ...enterpriseQueryParams(charityInstellingenVelden),
      formaat: formaatParam,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'instellingen',
  async handle({ query, request, ctx }) {
    // Parameter validation already ran the parsers (400 on a bad value); this yields the parsed trees.
    const e = leesEnterpriseParams(query, charityInstellingenVelden);
    const m = await publishedCharity();
    const { value: r, hit } = await perVersion(m, 'charity-instellingen', query, () =>
      listCharityEntries(getDb(), m.import_id, peildatumOf(m), query, m.aantallen.totaal, e, totaalPerVersie(m, 'charity-instellingen', query)),
    );
    return listAnswer({
      request,
      query,
      catalogus: charityInstellingenVelden,
      velden: e.velden,
      items: r.items,
      totaal: r.totaal,
      lijst: 'instellingen',
      bestand: 'charity-instellingen',
      manifest: manifestOf(m),
      bron: charityBron(m, ctx.startedAt, hit),
    });
  },
});
