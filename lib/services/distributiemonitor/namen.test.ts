import { describe, expect, it } from 'vitest';
import type { Markt } from '@/lib/monitor/markt';
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

  it('names by the first market that knows an id; a LEI as naam is no name; unknown ids are absent', () => {
    expect(namenUit([nu, vorige], ['V1', 'V2', 'H1', 'H2', 'V9'])).toEqual({
      V1: { naam: 'Een B.V.', plaats: 'Ede' },
      V2: { naam: 'Twee B.V.', plaats: 'Epe' },
      H1: { naam: 'Top N.V.', plaats: null },
    });
  });

  it('names a row’s own entity from its record when no market knows it any more', () => {
    expect(namenVoorRijen([nu], [{ entiteit_id: 'V8', oud: { naam: 'Weg B.V.', plaats: 'Oss' }, nieuw: null }])).toEqual({ V8: { naam: 'Weg B.V.', plaats: 'Oss' } });
  });
});
