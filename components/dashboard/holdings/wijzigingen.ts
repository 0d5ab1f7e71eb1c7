// Pure helpers of the structure view: the vestigingen search, which wijziging rows concern a structure, and
// a Dutch sentence per row.
import { heeftEigenNaam, holdingNaam } from '@/lib/monitor/holding-naam';
import { huisnummerTekst } from '@/lib/monitor/vestiging-api';
import type { Namen, StructuurKnoop, Versie, Vestiging, Wijziging } from '../typen';
import { entiteitNaam, metSoort, veldLabel } from '../versies/wijziging-tekst';

const zonderAccent = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const norm = (s: string) => zonderAccent(s.toLocaleLowerCase('nl')).replace(/\s+/g, ' ').trim();

/** Does vestiging `v` match the search text (part of its name or place, or of its postcode with or without the space)? */
export function vestigingPast(v: Pick<Vestiging, 'naam' | 'plaats' | 'postcode'>, zoek: string): boolean {
  const z = norm(zoek);
  if (!z) return true;
  const pc = z.replace(/ /g, '');
  return norm(v.naam).includes(z) || norm(v.plaats ?? '').includes(z) || (v.postcode ?? '').toLowerCase().replace(/ /g, '').includes(pc);
}

/** Every id in the tree (holdings and vestigingen) with its name. */
export function namenInBoom(boom: StructuurKnoop, uit = new Map<string, string>()): Map<string, string> {
  uit.set(boom.id, boom.naam);
  for (const k of boom.kinderen) namenInBoom(k, uit);
  return uit;
}

type Rec = Record<string, unknown> | null;
const veld = (r: Rec, k: string) => (r && typeof r[k] === 'string' ? (r[k] as string) : null);

/** The versions whose rows are read one call each: those this caller sees, up to the as-of version, without the nulmeting (all of its rows are 'nieuw'). */
export function versiesVoorGeschiedenis(versies: readonly Versie[], historieVanaf: string | null, totVersie: number): Versie[] {
  const oudste = versies.reduce<Versie | null>((o, v) => (!o || v.versie_id < o.versie_id ? v : o), null);
  return versies.filter((v) => v.versie_id <= totVersie && !(historieVanaf === null && oudste && v.versie_id === oudste.versie_id));
}

const adres = (r: Rec) => [veld(r, 'postcode'), r ? huisnummerTekst(r) : null, veld(r, 'plaats')].filter(Boolean).join(' ') || 'onbekend adres';

/** The name of the entity of a row (from `namen`, else the new record, else the old; else readably unknown with its id). */
export const naamVan = (w: Wijziging, namen?: Namen) => {
  const n = namen?.[w.entiteit_id]?.naam ?? veld(w.nieuw, 'naam') ?? veld(w.oud, 'naam');
  if (w.entiteit_type !== 'vestiging') return holdingNaam(n, w.entiteit_id);
  return n && n !== w.entiteit_id ? n : `onbekende ${w.entiteit_type} ${w.entiteit_id}`;
};

/**
 * The name to show for a holding: GLEIF gives no name for some parents (mostly foreign ones outside the
 * golden copy we read); the one rule of lib/monitor/holding-naam.ts (the API answers already follow it).
 */
export { heeftEigenNaam, holdingNaam };

/** A hoofdholding by name: the structure's own, then `namen`, else readably unknown; null: independent. */
export function hoofdholdingNaamMet(eigenId: string, eigenNaam: string, ...bronnen: (ReadonlyMap<string, string> | Namen | undefined)[]) {
  return (h: string | null): string => {
    if (h === null) return 'geen (zelfstandig)';
    if (h === eigenId && eigenNaam !== h) return eigenNaam;
    for (const b of bronnen) {
      const n: string | undefined = b instanceof Map ? b.get(h) : (b as Namen | undefined)?.[h]?.naam;
      if (n && n !== h) return n;
    }
    return entiteitNaam(h, 'hoofdholding', undefined);
  };
}

/** One sentence about what changed, with `naam(id)` for hoofdholding ids (null: none); a few added or removed vestigingen by name from `namen`. */
export function toelichting(w: Wijziging, hoofdholdingNaam: (id: string | null) => string, namen?: Namen): string {
  const o = w.oud;
  const n = w.nieuw;
  switch (w.wijziging_type) {
    case 'nieuw':
      return w.entiteit_type === 'vestiging' ? `Nieuw op ${adres(n)}` : 'Nieuw in de registers';
    case 'beëindigd':
      return w.entiteit_type === 'vestiging' ? `Beëindigd${veld(n, 'einde') ? ` per ${veld(n, 'einde')}` : ''}` : 'Verdwenen uit de registers';
    case 'overgenomen':
      return `Hoofdholding: ${hoofdholdingNaam(veld(o, 'hoofdholding_id'))} → ${hoofdholdingNaam(veld(n, 'hoofdholding_id'))}`;
    case 'verhuisd':
      return n === null ? `Oud adres vervallen: ${adres(o)}` : `Verhuisd van ${adres(o)} naar ${adres(n)}`;
    default: {
      const delen: string[] = [];
      const oudIds = Array.isArray(o?.vestiging_ids) ? (o.vestiging_ids as string[]) : null;
      const nieuwIds = Array.isArray(n?.vestiging_ids) ? (n.vestiging_ids as string[]) : null;
      if (oudIds && nieuwIds) {
        const erbij = nieuwIds.filter((id) => !oudIds.includes(id)).length;
        const eraf = oudIds.filter((id) => !nieuwIds.includes(id)).length;
        delen.push(`vestigingen ${oudIds.length} → ${nieuwIds.length}${erbij || eraf ? ` (+${erbij}, −${eraf})` : ''}`);
        const bij = nieuwIds.filter((id) => !oudIds.includes(id));
        const af = oudIds.filter((id) => !nieuwIds.includes(id));
        if (namen && bij.length + af.length <= 3) {
          for (const id of bij) delen.push(`${metSoort('vestiging', entiteitNaam(id, 'vestiging', namen))} toegevoegd`);
          for (const id of af) delen.push(`${metSoort('vestiging', entiteitNaam(id, 'vestiging', namen))} vertrokken`);
        }
      }
      const rest = w.velden.filter((v) => v !== 'vestiging_ids');
      if (rest.length) delen.push(`gewijzigd: ${rest.map(veldLabel).join(', ')}`);
      return delen.length ? delen.join('; ').replace(/^./, (c) => c.toUpperCase()) : 'Gewijzigd';
    }
  }
}
