// The label jump: derived only from the current class and the target labels in the file.
import { describe, expect, it } from 'vitest';
import { labelsprong } from './labelsprong';
import type { LabelKlasse, Maatregel } from '@/lib/verduurzaming/types';

const m = (doel_label: LabelKlasse | null): Maatregel => ({ omschrijving: 'stap', doel_label, doel_index: null, investering: null });

describe('labelsprong', () => {
  it.each([
    // van, doellabels, verwacht
    ['E', ['C', 'A', 'A++'], { van_klasse: 'E', naar_klasse: 'A++', stappen: 6 }],
    ['E', ['A++', 'C', 'A'], { van_klasse: 'E', naar_klasse: 'A++', stappen: 6 }],
    ['G', ['A++++'], { van_klasse: 'G', naar_klasse: 'A++++', stappen: 10 }],
    ['D', ['D'], { van_klasse: 'D', naar_klasse: 'D', stappen: 0 }],
    ['B', ['C'], { van_klasse: 'B', naar_klasse: 'C', stappen: -1 }],
    ['C', [null, 'B', null], { van_klasse: 'C', naar_klasse: 'B', stappen: 1 }],
    ['C', [null, null], null],
    ['C', [], null],
    [null, ['A'], null],
  ] as [LabelKlasse | null, (LabelKlasse | null)[], unknown][])('%s -> %j gives %j', (van, doelen, verwacht) => {
    expect(labelsprong(van, doelen.map(m))).toEqual(verwacht);
  });

  it('is null when the format has no measures', () => {
    expect(labelsprong('C', null)).toBeNull();
  });
});
