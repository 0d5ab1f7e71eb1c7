import { describe, expect, it } from 'vitest';
import { wijzigingRij as w } from '../fixture';
import type { StructuurKnoop, Versie } from '../typen';
import { holdingNaam, hoofdholdingNaamMet, naamVan, namenInBoom, toelichting, versiesVoorGeschiedenis, vestigingPast } from './wijzigingen';
import { padNaar } from './boom';

const boom: StructuurKnoop = {
  id: 'H',
  naam: 'Top',
  type: 'hoofdholding',
  kvk_nummer: null,
  aantal_vestigingen: 2,
  aantal_vestigingen_actief: 2,
  kinderen: [
    { id: 'T', naam: 'Tussen', type: 'tussenholding', kvk_nummer: null, aantal_vestigingen: 1, aantal_vestigingen_actief: 1, kinderen: [{ id: 'V1', naam: 'Een', type: 'vestiging', kvk_nummer: '1', aantal_vestigingen: 1, aantal_vestigingen_actief: 1, kinderen: [] }] },
    { id: 'V2', naam: 'Twee', type: 'vestiging', kvk_nummer: '2', aantal_vestigingen: 1, aantal_vestigingen_actief: 1, kinderen: [] },
  ],
};

describe('structure view helpers', () => {
  it('finds vestigingen by part of name or place and by postcode with or without its space', () => {
    const v = { naam: 'Deltatoren Ede B.V.', plaats: 'Alphen aan den Rijn', postcode: '2405 BD' };
    expect(vestigingPast(v, '')).toBe(true);
    expect(vestigingPast(v, 'toren ede')).toBe(true);
    expect(vestigingPast(v, 'ALPHEN')).toBe(true);
    expect(vestigingPast(v, '2405bd')).toBe(true);
    expect(vestigingPast(v, '2405 B')).toBe(true);
    expect(vestigingPast({ naam: 'Café Één', plaats: null, postcode: null }, 'cafe een')).toBe(true);
    expect(vestigingPast(v, 'rotterdam')).toBe(false);
  });

  it('names every id in the tree', () => {
    expect([...namenInBoom(boom).keys()]).toEqual(['H', 'T', 'V1', 'V2']);
  });

  it('reads the versions up to the as-of version, without the nulmeting when the whole history is visible', () => {
    const v = (id: number) => ({ versie_id: id, peildatum: `2026-0${id}-22` }) as Versie;
    const versies = [v(4), v(3), v(2), v(1)];
    expect(versiesVoorGeschiedenis(versies, null, 3).map((x) => x.versie_id)).toEqual([3, 2]);
    expect(versiesVoorGeschiedenis(versies.slice(0, 3), '2026-02-01', 4).map((x) => x.versie_id)).toEqual([4, 3, 2]);
  });

  it('says what changed in Dutch', () => {
    const naam = (id: string | null) => (id === null ? 'geen' : id === 'H' ? 'Top' : id);
    expect(toelichting(w({ wijziging_type: 'overgenomen', oud: { hoofdholding_id: null }, nieuw: { hoofdholding_id: 'H' } }), naam)).toBe('Hoofdholding: geen → Top');
    expect(toelichting(w({ wijziging_type: 'verhuisd', oud: { postcode: '1234 AB', huisnummer: 1, huisnummer_toevoeging: null, plaats: 'Ede' }, nieuw: { postcode: '5678 CD', huisnummer: 2, huisnummer_toevoeging: 'A', plaats: 'Epe' } }), naam)).toBe(
      'Verhuisd van 1234 AB 1 Ede naar 5678 CD 2-A Epe',
    );
    expect(toelichting(w({ entiteit_type: 'holding', velden: ['vestiging_ids'], oud: { vestiging_ids: ['a', 'b'] }, nieuw: { vestiging_ids: ['b', 'c', 'd'] } }), naam)).toBe(
      'Vestigingen 2 → 3 (+2, −1)',
    );
    expect(toelichting(w({ wijziging_type: 'beëindigd', nieuw: { einde: '2026-01-01' } }), naam)).toBe('Beëindigd per 2026-01-01');
    // Other fields by their labels, not their raw names.
    expect(toelichting(w({ entiteit_type: 'holding', velden: ['kvk_nummer', 'moeder_id'], oud: {}, nieuw: {} }), naam)).toBe('Gewijzigd: KvK-nummer, moederholding');
  });

  it('finds the path to a node of the tree', () => {
    expect(padNaar(boom, 'V1')).toEqual(['H', 'T', 'V1']);
    expect(padNaar(boom, 'nergens')).toEqual([]);
  });

  it('names entities, hoofdholdingen and a few moved vestigingen; a LEI is never shown as a name', () => {
    const namen = { c: { naam: 'Kantoor C', plaats: 'Ede' }, X: { naam: 'Andere Top N.V.', plaats: null } };
    expect(toelichting(w({ entiteit_type: 'holding', velden: ['vestiging_ids'], oud: { vestiging_ids: ['a', 'b'] }, nieuw: { vestiging_ids: ['b', 'c'] } }), () => '', namen)).toBe(
      'Vestigingen 2 → 2 (+1, −1); vestiging Kantoor C (Ede) toegevoegd; onbekende vestiging a vertrokken',
    );
    const naam = hoofdholdingNaamMet('H', 'Top', new Map([['Y', 'Y']]), namen);
    expect([naam(null), naam('H'), naam('X'), naam('Y')]).toEqual(['geen (zelfstandig)', 'Top', 'Andere Top N.V.', 'onbekende hoofdholding Y']);
    expect(holdingNaam('5493001KJTIIGC8Y1R12', '5493001KJTIIGC8Y1R12')).toBe('Holding zonder naam in GLEIF');
    expect(holdingNaam('Top N.V.', '5493001KJTIIGC8Y1R12')).toBe('Top N.V.');
    expect(naamVan(w({ entiteit_id: 'c' }), namen)).toBe('Kantoor C');
    expect(naamVan(w({ entiteit_type: 'holding', entiteit_id: 'Q', nieuw: { naam: 'Q' } }))).toBe('Holding zonder naam in GLEIF');
  });
});
