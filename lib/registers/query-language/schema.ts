// The zod declarations of waar, velden and sorteer for a list operation: plain optional strings with a
// maximum length (so the OpenAPI output stays a string schema) and a description that documents the
// syntax and the operation's own fields, operators and examples. A refinement runs the real parser, so
// the route's parameter check already answers 400 with the parser's message (name waar/velden/sorteer);
// the handler then calls leesEnterpriseParams to get the parsed values.
import { z } from 'zod';
import { typeLabel, type Catalogus, type Veld } from './catalogue';
import { QueryTaalFout } from './errors';
import { SORTEER_MAX_LENGTE, SORTEER_MAX_VELDEN, parseSorteer } from './sorteer';
import { VELDEN_MAX_LENGTE, parseVelden } from './velden';
import { WAAR_LIMIETEN, parseWaar, voorbeeld } from './waar-parser';

function gecontroleerd(max: number, parse: (s: string) => unknown) {
  return z
    .string()
    .max(max, { message: `te lang; maximaal ${max} tekens`, abort: true })
    .superRefine((waarde, ctx) => {
      try {
        parse(waarde);
      } catch (err) {
        if (!(err instanceof QueryTaalFout)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    });
}

function operatorTekst(veld: Veld): string {
  return veld.operatoren.join(', ');
}

/** The three enterprise query parameters of a list operation, to spread into its query schema. */
export function enterpriseQueryParams(catalogus: Catalogus) {
  const filterbaar = catalogus.velden.filter((v) => v.filterbaar);
  const veldenLijst = filterbaar.map((v) => `${v.naam} (${typeLabel(v)}: ${operatorTekst(v)})`).join('; ');
  const selecteerbaar = catalogus.selecteerbaar.join(', ');
  const sorteerbaar = catalogus.sorteerbaar.join(', ');
  const andereVelden = catalogus.selecteerbaar.filter((n) => n !== catalogus.id).slice(0, 2);
  const sorteerVoorbeeld = catalogus.sorteerbaar.filter((n) => n !== catalogus.id).slice(0, 2);
  const waarVoorbeeld = voorbeeld(catalogus);
  try {
    parseWaar(waarVoorbeeld, catalogus);
  } catch (err) {
    throw new Error(`catalogus ${catalogus.operatie}: waar-voorbeeld ${waarVoorbeeld} is ongeldig (${(err as Error).message})`);
  }

  return {
    waar: gecontroleerd(WAAR_LIMIETEN.maxLengte, (s) => parseWaar(s, catalogus))
      .optional()
      .describe(
        'Filter in een OData-achtige syntaxis. Vergelijking: veld op waarde met op eq, ne, gt, ge, lt, le; ' +
          "veld in ('a','b'); contains(veld,'tekst') en startswith(veld,'tekst') (hoofdletterongevoelig); " +
          'veld eq null / veld ne null; combineren met and, or, not en haakjes. ' +
          "Tekst tussen enkele aanhalingstekens ('' voor een aanhalingsteken), getallen met een punt, datums als JJJJ-MM-DD, ja/nee als 'ja' of 'nee'. " +
          `Maximaal ${WAAR_LIMIETEN.maxLengte} tekens, ${WAAR_LIMIETEN.maxVoorwaarden} voorwaarden, ${WAAR_LIMIETEN.maxDiepte} niveaus nesting. ` +
          `Velden en operatoren: ${veldenLijst}.`,
      )
      .meta({ examples: [waarVoorbeeld] }),
    velden: gecontroleerd(VELDEN_MAX_LENGTE, (s) => parseVelden(s, catalogus))
      .optional()
      .describe(`Veldselectie: veldnamen gescheiden door komma's; ${catalogus.id} zit er altijd in. Toegestaan: ${selecteerbaar}.`)
      .meta({ examples: [andereVelden.join(',') || catalogus.id] }),
    sorteer: gecontroleerd(SORTEER_MAX_LENGTE, (s) => parseSorteer(s, catalogus))
      .optional()
      .describe(
        `Sortering: hoogstens ${SORTEER_MAX_VELDEN} velden gescheiden door komma's, - ervoor voor aflopend; ` +
          `lege waarden komen achteraan; ${catalogus.id} wordt als laatste toegevoegd voor een stabiele volgorde. Sorteerbaar: ${sorteerbaar}.`,
      )
      .meta({ examples: [sorteerVoorbeeld.length > 0 ? `-${sorteerVoorbeeld.join(',')}` : catalogus.id] }),
  };
}
