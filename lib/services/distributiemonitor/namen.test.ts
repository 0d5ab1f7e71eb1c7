import { describe, expect, it } from 'vitest';
import type { Markt } from '@/lib/monitor/markt';
import { HOLDING_ZONDER_NAAM } from '@/lib/monitor/holding-naam';
import { ID_VELDEN } from '@/lib/monitor/id-velden';
import { idsInRijen, namenUit, namenVoorRijen } from './namen';

const markt = (vestigingen: [string, string, string | null][], holdings: [string, string][]): Markt =>
  ({
    vestiging: new Map(vestigingen.map(([id, naam, plaats]) => [id, { vestiging_id: id, naam, plaats }])),
    holding: new Map(holdings.map(([id, naam]) => [id, { holding_id: id, naam }])),
    hoofdholding: new Map(),
  }) as unknown as Markt;

describe('names next to ids', () => {
  const nu = markt([['V1', 'Een B.V.', 'Ede']], [['H1', 'Top N.V.'], ['H2', 'H2']]);
  const vorige = markt([['V2', 'Twee B.V.', 'Epe'], ['V1', 'Oude naam', 'Ede']], []);

  it('collects every id a row mentions: its own and those in the id fields of its records', () => {
    const ids = idsInRijen([
      { entiteit_id: 'H1', oud: { vestiging_ids: ['V2'], hoofdholding_id: null }, nieuw: { vestiging_ids: ['V1'], moeder_id: 'H2' } },
      { entiteit_id: 'V1', oud: { holding_id: null }, nieuw: { holding_id: 'H1', naam: 'Een B.V.' } },
    ]);
    expect([...ids].sort()).toEqual(['H1', 'H2', 'V1', 'V2']);
  });

  it('names by the first market that knows an id; a LEI as naam is no name but the one fallback; unknown ids are absent', () => {
    expect(namenUit([nu, vorige], ['V1', 'V2', 'H1', 'H2', 'V9'])).toEqual({
      V1: { naam: 'Een B.V.', plaats: 'Ede' },
      V2: { naam: 'Twee B.V.', plaats: 'Epe' },
      H1: { naam: 'Top N.V.', plaats: null },
      H2: { naam: HOLDING_ZONDER_NAAM, plaats: null },
    });
  });

  it('collects the ids of every id field the change lines name, the moved vestiging_id too', () => {
    const ids = idsInRijen([{ entiteit_id: 'V5', oud: { vestiging_id: 'V4', holding_id: 'H1' }, nieuw: { vestiging_id: 'V5', holding_id: 'H1' } }]);
    expect([...ids].sort()).toEqual(['H1', 'V4', 'V5']);
    for (const veld of Object.keys(ID_VELDEN)) expect(idsInRijen([{ entiteit_id: 'X', oud: null, nieuw: { [veld]: 'Y' } }])).toContain('Y');
  });

  it('names a holding no market knows any more by the fallback when its record carries its LEI as naam', () => {
    const lei = '529900V3U2BWS16V7K75';
    expect(namenVoorRijen([nu], [{ entiteit_id: lei, oud: { holding_id: lei, naam: lei }, nieuw: null }])).toEqual({ [lei]: { naam: HOLDING_ZONDER_NAAM, plaats: null } });
  });

  it('names a row’s own entity from its record when no market knows it any more', () => {
    expect(namenVoorRijen([nu], [{ entiteit_id: 'V8', oud: { naam: 'Weg B.V.', plaats: 'Oss' }, nieuw: null }])).toEqual({ V8: { naam: 'Weg B.V.', plaats: 'Oss' } });
  });
});
