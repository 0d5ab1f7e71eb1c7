// Webhooks of enterprise keys and their delivery queue, in the database (shared by every process):
// registration, listing, removal, the delivery log, and turning a new dataset_versie into deliveries (in
// the recompute's own transaction, so a version and its events are written together or not at all).
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { nieuwGeheim } from './handtekening';
import { ping, versieGepubliceerd, volglijstWijzigingen, type AlertFeit, type Soort, type VersieFeit } from './gebeurtenissen';

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

/** At most this many webhooks per key. */
export const MAX_WEBHOOKS = 10;

export type LeveringStatus = 'wachtend' | 'afgeleverd' | 'mislukt' | 'geannuleerd';

export interface WebhookInfo {
  webhook_id: number;
  url: string;
  soorten: Soort[];
  omschrijving: string | null;
  aangemaakt_op: string;
  leveringen_per_status: Record<LeveringStatus, number>;
  laatste_levering: { levering_id: number; soort: string; status: LeveringStatus; laatste_status: number | null; op: string } | null;
}

interface WebhookRij {
  id: number;
  url: string;
  soorten: Soort[];
  omschrijving: string | null;
  aangemaakt_op: Date;
}

/** Registers a webhook; returns it with its signing secret (the only answer that contains it), or null when the key has MAX_WEBHOOKS. */
export async function registreerWebhook(db: Db, sleutelId: number, w: { url: string; soorten: Soort[]; omschrijving?: string | null }) {
  const geheim = nieuwGeheim();
  const rows = await db.$queryRaw<WebhookRij[]>`
    INSERT INTO webhook (sleutel_id, url, soorten, geheim, omschrijving)
    SELECT ${sleutelId}, ${w.url}, ${w.soorten}::text[], ${geheim}, ${w.omschrijving ?? null}
    WHERE (SELECT count(*) FROM webhook WHERE sleutel_id = ${sleutelId} AND verwijderd_op IS NULL) < ${MAX_WEBHOOKS}
    RETURNING id, url, soorten, omschrijving, aangemaakt_op`;
  if (!rows.length) return null;
  const r = rows[0];
  return { webhook_id: r.id, url: r.url, soorten: r.soorten, omschrijving: r.omschrijving, aangemaakt_op: r.aangemaakt_op.toISOString(), geheim };
}

/** The key's webhooks (not removed), oldest first, with delivery counts per state and the last delivery. */
export async function leesWebhooks(db: Db, sleutelId: number, alleenId?: number): Promise<WebhookInfo[]> {
  const rows = await db.$queryRaw<(WebhookRij & { tellingen: Record<string, number> | null; laatste: Record<string, unknown> | null })[]>`
    SELECT w.id, w.url, w.soorten, w.omschrijving, w.aangemaakt_op,
      (SELECT jsonb_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM webhook_levering WHERE webhook_id = w.id GROUP BY status) t) AS tellingen,
      (SELECT jsonb_build_object('levering_id', l.id, 'soort', l.soort, 'status', l.status, 'laatste_status', l.laatste_status, 'op', coalesce(l.afgerond_op, l.aangemaakt_op))
         FROM webhook_levering l WHERE l.webhook_id = w.id ORDER BY l.id DESC LIMIT 1) AS laatste
    FROM webhook w
    WHERE w.sleutel_id = ${sleutelId} AND w.verwijderd_op IS NULL AND (${alleenId ?? null}::int IS NULL OR w.id = ${alleenId ?? null}::int)
    ORDER BY w.id`;
  return rows.map((r) => ({
    webhook_id: r.id,
    url: r.url,
    soorten: r.soorten,
    omschrijving: r.omschrijving,
    aangemaakt_op: r.aangemaakt_op.toISOString(),
    leveringen_per_status: { wachtend: 0, afgeleverd: 0, mislukt: 0, geannuleerd: 0, ...(r.tellingen ?? {}) },
    laatste_levering: r.laatste
      ? { ...(r.laatste as WebhookInfo['laatste_levering'] & object), op: new Date(String(r.laatste.op)).toISOString() }
      : null,
  }));
}

/** Removes a webhook of this key (its waiting deliveries are cancelled); false when the key has no such webhook. */
export async function verwijderWebhook(db: Db, sleutelId: number, id: number): Promise<boolean> {
  const n = await db.$executeRaw`UPDATE webhook SET verwijderd_op = now() WHERE id = ${id} AND sleutel_id = ${sleutelId} AND verwijderd_op IS NULL`;
  if (n === 0) return false;
  await db.$executeRaw`
    UPDATE webhook_levering SET status = 'geannuleerd', afgerond_op = now(), bezig_tot = NULL, laatste_fout = 'webhook verwijderd'
    WHERE webhook_id = ${id} AND status = 'wachtend'`;
  return true;
}

async function plaats(db: Db, rijen: { webhook_id: number; gebeurtenis_id: string; soort: string; body: string }[], volgende: Date | null): Promise<number[]> {
  if (!rijen.length) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO webhook_levering (webhook_id, gebeurtenis_id, soort, body, volgende_poging, aangemaakt_op)
    SELECT w, g, s, b, ${volgende}::timestamptz, coalesce(${volgende}::timestamptz, now())
    FROM unnest(${rijen.map((r) => r.webhook_id)}::int[], ${rijen.map((r) => r.gebeurtenis_id)}::text[],
                ${rijen.map((r) => r.soort)}::text[], ${rijen.map((r) => r.body)}::text[]) AS t(w, g, s, b)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/**
 * The deliveries of a new dataset_versie: dataset_versie.gepubliceerd to every subscribed webhook, and the
 * version's new alerts (maakAlerts, run before) as volglijst.wijziging to the webhooks of the accounts they
 * belong to. Only webhooks of enterprise keys that are not revoked. Returns the number of deliveries queued.
 */
export async function plaatsGebeurtenissen(db: Db, v: VersieFeit, nu = new Date()): Promise<number> {
  const hooks = await db.$queryRaw<{ id: number; sleutel_id: number; soorten: string[] }[]>`
    SELECT w.id, w.sleutel_id, w.soorten FROM webhook w JOIN api_sleutel s ON s.id = w.sleutel_id
    WHERE w.verwijderd_op IS NULL AND s.ingetrokken_op IS NULL AND s.tier = 'enterprise' ORDER BY w.id`;
  if (!hooks.length) return 0;
  const rijen: { webhook_id: number; gebeurtenis_id: string; soort: string; body: string }[] = [];
  const versie = versieGepubliceerd(v, nu);
  const versieBody = JSON.stringify(versie);
  for (const h of hooks.filter((h) => h.soorten.includes('dataset_versie.gepubliceerd'))) {
    rijen.push({ webhook_id: h.id, gebeurtenis_id: versie.id, soort: versie.soort, body: versieBody });
  }
  const alertHooks = hooks.filter((h) => h.soorten.includes('volglijst.wijziging'));
  if (alertHooks.length) {
    const alerts = await db.$queryRaw<(AlertFeit & { sleutel_id: number })[]>`
      SELECT id AS alert_id, sleutel_id, gebruiker_id, entiteit_type, entiteit_id, wijziging_type FROM alert
      WHERE versie_id = ${v.versie_id} AND sleutel_id = ANY(${[...new Set(alertHooks.map((h) => h.sleutel_id))]}::int[])
      ORDER BY id`;
    const perSleutel = new Map<number, AlertFeit[]>();
    for (const { sleutel_id, ...a } of alerts) {
      const lijst = perSleutel.get(sleutel_id) ?? [];
      lijst.push(a);
      perSleutel.set(sleutel_id, lijst);
    }
    for (const [sleutelId, lijst] of perSleutel) {
      const events = volglijstWijzigingen({ versie_id: v.versie_id, peildatum: v.peildatum }, lijst, nu);
      for (const h of alertHooks.filter((h) => h.sleutel_id === sleutelId)) {
        for (const e of events) rijen.push({ webhook_id: h.id, gebeurtenis_id: e.id, soort: e.soort, body: JSON.stringify(e) });
      }
    }
  }
  return (await plaats(db, rijen, nu)).length;
}

/** Queues a ping for webhook `id` (not picked up by the delivery loop: the ping operation sends it itself). */
export async function plaatsPing(db: Db, id: number, nu = new Date()): Promise<number> {
  const e = ping(id, nu);
  const [leveringId] = await plaats(db, [{ webhook_id: id, gebeurtenis_id: e.id, soort: e.soort, body: JSON.stringify(e) }], null);
  return leveringId;
}

export interface LeveringInfo {
  levering_id: number;
  gebeurtenis_id: string;
  soort: string;
  status: LeveringStatus;
  pogingen: number;
  volgende_poging: string | null;
  aangemaakt_op: string;
  afgerond_op: string | null;
  laatste_status: number | null;
  laatste_foutmelding: string | null;
  log: { pogingnummer: number; op: string; http_status: number | null; fout: string | null; duur_ms: number }[];
}

/** The delivery log of one webhook, newest first, paged, optionally of one state; every attempt included. */
export async function leesLeveringen(db: Db, webhookId: number, o: { status?: LeveringStatus; rijen: number; start: number }) {
  const status = o.status ?? null;
  const [{ totaal }] = await db.$queryRaw<{ totaal: number }[]>`
    SELECT count(*)::int AS totaal FROM webhook_levering WHERE webhook_id = ${webhookId} AND (${status}::text IS NULL OR status = ${status}::text)`;
  const rows = await db.$queryRaw<{ id: number; gebeurtenis_id: string; soort: string; status: LeveringStatus; pogingen: number; volgende_poging: Date | null; aangemaakt_op: Date; afgerond_op: Date | null; laatste_status: number | null; laatste_fout: string | null; log: LeveringInfo['log'] | null }[]>`
    SELECT l.id, l.gebeurtenis_id, l.soort, l.status, l.pogingen, l.volgende_poging, l.aangemaakt_op, l.afgerond_op, l.laatste_status, l.laatste_fout,
      (SELECT jsonb_agg(jsonb_build_object('pogingnummer', p.nummer, 'op', p.op, 'http_status', p.http_status, 'fout', p.fout, 'duur_ms', p.duur_ms) ORDER BY p.nummer)
         FROM webhook_poging p WHERE p.levering_id = l.id) AS log
    FROM webhook_levering l WHERE l.webhook_id = ${webhookId} AND (${status}::text IS NULL OR l.status = ${status}::text)
    ORDER BY l.id DESC LIMIT ${o.rijen} OFFSET ${o.start}`;
  const items: LeveringInfo[] = rows.map((r) => ({
    levering_id: r.id,
    gebeurtenis_id: r.gebeurtenis_id,
    soort: r.soort,
    status: r.status,
    pogingen: r.pogingen,
    volgende_poging: r.status === 'wachtend' && r.volgende_poging ? r.volgende_poging.toISOString() : null,
    aangemaakt_op: r.aangemaakt_op.toISOString(),
    afgerond_op: r.afgerond_op?.toISOString() ?? null,
    laatste_status: r.laatste_status,
    laatste_foutmelding: r.laatste_fout,
    log: (r.log ?? []).map((p) => ({ ...p, op: new Date(p.op).toISOString() })),
  }));
  return { totaal, items };
}
