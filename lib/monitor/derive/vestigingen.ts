// Vestigingen (physical advice locations) from the advice register: one per distinct (KvK number,
// postcode, house number) of an institution with at least one licence whose products carry the service
// adviseren or bemiddelen. Active when such a licence is geldig at the peildatum. Pure.
import { createHash } from 'node:crypto';
import { geldigheid } from '@/lib/registers/common/status';
import { dienstenOp } from '@/lib/registers/fsp/group';
import { TOEVOEGING_SCHEIDER } from '../vestiging-api';
import type { MonitorFspInstelling, Vestiging } from './types';

/** The services that make an institution an advice location (compared in lower case). */
export const ADVIESDIENSTEN = ['adviseren', 'bemiddelen'] as const;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Stable id of a location: 'V' + 10 base32 characters of the sha-256 of its key. */
export function vestigingId(kvk: string, postcode: string | null, huisnummer: string | null): string {
  const h = createHash('sha256').update(`${kvk}|${postcode ?? ''}|${huisnummer ?? ''}`).digest();
  let out = 'V';
  for (let i = 0; i < 10; i++) out += BASE32[h[i] & 31];
  return out.toUpperCase();
}

/**
 * The house number with its addition from a Dutch street address ('Keizersgracht 12-A' → '12-A'), or null: the
 * stored form (hashed into vestiging_id; the answers split it, vestiging-api.ts huisnummerDelen).
 */
export function huisnummerUit(adres: string | null | undefined): string | null {
  if (!adres) return null;
  // The number after the last space: 'Laan 1940-1945 12' → '12'; an addition after '-' or letters after it.
  const m = /(?:^|\s)(\d+)(?:\s*-\s*([A-Za-z0-9]{1,4})|\s*([A-Za-z]{1,4}))?\s*$/.exec(adres.trim());
  if (!m) return null;
  const toevoeging = m[2] ?? m[3];
  return toevoeging ? `${m[1]}${TOEVOEGING_SCHEIDER}${toevoeging.toUpperCase()}` : m[1];
}

/** Dutch postcode in the form '1234 AB', or the input trimmed when it has another form. */
export function normaalPostcode(postcode: string | null | undefined): string | null {
  if (!postcode?.trim()) return null;
  const m = /^(\d{4})\s*([A-Za-z]{2})$/.exec(postcode.trim());
  return m ? `${m[1]} ${m[2].toUpperCase()}` : postcode.trim();
}

const isAdvies = (diensten: readonly string[]) => diensten.some((d) => (ADVIESDIENSTEN as readonly string[]).includes(d.trim().toLowerCase()));

/** The product of the mortgage segment, as the AFM register names it (compared in lower case). */
export const HYPOTHEEK_PRODUCT = 'Hypothecair krediet';

const adviesDiensten = (diensten: readonly string[]) =>
  diensten.map((d) => d.trim().toLowerCase()).filter((d) => (ADVIESDIENSTEN as readonly string[]).includes(d));
const day = (d: string | null) => (d ? d.slice(0, 10) : null);
const uniekGesorteerd = (xs: Iterable<string>) => [...new Set(xs)].sort();

// The main address and the other addresses of an institution, without empty ones (an institution with no
// address at all keeps one empty address: one location under its KvK number).
function adressenVan(i: MonitorFspInstelling): { adres: string | null; postcode: string | null; plaats: string | null }[] {
  const alle = [{ adres: i.adres, postcode: i.postcode, plaats: i.plaats }, ...(i.adressen ?? [])];
  const gevuld = alle.filter((a) => a.adres?.trim() || a.postcode?.trim());
  return gevuld.length > 0 ? gevuld : alle.slice(0, 1);
}

/** The vestigingen of the advice register at `peildatum` (YYYY-MM-DD), sorted by id. */
export function deriveVestigingen(instellingen: readonly MonitorFspInstelling[], peildatum: string): Vestiging[] {
  const byId = new Map<string, Vestiging>();
  // In institution-id order: a location shared by two entries takes the name of the first, whatever the input order.
  for (const i of [...instellingen].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    if (!i.kvk_nummer) continue; // incoming passports and others without KvK number: not a Dutch location
    const advies = i.vergunningen.filter((v) => v.producten.some((p) => isAdvies(p.diensten)));
    if (advies.length === 0) continue;
    const geldig = advies.filter((v) => geldigheid(v.einddatum, peildatum) === 'geldig');
    // only the services valid at the peildatum (a service has its own period in the AFM export)
    const producten = uniekGesorteerd(geldig.flatMap((v) => v.producten.filter((p) => p.product && isAdvies(dienstenOp(p, peildatum))).map((p) => p.product!)));
    const hypotheek = uniekGesorteerd(
      geldig.flatMap((v) =>
        v.producten.filter((p) => p.product?.trim().toLowerCase() === HYPOTHEEK_PRODUCT.toLowerCase()).flatMap((p) => adviesDiensten(dienstenOp(p, peildatum))),
      ),
    );
    const starts = advies.map((v) => day(v.ingangsdatum)).filter((d): d is string => !!d).sort();
    const ends = advies.map((v) => day(v.einddatum)).filter((d): d is string => !!d).sort();
    const sinds = starts[0] ?? null;
    const einde = geldig.length > 0 ? null : (ends[ends.length - 1] ?? null);
    for (const a of adressenVan(i)) {
      const postcode = normaalPostcode(a.postcode);
      const huisnummer = huisnummerUit(a.adres);
      const id = vestigingId(i.kvk_nummer, postcode, huisnummer);
      const prev = byId.get(id);
      if (prev) {
        // Two register entries (or rows) at one address of one KvK number: one location, active when either is.
        prev.actief ||= geldig.length > 0;
        prev.producten = uniekGesorteerd([...prev.producten, ...producten]);
        prev.hypotheek_diensten = uniekGesorteerd([...prev.hypotheek_diensten, ...hypotheek]);
        prev.handelsnamen = uniekGesorteerd([...prev.handelsnamen, ...i.handelsnamen]);
        prev.klachteninstituut ??= i.klachteninstituut;
        if (sinds && (!prev.sinds || sinds < prev.sinds)) prev.sinds = sinds;
        prev.einde = prev.actief ? null : [prev.einde, einde].filter((d): d is string => !!d).sort().pop() ?? null;
        continue;
      }
      byId.set(id, {
        vestiging_id: id,
        naam: i.naam,
        kvk_nummer: i.kvk_nummer,
        postcode,
        huisnummer,
        plaats: a.plaats,
        actief: geldig.length > 0,
        instelling_id: i.id,
        producten,
        hypotheek_diensten: hypotheek,
        sinds,
        einde,
        handelsnamen: uniekGesorteerd(i.handelsnamen),
        klachteninstituut: i.klachteninstituut?.trim() || null,
      });
    }
  }
  return [...byId.values()].sort((a, b) => (a.vestiging_id < b.vestiging_id ? -1 : 1));
}
