// GET /v1/finreg/instellingen: institutions of the DNB public register with identifiers (KvK/RSIN/LEI)
// and registration counts, filtered (q over statutory and trade names, kvk_nummer, rsin, lei,
// deelregister, land, plaats, and the enterprise filter waar), field-selected (velden), sorted (sorteer)
// and paged (rijen/start). As JSON envelope or as CSV (formaat=csv or Accept: text/csv).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { kvkNummer, registerPaging, rsin, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie, totaalPerVersie } from '@/lib/registers/common/version-cache';
import { CSV_UITLEG, enterpriseUitleg, formaatParam, listAnswer } from '@/lib/registers/common/list-answer';
import { finregInstellingenVelden } from '@/lib/registers/finreg/catalogus';
import { listFinregInstellingen } from '@/lib/registers/finreg/query';
import { enterpriseQueryParams, leesEnterpriseParams } from '@/lib/registers/query-language';
import { leiCode } from '@/lib/services/lei/entiteit';
import { dnbRegister } from '@/lib/sources/dnb';
import { dnbApi } from '@/lib/sources/dnb-api';
import { finregBron, manifestOf, manifestRef, publishedFinreg } from './bron';
import { deelregisterParam } from './params';
import { FINREG_REGISTER } from '@/lib/registers/finreg/import';

export const finregInstellingItem = z.object({
  relatienummer: z.string().describe('Relatienummer bij DNB'),
  naam: z.string().describe('Statutaire naam'),
  kvk_nummer: z.string().nullable(),
  rsin: z.string().nullable(),
  lei: z.string().nullable(),
  plaats: z.string().nullable().describe('Plaats van vestiging, anders de statutaire plaats'),
  land: z.string().nullable(),
  deelregisters: z.array(z.string()).describe('Codes van de deelregisters waarin de instelling staat'),
  aantal_registraties: z.number().int(),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina (met waar, velden en sorteer); null op de laatste'),
  instellingen: z.array(finregInstellingItem.partial().required({ relatienummer: true }).meta({ id: 'FinregInstellingItem' })).describe('Met velden alleen de gekozen velden (relatienummer altijd)'),
  manifest: manifestRef,
});

export const finregInstellingen = operation({
  id: 'finreg-instellingen',
  path: '/v1/finreg/instellingen',
  api: 'finreg',
  cache: registerVersie(FINREG_REGISTER),
  bronType: 'collectiebron',
  summary: 'Instellingen in het DNB-register met KvK-nummer, RSIN, LEI en aantal registraties',
  description:
    'Zoekt in de instellingen van het Openbaar Register van DNB. q zoekt hoofdletterongevoelig in statutaire naam en handelsnamen (bevat); ' +
    'kvk_nummer, rsin, lei en deelregister zijn exact; plaats (vestiging, anders statutair) en land zijn exact maar hoofdletterongevoelig. ' +
    'Standaard gesorteerd op naam. ' +
    enterpriseUitleg({ waar: "contains(deelregisters,'WFTDG') and aantal_registraties ge 2", velden: 'naam,kvk_nummer,lei', sorteer: '-aantal_registraties,naam' }) +
    CSV_UITLEG,
  sources: [dnbRegister.id, dnbApi.id],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm in statutaire naam en handelsnamen, minimaal 2 tekens').optional().meta({ examples: ['Achterhoekbaken'] }),
      kvk_nummer: kvkNummer.optional(),
      rsin: rsin.optional(),
      lei: leiCode.optional(),
      deelregister: deelregisterParam.optional(),
      land: textParam(1, 100, 'Land (zoals DNB het noemt, hoofdletterongevoelig)').optional().meta({ examples: ['Nederland'] }),
      plaats: textParam(1, 100, 'Plaats van vestiging, anders statutaire plaats (hoofdletterongevoelig)').optional().meta({ examples: ["'s-Hertogenbosch"] }),
      ...registerPaging,
      ...enterpriseQueryParams(finregInstellingenVelden),
      formaat: formaatParam,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'instellingen',
  async handle({ query, request, ctx }) {
    // Parameter validation already ran the parsers (400 on a bad value); this yields the parsed trees.
    const e = leesEnterpriseParams(query, finregInstellingenVelden);
    const m = await publishedFinreg();
    const { value: r, hit } = await perVersion(m, 'finreg-instellingen', query, () => listFinregInstellingen(getDb(), m.import_id, query, m.aantallen.instellingen, e, totaalPerVersie(m, 'finreg-instellingen', query)));
    return listAnswer({
      request,
      query,
      catalogus: finregInstellingenVelden,
      velden: e.velden,
      items: r.items,
      totaal: r.totaal,
      lijst: 'instellingen',
      bestand: 'finreg-instellingen',
      manifest: manifestOf(m),
      bron: finregBron(m, ctx.startedAt, hit),
    });
  },
});
