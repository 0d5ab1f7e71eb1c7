// A wijziging row (GET /versies/{id}/wijzigingen) in words: per changed field the old and new value (lists
// as what came in and what went out), and a short line for the kinds that say more than their fields
// (nieuw, verhuisd, gone from the register). Pure, so the view and its unit test read the same text.
import type { MarktHolding, MarktVestiging } from '@/lib/monitor/derive/types';
import { holdingNaam } from '@/lib/monitor/holding-naam';
import { ID_VELDEN } from '@/lib/monitor/id-velden';
import { huisnummerTekst } from '@/lib/monitor/vestiging-api';
import { getal } from '../opmaak';
import type { Namen, Wijziging } from '../typen';

export type Verschil =
  | { veld: string; soort: 'waarde'; oud: string; nieuw: string }
  | { veld: string; soort: 'lijst'; erbij: string[]; eraf: string[] }
  /** A field that holds entity ids: named, with the ids for secondary text (title). */
  | { veld: string; soort: 'entiteit'; wat: string; erbij: string[]; eraf: string[]; ids: string[] };

/** The fields of a record that hold ids of other entities (one list with the API's `namen`). */
export { ID_VELDEN };

type VeldNaam = keyof MarktVestiging | keyof MarktHolding;

/**
 * Every field the monitor records in a vestiging or holding (and so may name in `velden`) in words: typed on
 * the records' declarations, so a new field without a label does not compile.
 */
export const VELD_LABELS: Readonly<Record<VeldNaam, string>> = {
  vestiging_id: 'vestiging',
  naam: 'naam',
  kvk_nummer: 'KvK-nummer',
  postcode: 'postcode',
  huisnummer: 'huisnummer',
  plaats: 'plaats',
  actief: 'actief',
  instelling_id: 'inschrijving in het AFM-register',
  producten: 'producten',
  hypotheek_diensten: 'hypotheekdiensten',
  sinds: 'vergunning sinds',
  einde: 'vergunning beëindigd op',
  handelsnamen: 'handelsnamen',
  klachteninstituut: 'klachteninstituut',
  lei: 'LEI',
  holding_id: 'holding',
  hoofdholding_id: 'hoofdholding',
  koppeling: 'koppeling',
  vestiging_ids: 'vestigingen',
  type: 'soort holding',
  moeder_id: 'moederholding',
};

/** A field's label ("KvK-nummer"); a field the records do not declare keeps its name with spaces. */
export const veldLabel = (veld: string): string => (VELD_LABELS as Record<string, string>)[veld] ?? veld.replace(/_/g, ' ');

/** An entity by its name ("Advies B.V. (Utrecht)"), or readably unknown ("onbekende vestiging V74WF3VQJIE"). */
export function entiteitNaam(id: string, soort: string, namen: Namen | undefined): string {
  const n = namen?.[id];
  if (!n) return `onbekende ${soort} ${id}`;
  return n.plaats ? `${n.naam} (${n.plaats})` : n.naam;
}

/** "vestiging Advies B.V. (Utrecht)" for a named entity, "onbekende vestiging V74…" for one without a name. */
export const metSoort = (soort: string, tekst: string) => (tekst.startsWith('onbekende ') ? tekst : `${soort} ${tekst}`);

/** At most `max` names, then "en N meer". */
function opsomming(items: string[], max = 5): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} en ${getal(items.length - max)} meer`;
}

/** A field value as text: – for none, ja/nee, a list joined with commas, numbers the Dutch way. */
export function waardeTekst(x: unknown): string {
  if (x === null || x === undefined || x === '') return '–';
  if (typeof x === 'boolean') return x ? 'ja' : 'nee';
  if (typeof x === 'number') return getal(x);
  if (Array.isArray(x)) return x.length ? x.map(waardeTekst).join(', ') : '(geen)';
  if (typeof x === 'object') return JSON.stringify(x);
  return String(x);
}

const sleutel = (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x));

/** Per changed field (w.velden): old → new, or for two lists the items added and removed; ids named by `namen`. */
export function verschillen(w: Pick<Wijziging, 'velden' | 'oud' | 'nieuw'>, namen?: Namen): Verschil[] {
  return w.velden.map((veld): Verschil => {
    // velden names the whole house number `huisnummer`: shown as number with addition ('12-A').
    const waarde = (r: Record<string, unknown> | null) => (veld === 'huisnummer' && r ? huisnummerTekst(r) : r?.[veld]);
    const o = waarde(w.oud);
    const n = waarde(w.nieuw);
    const idVeld = ID_VELDEN[veld];
    if (idVeld && (Array.isArray(o) || Array.isArray(n) || typeof o === 'string' || typeof n === 'string' || o === null || n === null)) {
      const lijst = (x: unknown): string[] => (Array.isArray(x) ? x.filter((y): y is string => typeof y === 'string') : typeof x === 'string' && x ? [x] : []);
      const oud = lijst(o);
      const nieuw = lijst(n);
      const erbij = nieuw.filter((x) => !oud.includes(x));
      const eraf = oud.filter((x) => !nieuw.includes(x));
      const noem = (ids: string[]) => ids.map((id) => entiteitNaam(id, idVeld.soort, namen));
      return { veld, soort: 'entiteit', wat: idVeld.soort, erbij: noem(erbij), eraf: noem(eraf), ids: [...erbij, ...eraf] };
    }
    if (Array.isArray(o) && Array.isArray(n)) {
      const oud = new Set(o.map(sleutel));
      const nieuw = new Set(n.map(sleutel));
      return {
        veld,
        soort: 'lijst',
        erbij: n.filter((x) => !oud.has(sleutel(x))).map(waardeTekst),
        eraf: o.filter((x) => !nieuw.has(sleutel(x))).map(waardeTekst),
      };
    }
    return { veld, soort: 'waarde', oud: waardeTekst(o), nieuw: w.nieuw === null ? '(vervallen)' : waardeTekst(n) };
  });
}

/** One line per difference, e.g. "plaats: Delft → Leiden" or "producten: +Spaarrekeningen; −Hypothecair krediet". */
export function verschilRegel(v: Verschil): string {
  if (v.soort === 'waarde') return `${veldLabel(v.veld)}: ${v.oud} → ${v.nieuw}`;
  if (v.soort === 'entiteit') return entiteitRegel(v);
  const delen = [...v.erbij.map((x) => `+${x}`), ...v.eraf.map((x) => `−${x}`)];
  return `${veldLabel(v.veld)}: ${delen.join(', ') || 'volgorde gewijzigd'}`;
}

/**
 * A change of an id field in words, e.g. "vestiging Advies B.V. (Utrecht) toegevoegd", "holding Koper N.V.
 * (nieuw)", "hoofdholding: Oud N.V. → Nieuw N.V.", "vestigingen toegevoegd: A, B; vertrokken: C".
 */
function entiteitRegel(v: Extract<Verschil, { soort: 'entiteit' }>): string {
  const { meervoud } = ID_VELDEN[v.veld]!;
  if (v.veld.endsWith('_ids')) {
    if (v.erbij.length + v.eraf.length === 0) return `${meervoud}: volgorde gewijzigd`;
    if (v.erbij.length + v.eraf.length === 1) return `${metSoort(v.wat, v.erbij[0] ?? v.eraf[0])} ${v.erbij.length ? 'toegevoegd' : 'vertrokken'}`;
    const delen = [v.erbij.length ? `toegevoegd: ${opsomming(v.erbij)}` : '', v.eraf.length ? `vertrokken: ${opsomming(v.eraf)}` : ''].filter(Boolean);
    return `${meervoud} ${delen.join('; ')}`;
  }
  const [nieuw] = v.erbij;
  const [oud] = v.eraf;
  if (nieuw && oud) return `${v.wat}: ${oud} → ${nieuw}`;
  if (nieuw) return `${metSoort(v.wat, nieuw)} (nieuw)`;
  if (oud) return `${metSoort(v.wat, oud)} vervallen (nu geen)`;
  return `${v.wat}: ongewijzigd`;
}

/** The name of the entity the row is about (from `namen`, else the new record, else the old). */
export const naamVan = (w: Pick<Wijziging, 'oud' | 'nieuw'> & Partial<Pick<Wijziging, 'entiteit_id'>>, namen?: Namen): string | null => {
  const uitNamen = w.entiteit_id ? namen?.[w.entiteit_id]?.naam : undefined;
  if (uitNamen) return uitNamen;
  const n = (w.nieuw?.naam ?? w.oud?.naam) as unknown;
  // A holding's record without a name from GLEIF (its LEI as naam): the one rule of lib/monitor/holding-naam.ts.
  const rec = w.nieuw ?? w.oud;
  if (w.entiteit_id && rec?.holding_id === w.entiteit_id) return holdingNaam(typeof n === 'string' ? n : null, w.entiteit_id);
  return typeof n === 'string' && n && n !== w.entiteit_id ? n : null;
};

/** "1234 AB 12, Plaats" of a vestiging record. */
export function adresTekst(r: Record<string, unknown> | null): string {
  if (!r) return '–';
  const pc = [r.postcode, huisnummerTekst(r)].filter((x) => typeof x === 'string' && x).join(' ');
  return [pc, typeof r.plaats === 'string' ? r.plaats : ''].filter(Boolean).join(', ') || '–';
}

/** A line for what the fields alone do not say (null when they do). */
export function kernzin(w: Wijziging): string | null {
  switch (w.wijziging_type) {
    case 'nieuw':
      return w.entiteit_type === 'vestiging' && w.nieuw ? `Nieuw in het register op ${adresTekst(w.nieuw)}.` : 'Nieuw.';
    case 'verhuisd':
      return w.nieuw === null
        ? `Vertrokken van ${adresTekst(w.oud)} (het nieuwe adres heeft een eigen rij).`
        : `Verhuisd van ${adresTekst(w.oud)} naar ${adresTekst(w.nieuw)}.`;
    case 'beëindigd':
      return w.nieuw === null ? 'Niet meer in de bronnen.' : w.velden.length ? null : 'Beëindigd.';
    default:
      return w.velden.length ? null : `${w.wijziging_type[0].toUpperCase()}${w.wijziging_type.slice(1)}.`;
  }
}
