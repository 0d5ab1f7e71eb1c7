// Reading the three enterprise parameters of a list operation at once: parses waar, velden and sorteer
// against the operation's catalogue and throws ONE 400 problem (invalid_parameter) naming every
// parameter that is wrong.
import type { WaarExpr } from './ast';
import type { Catalogus } from './catalogue';
import { QueryTaalFout, problemVoor } from './errors';
import { parseSorteer, type SorteerTerm } from './sorteer';
import { parseVelden } from './velden';
import { parseWaar } from './waar-parser';

export interface EnterpriseInvoer {
  waar?: string;
  velden?: string;
  sorteer?: string;
}

export interface EnterpriseParams {
  /** The filter, or undefined when waar is absent. */
  waar?: WaarExpr;
  /** Selected fields (id first), or undefined for all fields. */
  velden?: string[];
  /** Sort terms without tiebreaker, or undefined for the default sort. */
  sorteer?: SorteerTerm[];
}

/** Parses waar/velden/sorteer; throws a Problem (400 invalid_parameter) listing every invalid one. */
export function leesEnterpriseParams(invoer: EnterpriseInvoer, catalogus: Catalogus): EnterpriseParams {
  const fouten: QueryTaalFout[] = [];
  const uit: EnterpriseParams = {};
  const probeer = (f: () => void) => {
    try {
      f();
    } catch (err) {
      if (err instanceof QueryTaalFout) fouten.push(err);
      else throw err;
    }
  };
  if (invoer.waar !== undefined) probeer(() => (uit.waar = parseWaar(invoer.waar!, catalogus)));
  if (invoer.velden !== undefined) probeer(() => (uit.velden = parseVelden(invoer.velden!, catalogus)));
  if (invoer.sorteer !== undefined) probeer(() => (uit.sorteer = parseSorteer(invoer.sorteer!, catalogus)));
  if (fouten.length > 0) throw problemVoor(fouten);
  return uit;
}
