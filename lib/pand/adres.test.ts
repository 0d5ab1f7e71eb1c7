// The letter/toevoeging filter of the WOZ operation on hand-made Locatieserver addresses.
import { describe, expect, it } from 'vitest';
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { filterAdressen } from './adres';

const adres = (huisletter: string | null, toevoeging: string | null) => ({ huisletter, toevoeging }) as Locatie;
const ALL = [adres(null, null), adres('A', null), adres('A', '2'), adres(null, 'bis'), adres('B', null)];
const show = (l: Locatie[]) => l.map((a) => `${a.huisletter ?? ''}|${a.toevoeging ?? ''}`);

describe('filterAdressen', () => {
  it.each([
    [{}, ['|', 'A|', 'A|2', '|bis', 'B|']],
    [{ letter: 'a' }, ['A|', 'A|2']],
    [{ letter: 'A', toevoeging: '2' }, ['A|2']],
    [{ toevoeging: 'BIS' }, ['|bis']],
    [{ toevoeging: 'A' }, ['A|']],
    [{ toevoeging: 'a-2' }, ['A|2']],
    [{ letter: 'B', toevoeging: '2' }, []],
    [{ letter: 'Z' }, []],
  ])('%o', (filter, expected) => {
    expect(show(filterAdressen(ALL, filter))).toEqual(expected);
  });
});
