// GET /v1/fsp/instellingen: financial service providers of the AFM register, filtered (q over statutory
// and trade names, kvk_nummer, land, plaats, ep, and the enterprise filter waar), field-selected
// (velden), sorted (sorteer) and paged (rijen/start) with the total and a link to the next page. As JSON
// envelope or, for bulk users, as CSV (formaat=csv or Accept: text/csv).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { jaNee, kvkNummer, registerPaging, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie, totaalPerVersie } from '@/lib/registers/common/version-cache';
import { CSV_UITLEG, enterpriseUitleg, formaatParam, listAnswer } from '@/lib/registers/common/list-answer';
import { fspInstellingenVelden, listFspInstellingen } from '@/lib/registers/fsp/query';
import { enterpriseQueryParams, leesEnterpriseParams } from '@/lib/registers/query-language';
import { afmRegister } from '@/lib/sources/afm';
import { fspBron, manifestOf, manifestRef, publishedFsp } from './bron';
import { FSP_REGISTER } from '@/lib/registers/fsp/import';

export const fspInstellingItem = z.object({
  id: z.string().describe("Id van de instelling: het AFM-id, of 'afm-' + 16 hextekens afgeleid van naam, plaats en land"),
  naam: z.string().describe('Statutaire naam'),
  handelsnamen: z.array(z.string()),
  kvk_nummer: z.string().nullable(),
  plaats: z.string().nullable(),
  land: z.string().nullable(),
  ep: z
    .boolean()
    .nullable()
    .describe('Inkomend Europees paspoort: een dienstverlener uit een andere EER-lidstaat; null: de AFM-export vermeldt het niet'),
  aantal_vergunningen: z.number().int(),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina (met waar, velden en sorteer); null op de laatste'),
  instellingen: z.array(fspInstellingItem.partial().required({ id: true }).meta({ id: 'FspInstellingItem' })).describe('Met velden alleen de gekozen velden (id altijd)'),
  manifest: manifestRef,
});

export const fspInstellingen = operation({
  id: 'fsp-instellingen',
  path: '/v1/fsp/instellingen',
  api: 'fsp',
  cache: registerVersie(FSP_REGISTER),
  bronType: 'collectiebron',
  summary: 'Financiële dienstverleners met bedrijfsgegevens en aantal vergunningen',
  description:
    'Zoekt in het AFM-register financiële dienstverleners. q zoekt hoofdletterongevoelig in de statutaire naam en de handelsnamen ' +
    '(bevat); land en plaats zijn exacte namen (hoofdletterongevoelig); ep filtert op inkomend Europees paspoort (de AFM-export vermeldt dat niet: ' +
    'ep is dan null en het filter vindt niets). Standaard gesorteerd op naam. ' +
    enterpriseUitleg({ waar: "land eq 'Nederland' and aantal_vergunningen ge 2", velden: 'naam,plaats', sorteer: '-aantal_vergunningen,naam' }) +
    CSV_UITLEG,
  sources: [afmRegister.id],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm in statutaire naam en handelsnamen, minimaal 2 tekens').optional().meta({ examples: ['Fictiefsma'] }),
      kvk_nummer: kvkNummer.optional(),
      land: textParam(1, 100, 'Land van vestiging, bijvoorbeeld Nederland (hoofdletterongevoelig)').optional().meta({ examples: ['Nederland'] }),
      plaats: textParam(1, 100, 'Vestigingsplaats (hoofdletterongevoelig)').optional().meta({ examples: ['Rotterdam'] }),
      ep: jaNee.optional().describe('ja: met inkomend Europees paspoort; nee: zonder'),
      ...registerPaging,
      ...enterpriseQueryParams(fspInstellingenVelden),
      formaat: formaatParam,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'instellingen',
  async handle({ query, request, ctx }) {
    // Parameter validation already ran the parsers (400 on a bad value); this yields the parsed trees.
    const e = leesEnterpriseParams(query, fspInstellingenVelden);
    const m = await publishedFsp();
    const { value: r, hit } = await perVersion(m, 'fsp-instellingen', query, () => listFspInstellingen(getDb(), m.import_id, query, m.aantallen.instellingen, e, totaalPerVersie(m, 'fsp-instellingen', query)));
    return listAnswer({
      request,
      query,
      catalogus: fspInstellingenVelden,
      velden: e.velden,
      items: r.items,
      totaal: r.totaal,
      lijst: 'instellingen',
      bestand: 'fsp-instellingen',
      manifest: manifestOf(m),
      bron: fspBron(m, ctx.startedAt, hit),
    });
  },
});
