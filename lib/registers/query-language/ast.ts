// The syntax tree of a parsed waar expression. Values are already checked against the field's type:
// texts and enum values are strings, numbers are numbers, dates are 'YYYY-MM-DD' strings, ja/nee is a
// boolean.
import type { Functie, Vergelijking } from './catalogue';

export type Waarde = string | number | boolean;

export type Voorwaarde =
  | { soort: 'vergelijking'; veld: string; op: Vergelijking; waarde: Waarde }
  /** `veld eq null` (op eq) or `veld ne null` (op ne). */
  | { soort: 'leeg'; veld: string; op: 'eq' | 'ne' }
  | { soort: 'in'; veld: string; waarden: Waarde[] }
  | { soort: 'functie'; functie: Functie; veld: string; tekst: string };

export type WaarExpr =
  | Voorwaarde
  | { soort: 'en'; delen: WaarExpr[] }
  | { soort: 'of'; delen: WaarExpr[] }
  | { soort: 'niet'; deel: WaarExpr };
