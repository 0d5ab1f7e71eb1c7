// Does the address in the energy file belong to the address the report was asked for? A difference is
// reported as a signal, never as an error: advisors sometimes upload a neighbour's file on purpose.
import { z } from 'zod';
import type { Nulmeting } from '../types';

export const adresControleSchema = z.object({
  overeenkomst: z
    .enum(['ja', 'nee', 'onbekend'])
    .describe('Vergeleken op postcode, huisnummer en toevoeging, anders op BAG-verblijfsobject; onbekend als het bestand geen van beide noemt'),
  opgevraagd: z.string().describe('Het opgevraagde adres (postcode, huisnummer, toevoeging)'),
  bestand: z.string().nullable().describe('Het adres zoals in het bestand, null als het bestand er geen noemt'),
});
export type AdresControle = z.infer<typeof adresControleSchema>;

export interface OpgevraagdAdres {
  postcode: string;
  huisnummer: number;
  toevoeging?: string | null;
  /** BAG verblijfsobject of the requested address (from the property object), when known. */
  verblijfsobjectId?: string | null;
}

function normPostcode(pc: string): string {
  return pc.replace(/\s+/g, '').toUpperCase();
}

/** Letter and addition as one comparable string: "A", "a-2", "A 2" and "A2" are the same. */
function normToevoeging(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => Boolean(p))
    .join('')
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase();
}

function weergave(postcode: string | null, huisnummer: number | null, toevoeging: string): string {
  return [postcode ? normPostcode(postcode) : '?', `${huisnummer ?? '?'}${toevoeging ? `-${toevoeging}` : ''}`].join(' ');
}

/** Compares the file's address with the requested one (postcode, number and letter/addition, else the BAG id). */
export function vergelijkAdres(bestand: Nulmeting['adres'], gevraagd: OpgevraagdAdres): AdresControle {
  const gevraagdToev = normToevoeging(gevraagd.toevoeging);
  const opgevraagd = weergave(gevraagd.postcode, gevraagd.huisnummer, gevraagdToev);
  if (!bestand.postcode && bestand.huisnummer === null) {
    // Files without a postal address (maatwerkadvies) often carry the BAG verblijfsobject id.
    const vbo = bestand.bag_verblijfsobject_id;
    if (!vbo || !gevraagd.verblijfsobjectId) return { overeenkomst: 'onbekend', opgevraagd, bestand: vbo ? `verblijfsobject ${vbo}` : null };
    return { overeenkomst: vbo === gevraagd.verblijfsobjectId ? 'ja' : 'nee', opgevraagd, bestand: `verblijfsobject ${vbo}` };
  }

  const bestandToev = normToevoeging(bestand.huisletter, bestand.toevoeging);
  const zelfde =
    (!bestand.postcode || normPostcode(bestand.postcode) === normPostcode(gevraagd.postcode)) &&
    (bestand.huisnummer === null || bestand.huisnummer === gevraagd.huisnummer) &&
    bestandToev === gevraagdToev;
  return { overeenkomst: zelfde ? 'ja' : 'nee', opgevraagd, bestand: weergave(bestand.postcode, bestand.huisnummer, bestandToev) };
}
