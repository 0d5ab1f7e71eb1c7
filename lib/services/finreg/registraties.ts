// GET /v1/finreg/registraties: the flat list of all registrations over the 15 sub-registers, filtered
// (deelregister, status derived against the peildatum, type case-insensitive exact, q over the
// institution's statutory and trade names, and the enterprise filter waar), field-selected (velden),
// sorted (sorteer) and paged (rijen/start). As JSON envelope or as CSV.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { registerPaging, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie, totaalPerVersie } from '@/lib/registers/common/version-cache';
import { CSV_UITLEG, enterpriseUitleg, formaatParam, listAnswer } from '@/lib/registers/common/list-answer';
import { finregRegistratiesVelden } from '@/lib/registers/finreg/catalogus';
import { listFinregRegistraties } from '@/lib/registers/finreg/query';
import { enterpriseQueryParams, leesEnterpriseParams } from '@/lib/registers/query-language';
import { dnbRegister } from '@/lib/sources/dnb';
import { dnbApi } from '@/lib/sources/dnb-api';
import { finregBron, manifestOf, manifestRef, peildatumOf, publishedFinreg } from './bron';
import { finregRegistratieDetail } from './instelling';
import { deelregisterParam, statusParam } from './params';
import { FINREG_REGISTER } from '@/lib/registers/finreg/import';

export const finregRegistratieItem = finregRegistratieDetail.extend({
  relatienummer: z.string(),
  naam: z.string().describe('Statutaire naam van de instelling'),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina (met waar, velden en sorteer); null op de laatste'),
  registraties: z.array(finregRegistratieItem.partial().required({ volgnr: true }).meta({ id: 'FinregRegistratieItem' })).describe('Met velden alleen de gekozen velden (volgnr altijd)'),
  manifest: manifestRef,
});

export const finregRegistraties = operation({
  id: 'finreg-registraties',
  path: '/v1/finreg/registraties',
  api: 'finreg',
  cache: registerVersie(FINREG_REGISTER),
  bronType: 'collectiebron',
  summary: 'Alle registraties in het DNB-register over de 15 deelregisters',
  description:
    'Platte lijst van de registraties (vergunningen, ontheffingen, ...) met instelling, deelregister, type, wetsartikel, data, ' +
    'afgeleide status en activiteiten. status is afgeleid tegen de peildatum (geldig: geen einddatum of een einddatum op/na de peildatum); ' +
    'type is exact maar hoofdletterongevoelig; q zoekt in statutaire naam en handelsnamen van de instelling. ' +
    'Standaard in de volgorde van de download (volgnr). ' +
    enterpriseUitleg({ waar: "deelregister eq 'WFTDG' and status eq 'geldig' and begindatum ge 2020-01-01", velden: 'relatienummer,naam,type,status', sorteer: '-begindatum' }) +
    CSV_UITLEG,
  sources: [dnbRegister.id, dnbApi.id],
  params: {
    query: z.object({
      deelregister: deelregisterParam.optional(),
      status: statusParam.optional(),
      type: textParam(1, 100, 'Registratietype, bijvoorbeeld Vergunning of Ontheffing (hoofdletterongevoelig)').optional().meta({ examples: ['Registratie'] }),
      q: textParam(2, 200, 'Zoekterm in statutaire naam en handelsnamen van de instelling, minimaal 2 tekens').optional().meta({ examples: ['Deltaland'] }),
      ...registerPaging,
      ...enterpriseQueryParams(finregRegistratiesVelden),
      formaat: formaatParam,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'registraties',
  async handle({ query, request, ctx }) {
    const e = leesEnterpriseParams(query, finregRegistratiesVelden);
    const m = await publishedFinreg();
    const { value: r, hit } = await perVersion(m, 'finreg-registraties', query, () =>
      listFinregRegistraties(getDb(), m.import_id, peildatumOf(m), query, m.aantallen.registraties, e, totaalPerVersie(m, 'finreg-registraties', query)),
    );
    return listAnswer({
      request,
      query,
      catalogus: finregRegistratiesVelden,
      velden: e.velden,
      items: r.items,
      totaal: r.totaal,
      lijst: 'registraties',
      bestand: 'finreg-registraties',
      manifest: manifestOf(m),
      bron: finregBron(m, ctx.startedAt, hit),
    });
  },
});
