// GET /v1/fsp/vergunningen: the flat list of all licences of the AFM register financiële dienstverleners:
// licence number, institution, dates, status (derived against the peildatum) and products, filtered
// (vergunningnummer, instelling_id, status, and the enterprise filter waar), field-selected (velden),
// sorted (sorteer) and paged, as JSON envelope or CSV.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { registerPaging, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { perVersion, registerVersie, totaalPerVersie } from '@/lib/registers/common/version-cache';
import { CSV_UITLEG, enterpriseUitleg, formaatParam, listAnswer } from '@/lib/registers/common/list-answer';
import { fspVergunningenVelden, listFspVergunningen } from '@/lib/registers/fsp/query';
import { enterpriseQueryParams, leesEnterpriseParams } from '@/lib/registers/query-language';
import { afmRegister } from '@/lib/sources/afm';
import { fspBron, manifestOf, manifestRef, peildatumOf, publishedFsp } from './bron';
import { fspProductSchema } from './instelling';
import { FSP_REGISTER } from '@/lib/registers/fsp/import';

export const fspVergunningItem = z.object({
  vergunningnummer: z.string(),
  instelling_id: z.string(),
  instelling_naam: z.string(),
  ingangsdatum: z.iso.date().nullable().describe('JJJJ-MM-DD'),
  einddatum: z.iso.date().nullable().describe('JJJJ-MM-DD'),
  status: z.enum(['geldig', 'beëindigd']).describe('geldig: geen einddatum of een einddatum op/na de peildatum'),
  aantal_producten: z.number().int(),
  producten: z.array(fspProductSchema),
});

const listData = z.object({
  totaal: z.number().int(),
  start: z.number().int(),
  rijen: z.number().int(),
  volgende: z.string().nullable().describe('Pad met query van de volgende pagina (met waar, velden en sorteer); null op de laatste'),
  vergunningen: z
    .array(fspVergunningItem.partial().required({ vergunningnummer: true }).meta({ id: 'FspVergunningItem' }))
    .describe('Met velden alleen de gekozen velden (vergunningnummer altijd)'),
  manifest: manifestRef,
});

export const fspVergunningen = operation({
  id: 'fsp-vergunningen',
  path: '/v1/fsp/vergunningen',
  api: 'fsp',
  cache: registerVersie(FSP_REGISTER),
  bronType: 'collectiebron',
  summary: 'Alle vergunningen van financiële dienstverleners: vergunningnummer, instelling, data en status',
  description:
    'Platte lijst van de vergunningen in het AFM-register financiële dienstverleners. status is afgeleid tegen de peildatum ' +
    '(geldig: geen einddatum of een einddatum op/na de peildatum). Standaard gesorteerd op vergunningnummer. ' +
    enterpriseUitleg({ waar: "status eq 'geldig' and ingangsdatum ge 2020-01-01", velden: 'instelling_naam,status', sorteer: '-ingangsdatum' }) +
    CSV_UITLEG,
  sources: [afmRegister.id],
  params: {
    query: z.object({
      vergunningnummer: textParam(1, 64, 'Vergunningnummer (exact)').optional().meta({ examples: ['12000883'] }),
      instelling_id: textParam(1, 64, 'Id van de instelling (exact)').optional().meta({ examples: ['bd9ae0b2-6f78-4899-b85e-89cdbf752294'] }),
      status: z.enum(['geldig', 'beëindigd']).optional().describe('geldig of beëindigd, afgeleid tegen de peildatum').meta({ examples: ['geldig'] }),
      ...registerPaging,
      ...enterpriseQueryParams(fspVergunningenVelden),
      formaat: formaatParam,
    }),
  },
  statuses: [200, 400, 503],
  response: listData,
  onderdeel: 'vergunningen',
  async handle({ query, request, ctx }) {
    const e = leesEnterpriseParams(query, fspVergunningenVelden);
    const m = await publishedFsp();
    const { value: r, hit } = await perVersion(m, 'fsp-vergunningen', query, () =>
      listFspVergunningen(getDb(), m.import_id, peildatumOf(m), query, m.aantallen.vergunningen, e, totaalPerVersie(m, 'fsp-vergunningen', query)),
    );
    return listAnswer({
      request,
      query,
      catalogus: fspVergunningenVelden,
      velden: e.velden,
      items: r.items,
      totaal: r.totaal,
      lijst: 'vergunningen',
      bestand: 'fsp-vergunningen',
      manifest: manifestOf(m),
      bron: fspBron(m, ctx.startedAt, hit),
    });
  },
});
