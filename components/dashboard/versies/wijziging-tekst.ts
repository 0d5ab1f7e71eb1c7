// A wijziging row (GET /versies/{id}/wijzigingen) in words: per changed field the old and new value (lists
// as what came in and what went out), and a short line for the kinds that say more than their fields
// (nieuw, verhuisd, gone from the register). Pure, so the view and its unit test read the same text.
import { getal } from '../opmaak';
import type { Wijziging } from '../typen';

export type Verschil =
  | { veld: string; soort: 'waarde'; oud: string; nieuw: string }
  | { veld: string; soort: 'lijst'; erbij: string[]; eraf: string[] };

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

/** Per changed field (w.velden): old → new, or for two lists the items added and removed. */
export function verschillen(w: Pick<Wijziging, 'velden' | 'oud' | 'nieuw'>): Verschil[] {
  return w.velden.map((veld): Verschil => {
    const o = w.oud?.[veld];
    const n = w.nieuw?.[veld];
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
  if (v.soort === 'waarde') return `${v.veld}: ${v.oud} → ${v.nieuw}`;
  const delen = [...v.erbij.map((x) => `+${x}`), ...v.eraf.map((x) => `−${x}`)];
  return `${v.veld}: ${delen.join(', ') || 'volgorde gewijzigd'}`;
}

/** The name of the entity the row is about (from the new record, else the old). */
export const naamVan = (w: Pick<Wijziging, 'oud' | 'nieuw'>): string | null => {
  const n = (w.nieuw?.naam ?? w.oud?.naam) as unknown;
  return typeof n === 'string' && n ? n : null;
};

/** "1234 AB 12, Plaats" of a vestiging record. */
export function adresTekst(r: Record<string, unknown> | null): string {
  if (!r) return '–';
  const pc = [r.postcode, r.huisnummer].filter((x) => typeof x === 'string' && x).join(' ');
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
