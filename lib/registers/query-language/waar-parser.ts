// The recursive-descent parser of waar, the OData-like filter of the list operations. It checks every
// field, operator and value against the operation's catalogue while parsing, so every error carries its
// position, and enforces the limits (length, number of conditions, nesting depth).
//
//   expressie   := of
//   of          := en ( 'or' en )*
//   en          := niet ( 'and' niet )*
//   niet        := 'not' niet | primair
//   primair     := '(' expressie ')' | voorwaarde
//   voorwaarde  := functie '(' veld ',' tekst ')'            functie: contains | startswith
//                | veld 'in' '(' waarde ( ',' waarde )* ')'
//                | veld op ( waarde | 'null' )               op: eq ne gt ge lt le
//   waarde      := 'tekst' | getal | JJJJ-MM-DD | true | false
import type { WaarExpr, Waarde } from './ast';
import { FUNCTIES, VERGELIJKINGEN, typeLabel, type Catalogus, type Functie, type Operator, type Vergelijking, type Veld } from './catalogue';
import { QueryTaalFout, lijst } from './errors';
import { tokenize, type Token } from './tokenizer';

export const WAAR_LIMIETEN = {
  /** Characters of the whole expression. */
  maxLengte: 1000,
  /** Conditions (comparisons, in, functions). */
  maxVoorwaarden: 20,
  /** Nested parentheses. */
  maxDiepte: 5,
  /** Values in one `in` list. */
  maxInWaarden: 50,
} as const;

/** Parses and checks a waar expression against the catalogue; throws QueryTaalFout (parameter waar). */
export function parseWaar(invoer: string, catalogus: Catalogus): WaarExpr {
  if (invoer.length > WAAR_LIMIETEN.maxLengte) {
    throw new QueryTaalFout('waar', `expressie is te lang (${invoer.length} tekens); maximaal ${WAAR_LIMIETEN.maxLengte}`);
  }
  if (invoer.trim() === '') throw new QueryTaalFout('waar', 'lege expressie; bijvoorbeeld ' + voorbeeld(catalogus));
  return new Parser(tokenize(invoer), catalogus).geheel();
}

class Parser {
  private i = 0;
  private diepte = 0;
  private voorwaarden = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly cat: Catalogus,
  ) {}

  geheel(): WaarExpr {
    const expr = this.of();
    const t = this.huidig();
    if (t.soort !== 'einde') {
      throw this.fout(`onverwacht ${toon(t)} op positie ${t.positie}; verwacht: and, or of het einde`, t);
    }
    return expr;
  }

  private of(): WaarExpr {
    const delen = [this.en()];
    while (this.isWoord('or')) {
      this.i++;
      delen.push(this.en());
    }
    return delen.length === 1 ? delen[0] : { soort: 'of', delen: delen.flatMap((d) => (d.soort === 'of' ? d.delen : [d])) };
  }

  private en(): WaarExpr {
    const delen = [this.niet()];
    while (this.isWoord('and')) {
      this.i++;
      delen.push(this.niet());
    }
    return delen.length === 1 ? delen[0] : { soort: 'en', delen: delen.flatMap((d) => (d.soort === 'en' ? d.delen : [d])) };
  }

  private niet(): WaarExpr {
    if (this.isWoord('not')) {
      const t = this.volgende();
      this.diepte++;
      if (this.diepte > WAAR_LIMIETEN.maxDiepte) {
        throw this.fout(`te diep genest op positie ${t.positie}; maximaal ${WAAR_LIMIETEN.maxDiepte} niveaus (haakjes en not)`, t);
      }
      const deel = this.niet();
      this.diepte--;
      return { soort: 'niet', deel };
    }
    return this.primair();
  }

  private primair(): WaarExpr {
    const t = this.huidig();
    if (t.soort === '(') {
      this.i++;
      this.diepte++;
      if (this.diepte > WAAR_LIMIETEN.maxDiepte) {
        throw this.fout(`te diep genest op positie ${t.positie}; maximaal ${WAAR_LIMIETEN.maxDiepte} niveaus (haakjes en not)`, t);
      }
      const expr = this.of();
      this.verwacht(')', `')' (bij '(' op positie ${t.positie})`);
      this.diepte--;
      return expr;
    }
    return this.voorwaarde();
  }

  private voorwaarde(): WaarExpr {
    const t = this.huidig();
    if (t.soort === 'einde') throw this.fout(`onverwacht einde van de expressie; verwacht: een voorwaarde, bijvoorbeeld ${voorbeeld(this.cat)}`, t);
    if (t.soort !== 'woord') {
      throw this.fout(`onverwacht ${toon(t)} op positie ${t.positie}; een voorwaarde begint met een veldnaam, contains(, startswith(, not of (`, t);
    }
    this.telVoorwaarde(t);
    const volgt = this.tokens[this.i + 1];
    if (volgt.soort === '(') return this.functie();

    const veld = this.veld(t);
    this.i++;
    const opToken = this.huidig();
    if (opToken.soort !== 'woord') {
      throw this.fout(
        opToken.soort === 'einde'
          ? `onverwacht einde na veld '${veld.naam}'; verwacht een operator: ${lijst(vergelijkendeOps(veld))}`
          : `onverwacht ${toon(opToken)} op positie ${opToken.positie}; verwacht een operator: ${lijst(vergelijkendeOps(veld))}`,
        opToken,
      );
    }
    const op = opToken.waarde.toLowerCase();
    if (op === 'in') {
      this.controleerOperator(veld, 'in', opToken);
      this.i++;
      return this.inLijst(veld);
    }
    if (!(VERGELIJKINGEN as readonly string[]).includes(op)) {
      throw this.fout(
        `onbekende operator '${opToken.waarde}' op positie ${opToken.positie}; toegestaan voor veld '${veld.naam}': ${lijst(vergelijkendeOps(veld))}`,
        opToken,
      );
    }
    this.i++;
    const waardeToken = this.huidig();
    if (waardeToken.soort === 'woord' && waardeToken.waarde.toLowerCase() === 'null') {
      if (op !== 'eq' && op !== 'ne') {
        throw this.fout(`null kan alleen met eq of ne (positie ${waardeToken.positie})`, waardeToken);
      }
      this.i++;
      return { soort: 'leeg', veld: veld.naam, op };
    }
    this.controleerOperator(veld, op as Vergelijking, opToken);
    const waarde = this.waarde(veld);
    return { soort: 'vergelijking', veld: veld.naam, op: op as Vergelijking, waarde };
  }

  private functie(): WaarExpr {
    const naamToken = this.volgende();
    const functie = naamToken.waarde.toLowerCase();
    if (!(FUNCTIES as readonly string[]).includes(functie)) {
      throw this.fout(`onbekende functie '${naamToken.waarde}' op positie ${naamToken.positie}; toegestaan: ${lijst(FUNCTIES)}`, naamToken);
    }
    this.verwacht('(', "'('");
    const veldToken = this.huidig();
    if (veldToken.soort !== 'woord') {
      throw this.fout(`verwacht een veldnaam op positie ${veldToken.positie} in ${functie}(veld, 'tekst')`, veldToken);
    }
    const veld = this.veld(veldToken);
    this.controleerOperator(veld, functie as Functie, naamToken);
    this.i++;
    this.verwacht(',', `',' in ${functie}(veld, 'tekst')`);
    const tekstToken = this.huidig();
    if (tekstToken.soort !== 'tekst') {
      throw this.fout(`verwacht een tekst tussen enkele aanhalingstekens op positie ${tekstToken.positie} in ${functie}(veld, 'tekst')`, tekstToken);
    }
    if (tekstToken.waarde === '') throw this.fout(`lege zoektekst in ${functie} op positie ${tekstToken.positie}`, tekstToken);
    this.i++;
    this.verwacht(')', `')' na ${functie}(veld, 'tekst'`);
    return { soort: 'functie', functie: functie as Functie, veld: veld.naam, tekst: tekstToken.waarde };
  }

  private inLijst(veld: Veld): WaarExpr {
    const open = this.huidig();
    this.verwacht('(', `'(' na in, bijvoorbeeld ${veld.naam} in (${voorbeeldWaarde(veld)}, ...)`);
    const waarden: Waarde[] = [];
    for (;;) {
      const t = this.huidig();
      if (t.soort === 'woord' && t.waarde.toLowerCase() === 'null') {
        throw this.fout(`null kan niet in een in-lijst (positie ${t.positie}); gebruik ${veld.naam} eq null`, t);
      }
      waarden.push(this.waarde(veld));
      if (waarden.length > WAAR_LIMIETEN.maxInWaarden) {
        throw this.fout(`te veel waarden in in-lijst op positie ${open.positie}; maximaal ${WAAR_LIMIETEN.maxInWaarden}`, open);
      }
      const na = this.huidig();
      if (na.soort === ',') {
        this.i++;
        continue;
      }
      this.verwacht(')', `',' of ')' in de in-lijst`);
      break;
    }
    return { soort: 'in', veld: veld.naam, waarden };
  }

  /** One value, checked against the field's type. */
  private waarde(veld: Veld): Waarde {
    const t = this.huidig();
    if (t.soort === 'einde') throw this.fout(`onverwacht einde; verwacht een waarde voor veld '${veld.naam}' (${typeLabel(veld)})`, t);
    const bij = `voor veld '${veld.naam}' op positie ${t.positie}`;
    let waarde: Waarde;
    switch (veld.type) {
      case 'tekst':
        if (t.soort !== 'tekst') throw this.fout(`ongeldige waarde ${toon(t)} ${bij}; tekst staat tussen enkele aanhalingstekens, bijvoorbeeld 'Utrecht'`, t);
        waarde = t.waarde;
        break;
      case 'enum':
        if (t.soort !== 'tekst' || !veld.waarden.includes(t.waarde)) {
          throw this.fout(`ongeldige waarde ${toon(t)} ${bij}; toegestaan: ${veld.waarden.map((w) => `'${w}'`).join(', ')}`, t);
        }
        waarde = t.waarde;
        break;
      case 'getal': {
        if (t.soort !== 'getal') throw this.fout(`ongeldige waarde ${toon(t)} ${bij}; verwacht een ${typeLabel(veld)} zonder aanhalingstekens, bijvoorbeeld 12`, t);
        const n = Number(t.waarde);
        if (veld.geheel && !Number.isSafeInteger(n)) throw this.fout(`ongeldige waarde ${t.waarde} ${bij}; verwacht een geheel getal`, t);
        if (t.waarde.replace(/[-.]/g, '').length > 15) throw this.fout(`getal ${t.waarde} ${bij} heeft te veel cijfers (maximaal 15)`, t);
        waarde = n;
        break;
      }
      case 'datum': {
        if ((t.soort !== 'datum' && t.soort !== 'tekst') || !isDatum(t.waarde)) {
          throw this.fout(`ongeldige datum ${toon(t)} ${bij}; verwacht JJJJ-MM-DD, bijvoorbeeld 2024-01-31`, t);
        }
        waarde = t.waarde;
        break;
      }
      case 'jaNee': {
        const w = t.waarde.toLowerCase();
        if (t.soort === 'tekst' && (t.waarde === 'ja' || t.waarde === 'nee')) waarde = t.waarde === 'ja';
        else if (t.soort === 'woord' && (w === 'true' || w === 'false')) waarde = w === 'true';
        else throw this.fout(`ongeldige waarde ${toon(t)} ${bij}; toegestaan: 'ja', 'nee'`, t);
        break;
      }
    }
    this.i++;
    return waarde;
  }

  private veld(t: Token): Veld {
    const veld = this.cat.veld(t.waarde);
    if (!veld || !veld.filterbaar) {
      throw this.fout(`onbekend veld '${t.waarde}' op positie ${t.positie}; toegestaan: ${lijst(this.cat.filterbaar)}`, t);
    }
    return veld;
  }

  private controleerOperator(veld: Veld, op: Operator, t: Token): void {
    if (!veld.operatoren.includes(op)) {
      throw this.fout(
        `operator '${op}' is niet toegestaan voor veld '${veld.naam}' (${typeLabel(veld)}) op positie ${t.positie}; toegestaan: ${lijst(veld.operatoren)}`,
        t,
      );
    }
  }

  private telVoorwaarde(t: Token): void {
    this.voorwaarden++;
    if (this.voorwaarden > WAAR_LIMIETEN.maxVoorwaarden) {
      throw this.fout(`te veel voorwaarden (de ${this.voorwaarden}e begint op positie ${t.positie}); maximaal ${WAAR_LIMIETEN.maxVoorwaarden}`, t);
    }
  }

  private verwacht(soort: Token['soort'], wat: string): void {
    const t = this.huidig();
    if (t.soort !== soort) {
      throw this.fout(t.soort === 'einde' ? `onverwacht einde van de expressie; verwacht ${wat}` : `onverwacht ${toon(t)} op positie ${t.positie}; verwacht ${wat}`, t);
    }
    this.i++;
  }

  private isWoord(woord: string): boolean {
    const t = this.huidig();
    return t.soort === 'woord' && t.waarde.toLowerCase() === woord;
  }

  private huidig(): Token {
    return this.tokens[this.i];
  }

  private volgende(): Token {
    return this.tokens[this.i++];
  }

  private fout(reden: string, t: Token): QueryTaalFout {
    return new QueryTaalFout('waar', reden, t.positie);
  }
}

/** The comparison operators (not the functions) a field allows, for messages. */
function vergelijkendeOps(veld: Veld): string[] {
  return veld.operatoren.filter((op) => op !== 'contains' && op !== 'startswith');
}

function toon(t: Token): string {
  switch (t.soort) {
    case 'tekst':
      return `'${t.waarde.replace(/'/g, "''")}'`;
    case 'einde':
      return 'einde';
    case 'woord':
    case 'getal':
    case 'datum':
      return `'${t.waarde}'`;
    default:
      return `'${t.soort}'`;
  }
}

/** A real calendar date in YYYY-MM-DD. */
export function isDatum(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [j, mnd, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const datum = new Date(Date.UTC(j, mnd - 1, d));
  return j >= 1 && datum.getUTCFullYear() === j && datum.getUTCMonth() === mnd - 1 && datum.getUTCDate() === d;
}

function voorbeeldWaarde(veld: Veld): string {
  switch (veld.type) {
    case 'tekst':
      return "'Utrecht'";
    case 'enum':
      return `'${veld.waarden[0]}'`;
    case 'getal':
      return '12';
    case 'datum':
      return '2024-01-31';
    case 'jaNee':
      return "'ja'";
  }
}

/**
 * An example condition: the one the catalogue declares (a filter that finds rows in the sample: every register
 * list declares one, lib/registers/common/waar-voorbeelden.test.ts), else one on its first filterable field
 * other than the id (for messages of the parser).
 */
export function voorbeeld(cat: Catalogus): string {
  if (cat.voorbeeld !== undefined) return cat.voorbeeld;
  const veld = cat.velden.find((v) => v.filterbaar && v.naam !== cat.id) ?? cat.velden.find((v) => v.filterbaar);
  return veld ? `${veld.naam} eq ${voorbeeldWaarde(veld)}` : '(geen filterbare velden)';
}
