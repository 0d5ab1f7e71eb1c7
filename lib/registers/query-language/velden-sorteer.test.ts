import { describe, expect, it } from 'vitest';
import { compileSorteer } from './compile-sorteer';
import { QueryTaalFout } from './errors';
import { testCatalogus as cat } from './fixture-catalogus';
import { kolomVolgorde, selectFields } from './select-fields';
import { parseSorteer } from './sorteer';
import { parseVelden } from './velden';

function fout(f: () => unknown): QueryTaalFout {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(QueryTaalFout);
    return err as QueryTaalFout;
  }
  throw new Error('geen fout');
}

const SELECTEERBAAR = 'id, naam, kvk_nummer, plaats, status, peildatum, aantal_vergunningen, score, ep';

describe('velden', () => {
  it.each([
    ['naam,kvk_nummer', ['id', 'naam', 'kvk_nummer']],
    [' naam , plaats ', ['id', 'naam', 'plaats']],
    ['id', ['id']],
    ['plaats,id,naam', ['id', 'plaats', 'naam']],
  ])('%j -> %j', (invoer, verwacht) => {
    expect(parseVelden(invoer, cat)).toEqual(verwacht);
  });

  it.each([
    ['naam,kvknummer', `onbekend veld 'kvknummer' op positie 6; toegestaan: ${SELECTEERBAAR}`],
    ['bron_hash', `onbekend veld 'bron_hash' op positie 1; toegestaan: ${SELECTEERBAAR}`],
    ['naam,,plaats', "lege veldnaam op positie 6; geef veldnamen gescheiden door komma's, bijvoorbeeld naam,kvk_nummer"],
    ['', "lege veldnaam op positie 1; geef veldnamen gescheiden door komma's, bijvoorbeeld naam,kvk_nummer"],
    ['naam,naam', "veld 'naam' staat er twee keer in (positie 6)"],
    ["naam;DROP TABLE x", `onbekend veld 'naam;DROP TABLE x' op positie 1; toegestaan: ${SELECTEERBAAR}`],
    ['x'.repeat(501), 'te lang (501 tekens); maximaal 500'],
  ])('%j is refused', (invoer, bericht) => {
    const f = fout(() => parseVelden(invoer, cat));
    expect(f.message).toBe(bericht);
    expect(f.parameter).toBe('velden');
  });

  it('selectFields keeps the chosen keys in order', () => {
    const item = { id: 'a1', naam: 'Bank', plaats: 'Utrecht', kvk_nummer: '12345678' };
    expect(selectFields(item, ['id', 'plaats', 'naam'])).toEqual({ id: 'a1', plaats: 'Utrecht', naam: 'Bank' });
    expect(Object.keys(selectFields(item, ['id', 'plaats', 'naam']))).toEqual(['id', 'plaats', 'naam']);
    expect(selectFields(item, undefined)).toBe(item);
    expect(selectFields(item, ['id', 'status'])).toEqual({ id: 'a1' });
    expect(kolomVolgorde(undefined, cat.selecteerbaar)).toEqual(cat.selecteerbaar);
  });
});

describe('sorteer', () => {
  it.each([
    ['-peildatum,naam', 'ORDER BY m.peildatum DESC NULLS LAST, e.naam ASC NULLS LAST, e.id ASC'],
    ['naam', 'ORDER BY e.naam ASC NULLS LAST, e.id ASC'],
    [' plaats , -aantal_vergunningen ', 'ORDER BY e.plaats ASC NULLS LAST, e.aantal_vergunningen DESC NULLS LAST, e.id ASC'],
    ['-id', 'ORDER BY e.id DESC'],
    ['naam,-id', 'ORDER BY e.naam ASC NULLS LAST, e.id DESC'],
    ['plaats,naam,kvk_nummer', 'ORDER BY e.plaats ASC NULLS LAST, e.naam ASC NULLS LAST, e.kvk_nummer ASC NULLS LAST, e.id ASC'],
  ])('%j -> %s', (invoer, text) => {
    const s = compileSorteer(parseSorteer(invoer, cat), cat);
    expect(s.text).toBe(text);
    expect(s.values).toEqual([]);
  });

  it('uses the default sort of the catalogue, with the tiebreaker', () => {
    expect(compileSorteer(undefined, cat).text).toBe('ORDER BY e.naam ASC NULLS LAST, e.id ASC');
    expect(compileSorteer([], cat).text).toBe('ORDER BY e.naam ASC NULLS LAST, e.id ASC');
  });

  const SORTEERBAAR = 'id, naam, kvk_nummer, plaats, peildatum, aantal_vergunningen';
  it.each([
    ['-peildatumm', `onbekend veld 'peildatumm' op positie 2; sorteerbaar: ${SORTEERBAAR} (met - ervoor voor aflopend)`],
    ['status', `veld 'status' is niet sorteerbaar op positie 1; sorteerbaar: ${SORTEERBAAR} (met - ervoor voor aflopend)`],
    ['naam,plaats,kvk_nummer,peildatum', 'te veel sorteervelden; maximaal 3'],
    ['naam,-naam', "veld 'naam' staat er twee keer in (positie 6)"],
    ['naam,', 'lege term op positie 6; bijvoorbeeld sorteer=-id'],
    ['+naam', `onbekend veld '+naam' op positie 1; sorteerbaar: ${SORTEERBAAR} (met - ervoor voor aflopend)`],
    ['--naam', `onbekend veld '-naam' op positie 2; sorteerbaar: ${SORTEERBAAR} (met - ervoor voor aflopend)`],
    ['naam desc', `onbekend veld 'naam desc' op positie 1; sorteerbaar: ${SORTEERBAAR} (met - ervoor voor aflopend)`],
    ['naam; DROP TABLE x', `onbekend veld 'naam; DROP TABLE x' op positie 1; sorteerbaar: ${SORTEERBAAR} (met - ervoor voor aflopend)`],
    ['x'.repeat(201), 'te lang (201 tekens); maximaal 200'],
  ])('%j is refused', (invoer, bericht) => {
    const f = fout(() => parseSorteer(invoer, cat));
    expect(f.message).toBe(bericht);
    expect(f.parameter).toBe('sorteer');
  });
});
