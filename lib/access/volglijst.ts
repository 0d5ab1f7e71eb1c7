// Watch lists and alerts per gebruiker_id inside one key's account (a name space: another key's lists are
// invisible, and answered as not found). After each new dataset_versie, its wijziging rows about watched
// entities become alerts: the entity itself, and for a watched hoofdholding also its vestigingen taken over
// into or out of it.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { EntiteitType } from '@/lib/monitor/derive/types';

type Db = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

export interface VolgItem {
  entiteit_type: EntiteitType;
  entiteit_id: string;
  toegevoegd_op: string;
}

export async function leesVolglijst(db: Db, sleutelId: number, gebruikerId: string): Promise<VolgItem[]> {
  const rows = await db.$queryRaw<{ entiteit_type: EntiteitType; entiteit_id: string; toegevoegd_op: Date }[]>`
    SELECT entiteit_type, entiteit_id, toegevoegd_op FROM volglijst
    WHERE sleutel_id = ${sleutelId} AND gebruiker_id = ${gebruikerId} ORDER BY toegevoegd_op, id`;
  return rows.map((r) => ({ ...r, toegevoegd_op: r.toegevoegd_op.toISOString() }));
}

/** Adds an entity; false when it was on the list already. */
export async function volg(db: Db, sleutelId: number, gebruikerId: string, type: EntiteitType, id: string): Promise<boolean> {
  const n = await db.$executeRaw`
    INSERT INTO volglijst (sleutel_id, gebruiker_id, entiteit_type, entiteit_id) VALUES (${sleutelId}, ${gebruikerId}, ${type}, ${id})
    ON CONFLICT (sleutel_id, gebruiker_id, entiteit_type, entiteit_id) DO NOTHING`;
  return n > 0;
}

/** Removes an entity; false when it was not on this list. */
export async function ontvolg(db: Db, sleutelId: number, gebruikerId: string, type: EntiteitType, id: string): Promise<boolean> {
  return (await db.$executeRaw`
    DELETE FROM volglijst WHERE sleutel_id = ${sleutelId} AND gebruiker_id = ${gebruikerId} AND entiteit_type = ${type} AND entiteit_id = ${id}`) > 0;
}

/** Turns the wijziging rows of version `versieId` about watched entities into alerts; returns how many. */
export async function maakAlerts(db: Db, versieId: number): Promise<number> {
  return db.$executeRaw`
    INSERT INTO alert (sleutel_id, gebruiker_id, versie_id, wijziging_id, entiteit_type, entiteit_id, wijziging_type, datum)
    SELECT DISTINCT v.sleutel_id, v.gebruiker_id, w.versie_id, w.id, w.entiteit_type, w.entiteit_id, w.wijziging_type, w.datum
    FROM wijziging w JOIN volglijst v ON
      (v.entiteit_type = 'vestiging' AND w.entiteit_type = 'vestiging' AND w.entiteit_id = v.entiteit_id)
      OR (v.entiteit_type IN ('holding', 'hoofdholding') AND w.entiteit_type IN ('holding', 'hoofdholding') AND w.entiteit_id = v.entiteit_id)
      OR (v.entiteit_type IN ('holding', 'hoofdholding') AND w.entiteit_type = 'vestiging'
          AND (w.nieuw->>'hoofdholding_id' = v.entiteit_id OR w.oud->>'hoofdholding_id' = v.entiteit_id))
    WHERE w.versie_id = ${versieId}
    ON CONFLICT (sleutel_id, gebruiker_id, wijziging_id) DO NOTHING`;
}

export interface AlertItem {
  alert_id: number;
  versie_id: number;
  datum: string;
  entiteit_type: string;
  entiteit_id: string;
  wijziging_type: string;
  wijziging: string;
  gelezen: boolean;
  aangemaakt_op: string;
}

/** The feed of one gebruiker_id, newest first, optionally unread only, paged; with the unread count. */
export async function leesTijdlijn(db: Db, sleutelId: number, gebruikerId: string, o: { ongelezen: boolean; rijen: number; start: number }) {
  const alleen = o.ongelezen;
  const [{ totaal, ongelezen }] = await db.$queryRaw<{ totaal: number; ongelezen: number }[]>`
    SELECT count(*) FILTER (WHERE ${!alleen} OR gelezen_op IS NULL)::int AS totaal, count(*) FILTER (WHERE gelezen_op IS NULL)::int AS ongelezen
    FROM alert WHERE sleutel_id = ${sleutelId} AND gebruiker_id = ${gebruikerId}`;
  const rows = await db.$queryRaw<{ id: number; versie_id: number; datum: Date; entiteit_type: string; entiteit_id: string; wijziging_type: string; wijziging_id: number; gelezen_op: Date | null; aangemaakt_op: Date }[]>`
    SELECT id, versie_id, datum, entiteit_type, entiteit_id, wijziging_type, wijziging_id, gelezen_op, aangemaakt_op FROM alert
    WHERE sleutel_id = ${sleutelId} AND gebruiker_id = ${gebruikerId} AND (${!alleen} OR gelezen_op IS NULL)
    ORDER BY id DESC LIMIT ${o.rijen} OFFSET ${o.start}`;
  const items: AlertItem[] = rows.map((r) => ({
    alert_id: r.id,
    versie_id: r.versie_id,
    datum: r.datum.toISOString().slice(0, 10),
    entiteit_type: r.entiteit_type,
    entiteit_id: r.entiteit_id,
    wijziging_type: r.wijziging_type,
    wijziging: `/v1/distributiemonitor/versies/${r.versie_id}/wijzigingen?entiteit=${r.entiteit_id}`,
    gelezen: r.gelezen_op !== null,
    aangemaakt_op: r.aangemaakt_op.toISOString(),
  }));
  return { totaal, ongelezen, items };
}

/** Marks alerts read (the given ids, or all); returns how many changed. Only this gebruiker_id's. */
export async function markeerGelezen(db: Db, sleutelId: number, gebruikerId: string, ids: number[] | 'alle'): Promise<number> {
  if (ids === 'alle') {
    return db.$executeRaw`UPDATE alert SET gelezen_op = now() WHERE sleutel_id = ${sleutelId} AND gebruiker_id = ${gebruikerId} AND gelezen_op IS NULL`;
  }
  return db.$executeRaw`
    UPDATE alert SET gelezen_op = now()
    WHERE sleutel_id = ${sleutelId} AND gebruiker_id = ${gebruikerId} AND gelezen_op IS NULL AND id = ANY(${ids}::int[])`;
}
