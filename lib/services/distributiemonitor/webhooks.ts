// Webhooks of the distribution monitor, for enterprise keys (lib/access/webhooks):
//   GET    /v1/distributiemonitor/webhooks                      the key's webhooks
//   POST   /v1/distributiemonitor/webhooks  {url, soorten, omschrijving?}   register (the secret is shown once)
//   DELETE /v1/distributiemonitor/webhooks/{id}                 remove (waiting deliveries are cancelled)
//   POST   /v1/distributiemonitor/webhooks/{id}/ping            send a signed test event now
//   GET    /v1/distributiemonitor/webhooks/{id}/leveringen      the delivery log, every attempt
// Another key's webhook is 404 (never 403): it is not this caller's to know about.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { jsonBodySpec } from '@/lib/api/body';
import { intParam, registerPaging } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import { vereisEnterprise } from '@/lib/access/vereist';
import { urlBezwaar } from '@/lib/access/webhooks/adres';
import { bezorgEen, OPNIEUW_PROBEREN_MS } from '@/lib/access/webhooks/bezorg';
import { SOORTEN } from '@/lib/access/webhooks/gebeurtenissen';
import { HANDTEKENING_KOP } from '@/lib/access/webhooks/handtekening';
import { leesLeveringen, leesWebhooks, MAX_WEBHOOKS, plaatsPing, registreerWebhook, verwijderWebhook } from '@/lib/access/webhooks/store';
import { getDb } from '@/lib/db/client';
import { ownServiceBron } from '@/lib/sources/bron';
import { API, paginaSchema, paginaVelden, PREFIX } from './markt';

const bron = ownServiceBron('Distributiemonitor: webhooks');
const WAT = 'Webhooks';
const soort = z.enum(SOORTEN);
const statusEnum = z.enum(['wachtend', 'afgeleverd', 'mislukt', 'geannuleerd']);
const webhookId = intParam(1, 2147483647, 'Id van de webhook').meta({ examples: [1] });

const HANDTEKENING_UITLEG =
  `Elke levering is een POST met JSON {id, soort, aangemaakt_op, api_versie, data}, ondertekend in de header ${HANDTEKENING_KOP}: ` +
  't=<unix-seconden>,v1=<hex HMAC-SHA256 met het geheim over "<t>.<ruwe body>">. Controleer de HMAC over de ontvangen bytes en weiger een t van meer dan 5 minuten oud. ' +
  `Antwoord met 2xx; anders volgt een nieuwe poging na 1, 2, 4, … minuten (hoogstens een uur ertussen) tot ${OPNIEUW_PROBEREN_MS / 3_600_000} uur na de gebeurtenis; 410 Gone stopt direct. ` +
  'Het veld id is bij elke poging hetzelfde (dubbele leveringen zijn zo te herkennen).';

const laatsteLevering = z.object({ levering_id: z.number().int(), soort: z.string(), status: statusEnum, laatste_status: z.number().int().nullable(), op: z.iso.datetime({ offset: true }) });
const webhookSchema = z.object({
  webhook_id: z.number().int(),
  url: z.string(),
  soorten: z.array(soort),
  omschrijving: z.string().nullable(),
  aangemaakt_op: z.iso.datetime({ offset: true }),
  leveringen_per_status: z.object({ wachtend: z.number().int(), afgeleverd: z.number().int(), mislukt: z.number().int(), geannuleerd: z.number().int() }),
  laatste_levering: laatsteLevering.nullable(),
}).meta({ id: 'Webhook' });

async function eigenWebhook(sleutelId: number, id: number) {
  const [w] = await leesWebhooks(getDb(), sleutelId, id);
  if (!w) throw new Problem('not_found', { detail: `Webhook ${id} bestaat niet (voor deze sleutel).` });
  return w;
}

export const monitorWebhooks = operation({
  id: 'distributiemonitor-webhooks',
  path: `${PREFIX}/webhooks`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Webhooks van de sleutel (enterprise)',
  description: `De geregistreerde webhooks met het aantal leveringen per status en de laatste levering. ${HANDTEKENING_UITLEG}`,
  sources: [],
  statuses: [200, 401, 403],
  response: z.object({ webhooks: z.array(webhookSchema), soorten: z.array(soort), max: z.number().int() }),
  onderdeel: 'webhooks',
  async handle({ ctx }) {
    const id = vereisEnterprise(ctx.toegang, WAT);
    return { data: { webhooks: await leesWebhooks(getDb(), id), soorten: [...SOORTEN], max: MAX_WEBHOOKS }, bronnen: [bron] };
  },
});

export const monitorWebhookRegistreren = operation({
  id: 'distributiemonitor-webhook-registreren',
  method: 'POST',
  path: `${PREFIX}/webhooks`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Een webhook registreren (enterprise): https-adres en soorten gebeurtenissen',
  description:
    'JSON {url, soorten: ["dataset_versie.gepubliceerd", "volglijst.wijziging"], omschrijving?}. De url moet https zijn en naar een openbaar adres wijzen ' +
    `(ook bij elke levering gecontroleerd). Het antwoord bevat het geheim om handtekeningen te controleren: alleen nu. Hoogstens ${MAX_WEBHOOKS} webhooks per sleutel. ` +
    'dataset_versie.gepubliceerd: elke nieuwe datasetversie met haar telling van wijzigingen. volglijst.wijziging: de nieuwe alerts van alle gebruiker_id\'s van de sleutel in die versie. ' +
    HANDTEKENING_UITLEG,
  sources: [],
  body: jsonBodySpec(
    z.object({ url: z.string().max(2000), soorten: z.array(soort).min(1).max(SOORTEN.length), omschrijving: z.string().trim().max(200).optional() }).meta({ id: 'WebhookAanvraag' }),
    {
      maxBytes: 4096,
      description: 'De webhook als JSON.',
      verwacht: '{"url": "https://…", "soorten": ["dataset_versie.gepubliceerd" | "volglijst.wijziging", …], "omschrijving": "…" (optioneel)}',
    },
  ),
  statuses: [200, 400, 401, 403],
  response: webhookSchema.omit({ leveringen_per_status: true, laatste_levering: true }).extend({
    geheim: z.string().describe('Het geheim voor de HMAC-handtekening: alleen in dit antwoord'),
    handtekening: z.string(),
  }),
  onderdeel: 'webhooks',
  async handle({ body, ctx }) {
    const id = vereisEnterprise(ctx.toegang, WAT);
    const w = body;
    const bezwaar = urlBezwaar(w.url);
    if (bezwaar) throw new Problem('bad_request', { detail: bezwaar, invalidParams: [{ name: 'url', in: 'body', reason: bezwaar }] });
    const r = await registreerWebhook(getDb(), id, { url: w.url, soorten: [...new Set(w.soorten)], omschrijving: w.omschrijving });
    if (!r) throw new Problem('bad_request', { detail: `Deze sleutel heeft al ${MAX_WEBHOOKS} webhooks; verwijder er eerst een.` });
    return { data: { ...r, handtekening: HANDTEKENING_UITLEG }, bronnen: [bron] };
  },
});

export const monitorWebhookVerwijderen = operation({
  id: 'distributiemonitor-webhook-verwijderen',
  method: 'DELETE',
  path: `${PREFIX}/webhooks/{id}`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Een webhook verwijderen (wachtende leveringen vervallen)',
  sources: [],
  params: { path: z.object({ id: webhookId }) },
  statuses: [200, 400, 401, 403, 404],
  response: z.object({ webhook_id: z.number().int(), verwijderd: z.literal(true) }),
  onderdeel: 'webhooks',
  async handle({ path, ctx }) {
    const id = vereisEnterprise(ctx.toegang, WAT);
    if (!(await verwijderWebhook(getDb(), id, path.id))) throw new Problem('not_found', { detail: `Webhook ${path.id} bestaat niet (voor deze sleutel).` });
    return { data: { webhook_id: path.id, verwijderd: true as const }, bronnen: [bron] };
  },
});

export const monitorWebhookPing = operation({
  id: 'distributiemonitor-webhook-ping',
  method: 'POST',
  path: `${PREFIX}/webhooks/{id}/ping`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Een ondertekend testbericht (soort ping) naar de webhook sturen',
  description:
    'Stuurt nu één levering van soort ping (geen nieuwe pogingen) en geeft de uitkomst: de HTTP-status van de ontvanger of de fout. ' +
    'Het antwoord is 200 ook als de ontvanger faalt: gelukt zegt of de levering is afgeleverd. De levering staat daarna in het leveringslog.',
  sources: [],
  params: { path: z.object({ id: webhookId }) },
  statuses: [200, 400, 401, 403, 404],
  response: z.object({
    webhook_id: z.number().int(),
    levering_id: z.number().int(),
    gelukt: z.boolean(),
    http_status: z.number().int().nullable(),
    fout: z.string().nullable(),
    duur_ms: z.number().int(),
  }),
  onderdeel: 'webhooks',
  async handle({ path, ctx }) {
    const id = vereisEnterprise(ctx.toegang, WAT);
    await eigenWebhook(id, path.id);
    const leveringId = await plaatsPing(getDb(), path.id);
    const r = (await bezorgEen(getDb(), leveringId))!;
    return {
      data: { webhook_id: path.id, levering_id: leveringId, gelukt: r.status === 'afgeleverd', http_status: r.http_status, fout: r.fout, duur_ms: r.duur_ms },
      bronnen: [bron],
    };
  },
});

const pogingSchema = z.object({ pogingnummer: z.number().int().describe('Volgnummer van de poging (1 is de eerste)'), op: z.iso.datetime({ offset: true }), http_status: z.number().int().nullable(), fout: z.string().nullable(), duur_ms: z.number().int() }).meta({ id: 'WebhookPoging' });

export const monitorWebhookLeveringen = operation({
  id: 'distributiemonitor-webhook-leveringen',
  path: `${PREFIX}/webhooks/{id}/leveringen`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Het leveringslog van een webhook: elke levering met al haar pogingen',
  description: 'Nieuwste eerst; status filtert (wachtend, afgeleverd, mislukt, geannuleerd). De verzonden inhoud zelf staat niet in het log.',
  sources: [],
  params: {
    path: z.object({ id: webhookId }),
    query: z.object({ status: statusEnum.optional().describe('Alleen leveringen met deze status').meta({ examples: ['afgeleverd'] }), ...registerPaging }),
  },
  statuses: [200, 400, 401, 403, 404],
  response: z.object({
    webhook_id: z.number().int(),
    ...paginaSchema,
    leveringen: z.array(
      z.object({
        levering_id: z.number().int(),
        gebeurtenis_id: z.string(),
        soort: z.string(),
        status: statusEnum,
        pogingen: z.number().int(),
        volgende_poging: z.iso.datetime({ offset: true }).nullable(),
        aangemaakt_op: z.iso.datetime({ offset: true }),
        afgerond_op: z.iso.datetime({ offset: true }).nullable(),
        laatste_status: z.number().int().nullable(),
        laatste_foutmelding: z.string().nullable(),
        log: z.array(pogingSchema),
      }),
    ),
  }),
  onderdeel: 'webhooks',
  async handle({ path, query, request, ctx }) {
    const id = vereisEnterprise(ctx.toegang, WAT);
    await eigenWebhook(id, path.id);
    const r = await leesLeveringen(getDb(), path.id, { status: query.status, rijen: query.rijen, start: query.start });
    return {
      data: {
        webhook_id: path.id,
        ...paginaVelden(request, query, r.totaal),
        leveringen: r.items,
      },
      bronnen: [bron],
    };
  },
});
