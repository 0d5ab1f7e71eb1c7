import { describe, expect, it } from 'vitest';
import { compileWaar } from './compile-waar';
import { QueryTaalFout } from './errors';
import { testCatalogus as cat } from './fixture-catalogus';
import { parseWaar } from './waar-parser';

const STATUS = "(CASE WHEN e.einddatum IS NULL OR e.einddatum >= m.peildatum THEN 'geldig' ELSE 'beëindigd' END)";

function sql(waar: string) {
  const s = compileWaar(parseWaar(waar, cat), cat);
  return { text: s.text, values: s.values };
}

function fout(waar: string): string {
  try {
    parseWaar(waar, cat);
  } catch (err) {
    expect(err).toBeInstanceOf(QueryTaalFout);
    return (err as QueryTaalFout).message;
  }
  throw new Error(`geen fout voor ${waar}`);
}

describe('waar: valid expressions compile to parameterised SQL', () => {
  const geldig: [string, string, unknown[]][] = [
    ["plaats eq 'Utrecht'", 'e.plaats = $1', ['Utrecht']],
    ["plaats eq 'Utrecht' and status eq 'geldig'", `(e.plaats = $1 AND ${STATUS} = $2)`, ['Utrecht', 'geldig']],
    ["plaats ne 'Utrecht'", 'e.plaats IS DISTINCT FROM $1', ['Utrecht']],
    ['aantal_vergunningen gt 3', 'e.aantal_vergunningen > $1', [3]],
    ['aantal_vergunningen ge -2', 'e.aantal_vergunningen >= $1', [-2]],
    ['score lt 2.5', 'e.score < $1', [2.5]],
    ['peildatum le 2024-12-31', 'm.peildatum <= CAST($1 AS date)', ['2024-12-31']],
    ["peildatum ge '2024-02-29'", 'm.peildatum >= CAST($1 AS date)', ['2024-02-29']],
    ["naam gt 'M'", 'e.naam > $1', ['M']],
    ["contains(naam,'bank')", 'e.naam ILIKE $1', ['%bank%']],
    ["startswith(naam, 'ING')", 'e.naam ILIKE $1', ['ING%']],
    ["contains(naam,'100%_\\')", 'e.naam ILIKE $1', ['%100\\%\\_\\\\%']],
    ["startswith(kvk_nummer,'3301')", 'e.kvk_nummer ILIKE $1', ['3301%']],
    ["plaats in ('Utrecht','Amsterdam')", 'e.plaats IN ($1, $2)', ['Utrecht', 'Amsterdam']],
    ['peildatum in (2024-01-01, 2024-06-30)', 'm.peildatum IN (CAST($1 AS date), CAST($2 AS date))', ['2024-01-01', '2024-06-30']],
    ["status in ('beëindigd')", `${STATUS} IN ($1)`, ['beëindigd']],
    ['plaats eq null', 'e.plaats IS NULL', []],
    ['plaats ne null', 'e.plaats IS NOT NULL', []],
    ['plaats eq NULL', 'e.plaats IS NULL', []],
    ["ep eq 'ja'", 'e.ep = $1', [true]],
    ["ep ne 'nee'", 'e.ep IS DISTINCT FROM $1', [false]],
    ['ep eq true', 'e.ep = $1', [true]],
    ["not plaats eq 'Utrecht'", '(e.plaats = $1) IS NOT TRUE', ['Utrecht']],
    ["not (plaats eq 'A' or plaats eq 'B')", '((e.plaats = $1 OR e.plaats = $2)) IS NOT TRUE', ['A', 'B']],
    [
      "plaats eq 'A' or plaats eq 'B' and status eq 'geldig'",
      `(e.plaats = $1 OR (e.plaats = $2 AND ${STATUS} = $3))`,
      ['A', 'B', 'geldig'],
    ],
    ["(plaats eq 'A' or plaats eq 'B') and ep eq 'ja'", '((e.plaats = $1 OR e.plaats = $2) AND e.ep = $3)', ['A', 'B', true]],
    ["plaats eq 'A' and (naam eq 'x' and kvk_nummer eq '12345678')", '(e.plaats = $1 AND e.naam = $2 AND e.kvk_nummer = $3)', ['A', 'x', '12345678']],
     ["plaats EQ 'x' AND ep eq 'nee'", '(e.plaats = $1 AND e.ep = $2)', ['x', false]],
    ["naam eq 'O''Brien'", 'e.naam = $1', ["O'Brien"]],
    ["naam eq ''", 'e.naam = $1', ['']],
    ["  plaats\teq\n'Utrecht'  ", 'e.plaats = $1', ['Utrecht']],
  ];
  it.each(geldig)('%s', (waar, text, values) => {
    expect(sql(waar)).toEqual({ text, values });
  });

  it('without waar the condition is TRUE', () => {
    expect(compileWaar(undefined, cat).text).toBe('TRUE');
  });
});

describe('waar: invalid expressions give a Dutch message with the position', () => {
  const ongeldig: [string, string][] = [
    [
      "plaatss eq 'Utrecht'",
      "onbekend veld 'plaatss' op positie 1; toegestaan: id, naam, kvk_nummer, plaats, status, peildatum, aantal_vergunningen, score, ep",
    ],
    ["bron_hash eq 'x'", "onbekend veld 'bron_hash' op positie 1; toegestaan: id, naam, kvk_nummer, plaats, status, peildatum, aantal_vergunningen, score, ep"],
    ["plaats like 'U%'", "onbekende operator 'like' op positie 8; toegestaan voor veld 'plaats': eq, ne, gt, ge, lt, le, in"],
    ["plaats = 'Utrecht'", "onverwacht teken '=' op positie 8; gebruik eq, ne, gt, ge, lt of le"],
    ["status gt 'geldig'", "operator 'gt' is niet toegestaan voor veld 'status' (keuze uit 'geldig', 'beëindigd') op positie 8; toegestaan: eq, ne, in"],
    ["status eq 'actief'", "ongeldige waarde 'actief' voor veld 'status' op positie 11; toegestaan: 'geldig', 'beëindigd'"],
    ["contains(kvk_nummer,'33')", "operator 'contains' is niet toegestaan voor veld 'kvk_nummer' (tekst) op positie 1; toegestaan: eq, ne, in, startswith"],
    ["endswith(naam,'x')", "onbekende functie 'endswith' op positie 1; toegestaan: contains, startswith"],
    ['plaats eq Utrecht', "ongeldige waarde 'Utrecht' voor veld 'plaats' op positie 11; tekst staat tussen enkele aanhalingstekens, bijvoorbeeld 'Utrecht'"],
    ['kvk_nummer eq 33014286', "ongeldige waarde '33014286' voor veld 'kvk_nummer' op positie 15; tekst staat tussen enkele aanhalingstekens, bijvoorbeeld 'Utrecht'"],
    ["aantal_vergunningen gt '3'", "ongeldige waarde '3' voor veld 'aantal_vergunningen' op positie 24; verwacht een geheel getal zonder aanhalingstekens, bijvoorbeeld 12"],
    ['aantal_vergunningen gt 2.5', 'ongeldige waarde 2.5 voor veld \'aantal_vergunningen\' op positie 24; verwacht een geheel getal'],
    ['peildatum eq 2024-02-30', "ongeldige datum '2024-02-30' voor veld 'peildatum' op positie 14; verwacht JJJJ-MM-DD, bijvoorbeeld 2024-01-31"],
    ["peildatum eq '31-12-2024'", "ongeldige datum '31-12-2024' voor veld 'peildatum' op positie 14; verwacht JJJJ-MM-DD, bijvoorbeeld 2024-01-31"],
    ['peildatum eq 2024-1-1', "ongeldig getal of datum '2024-1-1' op positie 14; een getal is bijvoorbeeld 12 of -3.5 (punt als decimaalteken), een datum JJJJ-MM-DD; tekst staat tussen enkele aanhalingstekens"],
    ["ep eq 'misschien'", "ongeldige waarde 'misschien' voor veld 'ep' op positie 7; toegestaan: 'ja', 'nee'"],
    ["ep gt 'ja'", "operator 'gt' is niet toegestaan voor veld 'ep' (ja/nee ('ja' of 'nee')) op positie 4; toegestaan: eq, ne"],
    ['plaats gt null', 'null kan alleen met eq of ne (positie 11)'],
    ["plaats in ('a', null)", 'null kan niet in een in-lijst (positie 17); gebruik plaats eq null'],
    ['plaats in ()', "ongeldige waarde ')' voor veld 'plaats' op positie 12; tekst staat tussen enkele aanhalingstekens, bijvoorbeeld 'Utrecht'"],
    ["plaats in 'a'", "onverwacht 'a' op positie 11; verwacht '(' na in, bijvoorbeeld plaats in ('Utrecht', ...)"],
    ["plaats eq 'Utrecht", 'tekst zonder afsluitend aanhalingsteken (begint op positie 11)'],
    ["plaats eq 'a' and", 'onverwacht einde van de expressie; verwacht: een voorwaarde, bijvoorbeeld naam eq \'Utrecht\''],
    ["plaats eq 'a' plaats eq 'b'", "onverwacht 'plaats' op positie 15; verwacht: and, or of het einde"],
    ["(plaats eq 'a'", "onverwacht einde van de expressie; verwacht ')' (bij '(' op positie 1)"],
    ["plaats eq 'a')", "onverwacht ')' op positie 14; verwacht: and, or of het einde"],
    ['plaats', "onverwacht einde na veld 'plaats'; verwacht een operator: eq, ne, gt, ge, lt, le, in"],
    ['plaats eq', "onverwacht einde; verwacht een waarde voor veld 'plaats' (tekst)"],
    ['', "lege expressie; bijvoorbeeld naam eq 'Utrecht'"],
    ['   ', "lege expressie; bijvoorbeeld naam eq 'Utrecht'"],
    ['plaats eq "Utrecht"', "onverwacht teken '\"' op positie 11; tekst staat tussen enkele aanhalingstekens ('...')"],
    ["contains(naam,'')", 'lege zoektekst in contains op positie 15'],
    ["contains(naam 'x')", "onverwacht 'x' op positie 15; verwacht ',' in contains(veld, 'tekst')"],
    ["plaats eq 'a' && ep eq 'ja'", "onverwacht teken '&' op positie 15; gebruik and en or"],
  ];
  it.each(ongeldig)('%s', (waar, bericht) => {
    expect(fout(waar)).toBe(bericht);
  });

  it('carries the position on the error', () => {
    try {
      parseWaar("naam eq 'x' and plaatss eq 'y'", cat);
      expect.unreachable();
    } catch (err) {
      expect((err as QueryTaalFout).positie).toBe(17);
      expect((err as QueryTaalFout).parameter).toBe('waar');
    }
  });
});

describe('waar: injection attempts end up as parameters or errors, never in SQL text', () => {
  const alsParameter = [
    "x'; DROP TABLE fsp_instelling; --",
    "' OR '1'='1",
    'a /* comment */ b',
    'Zoë — “quotes” ‘ ’ 🙂 \u202E',
    '\\',
    '$1',
    'a\u00A0b',
  ];
  it.each(alsParameter)('value %j stays a parameter', (waarde) => {
    const literal = `'${waarde.replace(/'/g, "''")}'`;
    const s = compileWaar(parseWaar(`naam eq ${literal} or contains(plaats, ${literal})`, cat), cat);
    expect(s.text).toBe('(e.naam = $1 OR e.plaats ILIKE $2)');
    expect(s.values[0]).toBe(waarde);
    expect(s.strings.join('')).not.toContain(waarde);
  });

  const fouten: [string, RegExp][] = [
    ["plaats eq 'a'; DROP TABLE x", /^onverwacht teken ';' op positie 14/],
    ["plaats eq 'a' -- commentaar", /^onverwacht teken '-' op positie 15/],
    ["plaats eq 'a' /* x */", /^onverwacht teken '\/' op positie 15/],
    ["plaats eq 'a' or 1=1", /^onverwacht teken '=' op positie 19; gebruik eq/],
    ["e.plaats eq 'a'", /^onverwacht teken '\.' op positie 2/],
    ["plaats) or (1 eq 1", /^onverwacht '\)' op positie 7/],
    ["plaats eq 'a\u0000'", /^stuurteken in tekst op positie 13/],
    ["plaatſ eq 'a'", /^onverwacht teken U\+017F op positie 6/],
    ["plaats\u00A0eq 'a'", /^onverwacht teken U\+00A0 op positie 7/],
    ["plaats eq 'a' ＯＲ 1", /^onverwacht teken U\+FF2F op positie 15/],
    ["naam eq $1", /^onverwacht teken '\$' op positie 9/],
    ["pg_sleep(10) eq 'x'", /^onbekende functie 'pg_sleep' op positie 1/],
    ["plaats eq 'a' or id eq (select 1)", /^ongeldige waarde '\(' voor veld 'id' op positie 24/],
  ];
  it.each(fouten)('%j is refused', (waar, bericht) => {
    expect(fout(waar)).toMatch(bericht);
  });
});

describe('waar: limits', () => {
  it('refuses more than 1000 characters', () => {
    const waar = `naam eq '${'a'.repeat(995)}'`;
    expect(fout(waar)).toBe(`expressie is te lang (${waar.length} tekens); maximaal 1000`);
    expect(() => parseWaar(`naam eq '${'a'.repeat(989)}'`, cat)).not.toThrow();
  });

  it('allows 20 conditions and refuses the 21st', () => {
    const twintig = Array.from({ length: 20 }, (_, i) => `aantal_vergunningen ne ${i}`).join(' or ');
    expect(() => parseWaar(twintig, cat)).not.toThrow();
    expect(fout(`${twintig} or ep eq 'ja'`)).toMatch(/^te veel voorwaarden \(de 21e begint op positie \d+\); maximaal 20$/);
  });

  it('allows nesting depth 5 and refuses 6', () => {
    expect(() => parseWaar(`${'('.repeat(5)}ep eq 'ja'${')'.repeat(5)}`, cat)).not.toThrow();
    expect(fout(`${'('.repeat(6)}ep eq 'ja'${')'.repeat(6)}`)).toBe('te diep genest op positie 6; maximaal 5 niveaus (haakjes en not)');
    expect(fout(`${'not '.repeat(6)}ep eq 'ja'`)).toBe('te diep genest op positie 21; maximaal 5 niveaus (haakjes en not)');
  });

  it('refuses more than 50 values in an in-list', () => {
    const lijst = Array.from({ length: 51 }, (_, i) => `'${i}'`).join(',');
    expect(fout(`plaats in (${lijst})`)).toBe('te veel waarden in in-lijst op positie 11; maximaal 50');
  });

  it('refuses numbers with more than 15 digits', () => {
    expect(fout('score gt 1234567890.1234567')).toMatch(/te veel cijfers/);
  });
});
