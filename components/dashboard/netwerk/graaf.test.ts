import { describe, expect, it } from 'vitest';
import { MAX_NODES } from '@/lib/services/distributiemonitor/netwerk';
import { doelVanKnoop, html, MAX_KNOPEN, OVERIG, PALET, structuren, structuurHref, type NetwerkKnoop } from './graaf';

const k = (id: string, type: NetwerkKnoop['type'], grootte: number, groep: string, naam = id): NetwerkKnoop => ({ id, naam, type, grootte, groep });

describe('netwerk view helpers', () => {
  it('uses the operation’s bounds of max_nodes', () => {
    expect(MAX_KNOPEN).toEqual(MAX_NODES);
  });

  it('lists the structures largest first, with their nodes in the graph and a colour each', () => {
    const nodes = [
      k('A', 'hoofdholding', 3, 'A'),
      k('A1', 'tussenholding', 2, 'A'),
      k('V1', 'vestiging', 1, 'A'),
      k('S', 'samenwerkingsverband', 5, 'S'),
      k('V2', 'vestiging', 1, 'S'),
      k('B', 'hoofdholding', 3, 'B', 'Aap'),
    ];
    const s = structuren(nodes);
    expect(s.map((x) => [x.id, x.knopen])).toEqual([
      ['S', 2],
      ['A', 3],
      ['B', 1],
    ]);
    expect(s.map((x) => x.kleur)).toEqual(PALET.slice(0, 3));
    const veel = Array.from({ length: PALET.length + 2 }, (_, i) => k(`H${i}`, 'hoofdholding', 100 - i, `H${i}`));
    expect(structuren(veel).slice(-2).map((x) => x.kleur)).toEqual([OVERIG, OVERIG]);
  });

  it('sends a click to the structure of the node’s hoofdholding, not for a samenwerkingsverband', () => {
    const typen = new Map([
      ['A', 'hoofdholding' as const],
      ['S', 'samenwerkingsverband' as const],
    ]);
    expect(doelVanKnoop(k('A', 'hoofdholding', 3, 'A'), typen)).toBe('/dashboard/holdings/A');
    expect(doelVanKnoop(k('A1', 'tussenholding', 2, 'A'), typen, '2025-12-22')).toBe('/dashboard/holdings/A?open=A1&peildatum=2025-12-22');
    expect(doelVanKnoop(k('V2', 'vestiging', 1, 'S'), typen)).toBeNull();
    expect(structuurHref('A', { open: 'A' })).toBe('/dashboard/holdings/A');
  });

  it('escapes names for the tooltip', () => {
    expect(html(`<b>"Jansen" & Zn's</b>`)).toBe('&lt;b&gt;&quot;Jansen&quot; &amp; Zn&#39;s&lt;/b&gt;');
  });
});
