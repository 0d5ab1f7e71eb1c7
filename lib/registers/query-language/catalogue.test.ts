import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Problem } from '@/lib/api/problems';
import { defineCatalogus, type VeldDefinitie } from './catalogue';
import { compileWaar } from './compile-waar';
import { testCatalogus as cat } from './fixture-catalogus';
import { leesEnterpriseParams } from './params';
import { enterpriseQueryParams } from './schema';

describe('defineCatalogus refuses programming mistakes', () => {
  const id: VeldDefinitie = { naam: 'id', type: 'tekst', sql: 'e.id', sorteerbaar: true, selecteerbaar: true };
  it.each<[string, VeldDefinitie[], string, RegExp]>([
    ['bad name', [id, { naam: 'Naam', type: 'tekst', sql: 'e.naam', sorteerbaar: true, selecteerbaar: true }], 'id', /naam moet kleine letters/],
    ['reserved word', [id, { naam: 'and', type: 'tekst', sql: 'e.x', sorteerbaar: true, selecteerbaar: true }], 'id', /gereserveerd/],
    ['duplicate', [id, id], 'id', /twee keer/],
    ['semicolon in sql', [id, { naam: 'x', type: 'tekst', sql: 'e.x; DROP TABLE y', sorteerbaar: true, selecteerbaar: true }], 'id', /sql-expressie/],
    ['comment in sql', [id, { naam: 'x', type: 'tekst', sql: 'e.x -- y', sorteerbaar: true, selecteerbaar: true }], 'id', /sql-expressie/],
    ['placeholder in sql', [id, { naam: 'x', type: 'tekst', sql: '$1', sorteerbaar: true, selecteerbaar: true }], 'id', /sql-expressie/],
    ['operator not of type', [id, { naam: 'x', type: 'enum', waarden: ['a'], sql: 'e.x', sorteerbaar: true, selecteerbaar: true, operatoren: ['contains'] }], 'id', /past niet/],
    ['empty enum', [id, { naam: 'x', type: 'enum', waarden: [], sql: 'e.x', sorteerbaar: true, selecteerbaar: true }], 'id', /enum zonder waarden/],
    ['missing id', [id], 'nummer', /id-veld nummer ontbreekt/],
  ])('%s', (_naam, velden, idVeld, bericht) => {
    expect(() => defineCatalogus({ operatie: 't', id: idVeld, velden })).toThrow(bericht);
  });
});

describe('leesEnterpriseParams', () => {
  it('parses all three', () => {
    const p = leesEnterpriseParams({ waar: "plaats eq 'Utrecht'", velden: 'naam', sorteer: '-peildatum' }, cat);
    expect(compileWaar(p.waar, cat).text).toBe('e.plaats = $1');
    expect(p.velden).toEqual(['id', 'naam']);
    expect(p.sorteer).toEqual([{ veld: 'peildatum', richting: 'desc' }]);
    expect(leesEnterpriseParams({}, cat)).toEqual({});
  });

  it('throws one 400 problem naming every invalid parameter', () => {
    try {
      leesEnterpriseParams({ waar: "plaatss eq 'x'", velden: 'naam', sorteer: 'status' }, cat);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(Problem);
      const p = err as Problem;
      expect(p.status).toBe(400);
      expect(p.code).toBe('invalid_parameter');
      expect(p.invalidParams?.map((i) => i.name)).toEqual(['waar', 'sorteer']);
      expect(p.invalidParams?.[0]).toEqual({ name: 'waar', in: 'query', reason: expect.stringMatching(/^onbekend veld 'plaatss' op positie 1; toegestaan: id, naam/) });
      expect(p.detail).toMatch(/^Ongeldige parameters: waar: onbekend veld 'plaatss'.*; sorteer: veld 'status' is niet sorteerbaar/);
    }
  });
});

describe('enterpriseQueryParams (zod, OpenAPI)', () => {
  const schema = z.object(enterpriseQueryParams(cat));

  it('accepts valid and absent values', () => {
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ waar: "ep eq 'ja'", velden: 'naam', sorteer: '-naam' })).toEqual({ waar: "ep eq 'ja'", velden: 'naam', sorteer: '-naam' });
  });

  it('reports the parser message as the issue of the parameter', () => {
    const r = schema.safeParse({ waar: "status eq 'actief'", sorteer: 'x' });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path[0], i.message]);
    expect(issues).toEqual([
      ['waar', "ongeldige waarde 'actief' voor veld 'status' op positie 11; toegestaan: 'geldig', 'beëindigd'"],
      ['sorteer', expect.stringMatching(/^onbekend veld 'x'/)],
    ]);
  });

  it('reports the length once, without running the parser', () => {
    const r = schema.safeParse({ waar: 'x'.repeat(1001) });
    expect(r.error!.issues.map((i) => i.message)).toEqual(['te lang; maximaal 1000 tekens']);
  });

  it('documents a string with maxLength, description and example', () => {
    const js = z.toJSONSchema(enterpriseQueryParams(cat).waar, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    expect(js.type).toBe('string');
    expect(js.maxLength).toBe(1000);
    expect(js.description).toMatch(/OData-achtige syntaxis/);
    expect(js.description).toMatch(/status \(keuze uit 'geldig', 'beëindigd': eq, ne, in\)/);
    expect(js.examples).toEqual(["naam eq 'Utrecht'"]);
    const sorteer = z.toJSONSchema(enterpriseQueryParams(cat).sorteer, { io: 'output' }) as Record<string, unknown>;
    expect(sorteer.maxLength).toBe(200);
    expect(sorteer.description).toMatch(/Sorteerbaar: id, naam, kvk_nummer, plaats, peildatum, aantal_vergunningen/);
  });
});
