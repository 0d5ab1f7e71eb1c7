import { describe, expect, it } from 'vitest';
import { volgNaam } from './volg-naam';

describe('watch list names', () => {
  it('names an entity by name and place, and says so readably when the name is unknown', () => {
    expect(volgNaam('vestiging', 'V74WF3VQJIE', 'Advies Een B.V.', 'Utrecht')).toBe('Advies Een B.V., Utrecht');
    expect(volgNaam('holding', '724500973ODKK3IFQ447', 'Koper Holding N.V.', null)).toBe('Koper Holding N.V.');
    expect(volgNaam('vestiging', 'V74WF3VQJIE', null, null)).toBe('onbekende vestiging V74WF3VQJIE');
    // A holding GLEIF gives no name carries its LEI as naam: that is no name.
    expect(volgNaam('hoofdholding', '549300ABCDEFGHIJKL12', '549300ABCDEFGHIJKL12', null)).toBe('onbekende hoofdholding 549300ABCDEFGHIJKL12');
  });
});
