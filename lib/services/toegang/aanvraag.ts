// POST /v1/toegang/aanvragen: the key request of the dashboard's key page. A standard key is issued at once
// (shown in this answer only: it is stored as a hash); an enterprise request is queued for approval
// (npm run sleutels -- goedkeuren <id>). At most AANVRAGEN_PER_UUR requests per address per hour.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { jsonBodySpec } from '@/lib/api/body';
import { Problem } from '@/lib/api/problems';
import { getDb } from '@/lib/db/client';
import { verbruikExact } from '@/lib/access/rate-limit';
import { vraagSleutelAan } from '@/lib/access/store';
import { adresVan, toegangAan } from '@/lib/access/toegang';
import { TIER_REGELS } from '@/lib/access/tiers';
import { aanvraagSchema } from '@/lib/access/aanvraag-schema';
import { ownServiceBron } from '@/lib/sources/bron';

export const AANVRAGEN_PER_UUR = 5;
/** Key requests per hour per address: RATE_LIMIT_AANVRAGEN, else 5 (test servers, where every browser comes from one address, raise it). */
const aanvragenPerUur = () => Number(process.env.RATE_LIMIT_AANVRAGEN ?? '') || AANVRAGEN_PER_UUR;

export const toegangAanvraag = operation({
  id: 'toegang-aanvragen',
  method: 'POST',
  path: '/v1/toegang/aanvragen',
  api: 'toegang',
  bronType: 'eigen-dienst',
  summary: 'API-sleutel aanvragen: standard direct, enterprise na goedkeuring',
  description:
    'JSON met naam, email, organisatie (optioneel), gebruik (beoogd gebruik, minstens 10 tekens) en tier (standard of enterprise). ' +
    `standard: ${TIER_REGELS.standard.omschrijving} De sleutel staat alleen in dit antwoord (opgeslagen wordt alleen een hash). ` +
    `enterprise: ${TIER_REGELS.enterprise.omschrijving} De aanvraag wacht op goedkeuring. Hoogstens ${AANVRAGEN_PER_UUR} aanvragen per uur per IP-adres.`,
  sources: [],
  body: jsonBodySpec(aanvraagSchema.meta({ id: 'SleutelAanvraag' }), {
    maxBytes: 8192,
    description: 'De aanvraag als JSON.',
    verwacht: '{"naam", "email", "organisatie" (optioneel), "gebruik", "tier": "standard" | "enterprise"}',
  }),
  statuses: [200, 400, 429],
  response: z.object({
    aanvraag_id: z.number().int(),
    status: z.enum(['uitgegeven', 'in_behandeling']),
    sleutel: z.string().nullable().describe('De sleutel (alleen bij standard, alleen nu): stuur hem mee als X-Api-Key'),
    prefix: z.string().nullable().describe('Het zichtbare begin van de sleutel, om hem later te herkennen'),
    tier: z.enum(['standard', 'enterprise']),
    uitleg: z.string(),
  }),
  onderdeel: 'aanvraag',
  async handle({ body, request }) {
    const { naam, email, organisatie, gebruik, tier } = body;
    if (toegangAan()) {
      const limiet = aanvragenPerUur();
      const u = await verbruikExact(getDb(), `ip:${adresVan(request.headers)}:aanvraag`, limiet);
      if (!u.toegestaan) {
        throw new Problem('rate_limited', {
          detail: `Hoogstens ${limiet} sleutelaanvragen per uur per adres; probeer het over ${u.reset} seconden opnieuw.`,
          headers: { 'Retry-After': String(u.reset) },
        });
      }
    }
    const r = await vraagSleutelAan(getDb(), { naam, email, organisatie, gebruik, tier_gewenst: tier });
    return {
      data: {
        aanvraag_id: r.aanvraag_id,
        status: r.status,
        sleutel: r.sleutel?.sleutel ?? null,
        prefix: r.sleutel?.prefix ?? null,
        tier,
        uitleg: r.sleutel
          ? 'Bewaar de sleutel nu: hij wordt niet opnieuw getoond. Stuur hem mee als header X-Api-Key (of Authorization: Bearer).'
          : 'Uw aanvraag voor enterprise staat in de wachtrij (aanvraag_id). Na goedkeuring geeft de beheerder u de sleutel.',
      },
      bronnen: [ownServiceBron('Toegang: sleutelaanvragen')],
    };
  },
});
