// velden: the comma-separated list of fields a list item should carry (field selection). Only
// selectable fields of the catalogue; the id field is always included (first).
import type { Catalogus } from './catalogue';
import { QueryTaalFout, lijst } from './errors';

export const VELDEN_MAX_LENGTE = 500;

/** Parses velden (e.g. `naam,kvk_nummer`) into field names, id first; throws QueryTaalFout (parameter velden). */
export function parseVelden(invoer: string, catalogus: Catalogus): string[] {
  if (invoer.length > VELDEN_MAX_LENGTE) throw new QueryTaalFout('velden', `te lang (${invoer.length} tekens); maximaal ${VELDEN_MAX_LENGTE}`);
  const gekozen: string[] = [catalogus.id];
  const gezien = new Set<string>();
  let positie = 1;
  for (const deel of invoer.split(',')) {
    const naam = deel.trim();
    const pos = positie + (deel.length - deel.trimStart().length);
    positie += deel.length + 1;
    if (naam === '') throw new QueryTaalFout('velden', `lege veldnaam op positie ${pos}; geef veldnamen gescheiden door komma's, bijvoorbeeld ${voorbeeld(catalogus)}`, pos);
    const veld = catalogus.veld(naam);
    if (!veld || !veld.selecteerbaar) {
      throw new QueryTaalFout('velden', `onbekend veld '${naam}' op positie ${pos}; toegestaan: ${lijst(catalogus.selecteerbaar)}`, pos);
    }
    if (gezien.has(naam)) throw new QueryTaalFout('velden', `veld '${naam}' staat er twee keer in (positie ${pos})`, pos);
    gezien.add(naam);
    if (naam !== catalogus.id) gekozen.push(naam);
  }
  return gekozen;
}

function voorbeeld(catalogus: Catalogus): string {
  return catalogus.selecteerbaar.filter((n) => n !== catalogus.id).slice(0, 2).join(',') || catalogus.id;
}
