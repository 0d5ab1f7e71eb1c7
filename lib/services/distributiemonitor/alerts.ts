// The watch list and alert feed of the distribution monitor, per gebruiker_id inside the calling key's
// account (lib/access/volglijst.ts):
//   GET    /v1/distributiemonitor/alerts/volglijst?gebruiker_id=…                      the list
//   POST   /v1/distributiemonitor/alerts/volglijst?gebruiker_id=…  {entiteit_type, entiteit_id}   add
//   DELETE /v1/distributiemonitor/alerts/volglijst?gebruiker_id=…&entiteit_type=…&entiteit=…   remove
//   GET    /v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=…[&ongelezen=true]      the feed, newest first
//   POST   /v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=…  {markeer_gelezen: [ids] | "alle"}   mark read
// A key is required (a watch list belongs to an account): without one 401. Another key's gebruiker_id is
// simply empty for this key; an alert id of another account is never changed.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { jsonBodySpec } from '@/lib/api/body';
import { registerPaging } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import type { Toegang } from '@/lib/access/toegang';
import { vereisSleutel } from '@/lib/access/vereist';
import { leesTijdlijn, leesVolglijst, markeerGelezen, ontvolg, volg, type AlertItem } from '@/lib/access/volglijst';
import { getDb } from '@/lib/db/client';
import { cachedVersies } from '@/lib/monitor/markt-cache';
import type { EntiteitType } from '@/lib/monitor/derive/types';
import { ownServiceBron } from '@/lib/sources/bron';
import { API, MONITOR_BRONNEN, monitorMarkt, nietGevonden, paginaSchema, paginaVelden, PREFIX } from './markt';
import { entiteitNaamSchema, marktenRond, namenUit } from './namen';
import { entiteitTypeParam } from './wijziging-schema';

const gebruikerId = z
  .string()
  .regex(/^[A-Za-z0-9._@-]{1,100}$/, { message: 'gebruiker_id is 1-100 tekens: letters, cijfers, punt, streep, liggend streepje of @' })
  .describe('Naamruimte binnen het account van de sleutel (bijvoorbeeld een medewerker); een andere sleutel ziet haar nooit')
  .meta({ examples: ['analist-1'] });
const entiteitId = z
  .string()
  .regex(/^[A-Z0-9]{1,20}$/, { message: 'entiteit_id is een vestiging_id of LEI' })
  .describe('vestiging_id of LEI')
  .meta({ examples: ['V222RCH7SAL'] });
const bron = ownServiceBron('Distributiemonitor: volglijsten en alerts');

/** The key's id; 401 without one: a watch list belongs to an account. */
const account = (t: Toegang) => vereisSleutel(t, 'Volglijsten en alerts horen bij een account');

const naamVelden = {
  naam: entiteitNaamSchema.shape.naam.nullable().describe('Naam van de entiteit in de nieuwste datasetversie of de versie ervoor (null: onbekend)'),
  plaats: entiteitNaamSchema.shape.plaats,
};
const volgItem = z.object({ entiteit_type: entiteitTypeParam, entiteit_id: z.string(), ...naamVelden, toegevoegd_op: z.iso.datetime({ offset: true }) }).meta({ id: 'VolglijstItem' });
const volglijstData = z.object({ gebruiker_id: z.string(), volglijst: z.array(volgItem) });

/** The watch list of `gebruiker` with the name and place of every entry (newest version). */
async function volglijstMetNamen(sleutelId: number, gebruiker: string) {
  const lijst = await leesVolglijst(getDb(), sleutelId, gebruiker);
  // The newest version, then the one before it (an entity that just left the register keeps its name).
  const versies = lijst.length ? await cachedVersies(getDb()) : [];
  const namen = versies.length ? namenUit(await marktenRond([versies[versies.length - 1].id], versies), lijst.map((i) => i.entiteit_id)) : {};
  return lijst.map((i) => ({ ...i, naam: namen[i.entiteit_id]?.naam ?? null, plaats: namen[i.entiteit_id]?.plaats ?? null }));
}

export const monitorVolglijst = operation({
  id: 'distributiemonitor-volglijst',
  path: `${PREFIX}/alerts/volglijst`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Volglijst per gebruiker_id beheren: de lijst',
  description: 'De gevolgde vestigingen en holdings van gebruiker_id binnen het account van de sleutel. Toevoegen met POST, verwijderen met DELETE.',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ gebruiker_id: gebruikerId }) },
  statuses: [200, 400, 401],
  response: volglijstData,
  onderdeel: 'volglijst',
  async handle({ query, ctx }) {
    return { data: { gebruiker_id: query.gebruiker_id, volglijst: await volglijstMetNamen(account(ctx.toegang), query.gebruiker_id) }, bronnen: [bron] };
  },
});

export const monitorVolglijstToevoegen = operation({
  id: 'distributiemonitor-volglijst-toevoegen',
  method: 'POST',
  path: `${PREFIX}/alerts/volglijst`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Volglijst per gebruiker_id beheren: een entiteit toevoegen',
  description:
    'JSON {entiteit_type: vestiging | holding | hoofdholding, entiteit_id}. De entiteit moet in de nieuwste datasetversie bestaan (anders 404). ' +
    'Elke nieuwe datasetversie maakt van haar wijzigingen over gevolgde entiteiten alerts (voor een hoofdholding ook de overnames van en naar haar).',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ gebruiker_id: gebruikerId }) },
  body: jsonBodySpec(z.object({ entiteit_type: entiteitTypeParam, entiteit_id: entiteitId }).meta({ id: 'VolglijstEntiteit' }), {
    maxBytes: 4096,
    description: 'De entiteit als JSON.',
    verwacht: '{"entiteit_type": "vestiging" | "holding" | "hoofdholding", "entiteit_id": "…"}',
  }),
  statuses: [200, 400, 401, 404, 503],
  response: volglijstData.extend({ toegevoegd: z.boolean().describe('false: stond er al op') }),
  onderdeel: 'volglijst',
  async handle({ query, body, ctx }) {
    const id = account(ctx.toegang);
    const e = body;
    const m = await monitorMarkt(ctx.toegang);
    const bestaat = e.entiteit_type === 'vestiging' ? m.vestiging.has(e.entiteit_id) : m.holding.has(e.entiteit_id);
    if (!bestaat) throw nietGevonden(e.entiteit_type === 'vestiging' ? 'Vestiging' : 'Holding', e.entiteit_id, m);
    const toegevoegd = await volg(getDb(), id, query.gebruiker_id, e.entiteit_type as EntiteitType, e.entiteit_id);
    return { data: { gebruiker_id: query.gebruiker_id, toegevoegd, volglijst: await volglijstMetNamen(id, query.gebruiker_id) }, bronnen: [bron] };
  },
});

export const monitorVolglijstVerwijderen = operation({
  id: 'distributiemonitor-volglijst-verwijderen',
  method: 'DELETE',
  path: `${PREFIX}/alerts/volglijst`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Volglijst per gebruiker_id beheren: een entiteit verwijderen',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ gebruiker_id: gebruikerId, entiteit_type: entiteitTypeParam.meta({ examples: ['vestiging'] }), entiteit: entiteitId }) },
  statuses: [200, 400, 401, 404],
  response: volglijstData,
  onderdeel: 'volglijst',
  async handle({ query, ctx }) {
    const id = account(ctx.toegang);
    if (!(await ontvolg(getDb(), id, query.gebruiker_id, query.entiteit_type as EntiteitType, query.entiteit))) {
      throw new Problem('not_found', { detail: `${query.entiteit} staat niet op de volglijst van ${query.gebruiker_id}.` });
    }
    return { data: { gebruiker_id: query.gebruiker_id, volglijst: await volglijstMetNamen(id, query.gebruiker_id) }, bronnen: [bron] };
  },
});

const alertItem = z.object({
  alert_id: z.number().int(),
  versie_id: z.number().int(),
  datum: z.iso.date(),
  entiteit_type: z.string(),
  entiteit_id: z.string(),
  entiteit_naam: naamVelden.naam.describe('Naam van de entiteit (in de versie van de alert of de versie ervoor; null: onbekend)'),
  entiteit_plaats: naamVelden.plaats,
  wijziging_type: z.string(),
  wijziging: z.string().describe('Pad van de wijzigingsrij(en) in die versie'),
  gelezen: z.boolean(),
  aangemaakt_op: z.iso.datetime({ offset: true }),
}).meta({ id: 'Alert' });

/** The alerts with the name and place of their entity, from the market of their version (or the one before, or the newest). */
async function alertsMetNamen(items: AlertItem[]) {
  const namen = items.length ? namenUit(await marktenRond(new Set(items.map((a) => a.versie_id))), new Set(items.map((a) => a.entiteit_id))) : {};
  return items.map((a) => ({ ...a, entiteit_naam: namen[a.entiteit_id]?.naam ?? null, entiteit_plaats: namen[a.entiteit_id]?.plaats ?? null }));
}

export const monitorTijdlijn = operation({
  id: 'distributiemonitor-tijdlijn',
  path: `${PREFIX}/alerts/tijdlijn`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Chronologische alertfeed per gebruiker_id, optioneel alleen ongelezen',
  description: 'Nieuwste eerst. Markeren als gelezen met POST op hetzelfde pad.',
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      gebruiker_id: gebruikerId,
      ongelezen: z.enum(['true', 'false']).optional().describe('true: alleen ongelezen alerts').meta({ examples: ['true'] }),
      ...registerPaging,
    }),
  },
  statuses: [200, 400, 401],
  response: z.object({ gebruiker_id: z.string(), ...paginaSchema, ongelezen: z.number().int(), alerts: z.array(alertItem) }),
  onderdeel: 'tijdlijn',
  async handle({ query, request, ctx }) {
    const r = await leesTijdlijn(getDb(), account(ctx.toegang), query.gebruiker_id, { ongelezen: query.ongelezen === 'true', rijen: query.rijen, start: query.start });
    return {
      data: {
        gebruiker_id: query.gebruiker_id,
        ...paginaVelden(request, query, r.totaal),
        ongelezen: r.ongelezen,
        alerts: await alertsMetNamen(r.items),
      },
      bronnen: [bron],
    };
  },
});

export const monitorTijdlijnGelezen = operation({
  id: 'distributiemonitor-tijdlijn-gelezen',
  method: 'POST',
  path: `${PREFIX}/alerts/tijdlijn`,
  api: API,
  bronType: 'eigen-dienst',
  sleutelVerplicht: true,
  summary: 'Alerts van gebruiker_id als gelezen markeren',
  description: 'JSON {"markeer_gelezen": [alert_id, …]} of {"markeer_gelezen": "alle"}.',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ gebruiker_id: gebruikerId }) },
  body: jsonBodySpec(z.object({ markeer_gelezen: z.union([z.literal('alle'), z.array(z.number().int().positive()).max(1000)]) }).meta({ id: 'AlertsGelezen' }), {
    maxBytes: 65536,
    description: 'De te markeren alerts als JSON.',
    verwacht: '{"markeer_gelezen": [alert_id, …]} of {"markeer_gelezen": "alle"}',
  }),
  statuses: [200, 400, 401],
  response: z.object({ gebruiker_id: z.string(), gemarkeerd: z.number().int() }),
  onderdeel: 'tijdlijn',
  async handle({ query, body, ctx }) {
    const id = account(ctx.toegang);
    const { markeer_gelezen: gelezen } = body;
    return { data: { gebruiker_id: query.gebruiker_id, gemarkeerd: await markeerGelezen(getDb(), id, query.gebruiker_id, gelezen) }, bronnen: [bron] };
  },
});
