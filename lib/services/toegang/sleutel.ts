// GET /v1/toegang/sleutel: "wie ben ik" for the calling key (X-Api-Key or Authorization: Bearer). Tier, the
// visible prefix, owner, organisation, hourly limit and dates; never the key, its hash or the e-mail address.
// Without a key 401; an unknown, revoked or malformed key is refused with 401 by the route wrapper already
// (lib/access/toegang.ts). The key request page (/sleutel) checks a pasted key with it.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { leesSleutel } from '@/lib/access/store';
import { TIER_REGELS } from '@/lib/access/tiers';
import { ownServiceBron } from '@/lib/sources/bron';

const geenSleutel = () =>
  new Problem('unauthorized', {
    detail: 'Deze operatie beschrijft de meegestuurde sleutel: stuur hem mee in X-Api-Key (of Authorization: Bearer). Een sleutel vraagt u aan op /sleutel.',
  });

export const toegangSleutel = operation({
  id: 'toegang-sleutel',
  path: '/v1/toegang/sleutel',
  api: 'toegang',
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'De meegestuurde API-sleutel: tier, limiet en gebruik',
  description:
    'Wie ben ik: voor de sleutel in X-Api-Key (of Authorization: Bearer) de tier, het zichtbare begin (prefix), naam en organisatie van de aanvrager, ' +
    'de limiet per uur en wanneer de sleutel is aangemaakt en laatst gebruikt. Nooit de sleutel zelf. Zonder sleutel, of met een onbekende of ingetrokken sleutel: 401.',
  sources: [],
  statuses: [200, 401, 429],
  response: z.object({
    tier: z.enum(['standard', 'enterprise']),
    prefix: z.string().describe('Het zichtbare begin van de sleutel (15 tekens)'),
    naam: z.string().describe('Naam van de aanvrager'),
    organisatie: z.string().nullable(),
    limiet_per_uur: z.number().int().describe('Verzoeken per uur op de distributiemonitor: de eigen limiet van de sleutel, anders die van de tier'),
    eigen_limiet: z.boolean().describe('true: de beheerder gaf deze sleutel een eigen limiet'),
    rechten: z.object({
      volledige_historie: z.boolean(),
      csv: z.boolean(),
      webhooks_toegestaan: z.boolean(),
    }),
    aangemaakt_op: z.iso.datetime({ offset: true }).describe('ISO 8601'),
    laatst_gebruikt_op: z.iso.datetime({ offset: true }).nullable().describe('ISO 8601, hoogstens een minuut oud; null: nog niet gebruikt'),
  }),
  onderdeel: 'sleutel',
  async handle({ ctx }) {
    if (ctx.toegang.sleutel_id === null) throw geenSleutel();
    const s = await leesSleutel(getDb(), ctx.toegang.sleutel_id);
    // Revoked between the wrapper's (cached) lookup and now: as unknown.
    if (!s || s.ingetrokken_op) throw new Problem('unauthorized', { detail: 'Onbekende of ingetrokken sleutel. Vraag een sleutel aan op /sleutel.' });
    const regel = TIER_REGELS[s.tier];
    return {
      data: {
        tier: s.tier,
        prefix: s.prefix,
        naam: s.eigenaar,
        organisatie: s.organisatie,
        limiet_per_uur: s.limiet_per_uur ?? regel.limiet_per_uur,
        eigen_limiet: s.limiet_per_uur !== null,
        rechten: { volledige_historie: regel.volledige_historie, csv: regel.csv, webhooks_toegestaan: regel.webhooks },
        aangemaakt_op: s.aangemaakt_op.toISOString(),
        laatst_gebruikt_op: s.laatst_gebruikt_op?.toISOString() ?? null,
      },
      bronnen: [ownServiceBron('Toegang: API-sleutels')],
    };
  },
});
