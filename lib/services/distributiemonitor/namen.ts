// Names next to ids: every answer that shows an entity (watch list, alerts, wijziging rows) carries the
// name and place of the vestigingen and holdings it mentions, so no view has to show a bare vestiging_id or
// LEI. Looked up in the markets of the versions concerned (newest first: an entity that left the register
// is named by the last version that still had it); ids none of them knows are simply absent (the view says
// "onbekende vestiging …").
import { z } from 'zod';
import { cachedMarkt, cachedVersies } from '@/lib/monitor/markt-cache';
import type { Markt } from '@/lib/monitor/markt';
import type { DatasetVersie } from '@/lib/monitor/store';
import { getDb } from '@/lib/db/client';
import { holdingNaam } from '@/lib/monitor/holding-naam';
import { ID_VELDEN } from '@/lib/monitor/id-velden';

export const entiteitNaamSchema = z
  .object({
    naam: z.string().describe('Naam van de vestiging of holding'),
    plaats: z.string().nullable().describe('Plaats van de vestiging (null bij een holding of onbekend)'),
  })
  .describe('Naam en plaats bij een id');
export type EntiteitNaam = z.infer<typeof entiteitNaamSchema>;

export const namenSchema = z
  .record(z.string(), entiteitNaamSchema)
  .describe('Naam (en plaats) per vestiging_id of LEI dat in deze rijen voorkomt; een id zonder bekende naam ontbreekt');

/** The name of `id` in market `m` (a vestiging, holding or hoofdholding), null when `m` does not know it. */
export function naamIn(m: Markt, id: string): EntiteitNaam | null {
  const v = m.vestiging.get(id);
  if (v) return { naam: v.naam, plaats: v.plaats };
  const h = m.holding.get(id) ?? m.hoofdholding.get(id);
  // A holding GLEIF gives no name is named by the one rule (lib/monitor/holding-naam.ts), as in every answer.
  if (h) return { naam: holdingNaam(h.naam, id), plaats: null };
  return null;
}

/** Names of `ids` from the markets `markten` (first that knows an id wins). */
export function namenUit(markten: readonly Markt[], ids: Iterable<string>): Record<string, EntiteitNaam> {
  const uit: Record<string, EntiteitNaam> = {};
  for (const id of ids) {
    if (id in uit) continue;
    for (const m of markten) {
      const n = naamIn(m, id);
      if (n) {
        uit[id] = n;
        break;
      }
    }
  }
  return uit;
}

/** The fields of a wijziging record that hold ids of other entities (one list with the change lines). */
const ID_VELD_NAMEN = Object.keys(ID_VELDEN);

type Rec = object | null;
type Rij = { entiteit_id: string; oud: Rec; nieuw: Rec };
const veld = (r: Rec, k: string): unknown => (r ? (r as Record<string, unknown>)[k] : undefined);

/** Every entity id rows `rijen` mention: their own and those in their records' id fields. */
export function idsInRijen(rijen: readonly Rij[]): Set<string> {
  const ids = new Set<string>();
  const neem = (x: unknown) => {
    if (typeof x === 'string' && x) ids.add(x);
    else if (Array.isArray(x)) for (const y of x) neem(y);
  };
  for (const r of rijen) {
    ids.add(r.entiteit_id);
    for (const rec of [r.oud, r.nieuw]) for (const k of ID_VELD_NAMEN) neem(veld(rec, k));
  }
  return ids;
}

/**
 * The markets to name entities of version `versieId` by: that version and the one before it (where a removed
 * vestiging or holding still was), then the newest. Versions that do not exist are skipped.
 */
export async function marktenRond(versieIds: Iterable<number>, versies?: readonly DatasetVersie[]): Promise<Markt[]> {
  const alle = versies ?? (await cachedVersies(getDb()));
  if (alle.length === 0) return [];
  const gekozen: DatasetVersie[] = [];
  const neem = (v: DatasetVersie | undefined) => v && !gekozen.includes(v) && gekozen.push(v);
  for (const id of versieIds) {
    const i = alle.findIndex((v) => v.id === id);
    if (i < 0) continue;
    neem(alle[i]);
    neem(alle[i - 1]);
  }
  neem(alle[alle.length - 1]);
  return Promise.all(gekozen.map((v) => cachedMarkt(getDb(), v)));
}

/** Names for the rows of one or more versions: the names `namenSchema` describes. */
export async function namenVanRijen(rijen: readonly (Rij & { versie_id: number })[], versies?: readonly DatasetVersie[]): Promise<Record<string, EntiteitNaam>> {
  if (rijen.length === 0) return {};
  return namenVoorRijen(await marktenRond(new Set(rijen.map((r) => r.versie_id)), versies), rijen);
}

/** Names of the ids rows `rijen` mention, from `markten`, else (for the row's own entity) from its record. */
export function namenVoorRijen(markten: readonly Markt[], rijen: readonly Rij[]): Record<string, EntiteitNaam> {
  const uit = namenUit(markten, idsInRijen(rijen));
  // An entity no market knows any more is still named by its own record.
  for (const r of rijen) {
    const rec = r.nieuw ?? r.oud;
    const naam = veld(rec, 'naam');
    const plaats = veld(rec, 'plaats');
    if (uit[r.entiteit_id]) continue;
    if (veld(rec, 'holding_id') === r.entiteit_id) {
      uit[r.entiteit_id] = { naam: holdingNaam(typeof naam === 'string' ? naam : null, r.entiteit_id), plaats: null };
      continue;
    }
    if (typeof naam !== 'string' || !naam || naam === r.entiteit_id) continue;
    uit[r.entiteit_id] = { naam, plaats: typeof plaats === 'string' ? plaats : null };
  }
  return uit;
}
