// The tokenizer of waar: turns the expression into words, quoted texts, numbers, dates and punctuation,
// each with its 1-based position. Anything else (semicolons, comment markers, double quotes, non-ASCII
// outside quotes, control characters) is an error, so no stray character ever reaches the parser.
import { QueryTaalFout } from './errors';

export type TokenSoort = 'woord' | 'tekst' | 'getal' | 'datum' | '(' | ')' | ',' | 'einde';

export interface Token {
  soort: TokenSoort;
  /** Word as written, text without quotes (with '' undone), number or date as written. */
  waarde: string;
  /** 1-based position of the first character. */
  positie: number;
}

const WOORD_START = /[A-Za-z_]/;
const WOORD = /[A-Za-z0-9_]/;
const CIJFER = /[0-9]/;
const SPATIE = /[ \t\r\n]/;
// C0/C1 control characters and NUL: PostgreSQL text cannot hold NUL, and none belongs in a filter.
// eslint-disable-next-line no-control-regex
const STUURTEKEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Splits a waar expression into tokens; the last one is always `einde`. */
export function tokenize(invoer: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < invoer.length) {
    const c = invoer[i];
    const positie = i + 1;
    if (SPATIE.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ soort: c, waarde: c, positie });
      i++;
    } else if (c === "'") {
      let tekst = '';
      i++;
      for (;;) {
        if (i >= invoer.length) throw new QueryTaalFout('waar', `tekst zonder afsluitend aanhalingsteken (begint op positie ${positie})`, positie);
        const t = invoer[i];
        if (t === "'") {
          if (invoer[i + 1] === "'") {
            tekst += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (STUURTEKEN.test(t)) throw new QueryTaalFout('waar', `stuurteken in tekst op positie ${i + 1}`, i + 1);
        tekst += t;
        i++;
      }
      tokens.push({ soort: 'tekst', waarde: tekst, positie });
    } else if (CIJFER.test(c) || (c === '-' && CIJFER.test(invoer[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < invoer.length && /[0-9A-Za-z_.\-:]/.test(invoer[j])) j++;
      const ruw = invoer.slice(i, j);
      if (/^\d{4}-\d{2}-\d{2}$/.test(ruw)) tokens.push({ soort: 'datum', waarde: ruw, positie });
      else if (/^-?\d+(\.\d+)?$/.test(ruw)) tokens.push({ soort: 'getal', waarde: ruw, positie });
      else {
        throw new QueryTaalFout(
          'waar',
          `ongeldig getal of datum '${ruw}' op positie ${positie}; een getal is bijvoorbeeld 12 of -3.5 (punt als decimaalteken), een datum JJJJ-MM-DD; tekst staat tussen enkele aanhalingstekens`,
          positie,
        );
      }
      i = j;
    } else if (WOORD_START.test(c)) {
      let j = i + 1;
      while (j < invoer.length && WOORD.test(invoer[j])) j++;
      tokens.push({ soort: 'woord', waarde: invoer.slice(i, j), positie });
      i = j;
    } else {
      throw new QueryTaalFout('waar', `onverwacht teken ${beschrijfTeken(c)} op positie ${positie}${hint(c)}`, positie);
    }
  }
  tokens.push({ soort: 'einde', waarde: '', positie: invoer.length + 1 });
  return tokens;
}

function beschrijfTeken(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (STUURTEKEN.test(c) || code > 0x7e || c === ' ') return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${c}'`;
}

function hint(c: string): string {
  if (c === '"') return '; tekst staat tussen enkele aanhalingstekens (\'...\')';
  if (c === '=' || c === '<' || c === '>' || c === '!') return '; gebruik eq, ne, gt, ge, lt of le';
  if (c === '&' || c === '|') return '; gebruik and en or';
  return '';
}
