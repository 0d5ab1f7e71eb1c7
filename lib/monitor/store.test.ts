// The wijziging rows as the answers declare them (Wijziging: oud and nieuw a Vestiging or a HoldingRecord):
// a vestiging record of a version from before links were recorded is read with koppeling null, as the state is.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { useTestDatabase } from '@/test/db/test-database';
import { readGeschiedenis } from './store';

const vestiging = {
  vestiging_id: 'VAAAAAAAAAA', naam: 'Advies B.V.', kvk_nummer: '30000001', postcode: '3511AA', huisnummer: '1', plaats: 'Utrecht', actief: true,
  instelling_id: 'e1', producten: ['Hypothecair krediet'], hypotheek_diensten: ['Adviseren'], sinds: '2010-01-01', einde: null, handelsnamen: [],
  klachteninstituut: null, lei: null, holding_id: null, hoofdholding_id: null,
};
const holding = { holding_id: 'H'.repeat(20), naam: 'Top N.V.', vestiging_ids: ['VAAAAAAAAAA'], hoofdholding_id: 'H'.repeat(20), type: 'hoofdholding', moeder_id: null, kvk_nummer: null };

describe.each(['pglite', 'postgresql'] as const)('wijziging rows (%s)', (kind) => {
  useTestDatabase(kind, `nlods-store-${kind}-`);

  it('reads an older vestiging record with koppeling null, a link stored as lei as gleif, and a holding record as stored', { timeout: 120_000 }, async () => {
    const db = getDb();
    const [{ id }] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO dataset_versie (sleutel, peildatum, bronnen, samenvatting, aantallen, kengetallen)
      VALUES ('proef', '2026-11-01', '[]', '{}', '{}', '{}') RETURNING id`;
    const nieuw = { ...vestiging, producten: [...vestiging.producten, 'Sparen'] };
    await db.$executeRaw`
      INSERT INTO wijziging (versie_id, datum, entiteit_type, entiteit_id, wijziging_type, velden, oud, nieuw) VALUES
        (${id}, '2026-11-01', 'vestiging', 'VAAAAAAAAAA', 'gewijzigd', ARRAY['producten'], ${JSON.stringify(vestiging)}::jsonb, ${JSON.stringify({ ...nieuw, koppeling: { lei: { methode: 'kvk', zekerheid: 1 }, dnb: null } })}::jsonb),
        (${id}, '2026-11-01', 'hoofdholding', ${holding.holding_id}, 'nieuw', ARRAY[]::text[], NULL, ${JSON.stringify(holding)}::jsonb)`;
    const [v] = await readGeschiedenis(db, ['vestiging'], 'VAAAAAAAAAA');
    expect(v.oud).toEqual({ ...vestiging, koppeling: null });
    expect(v.nieuw).toEqual({ ...nieuw, koppeling: { gleif: { methode: 'kvk', zekerheid: 1 }, dnb: null } });
    const [h] = await readGeschiedenis(db, ['hoofdholding'], holding.holding_id);
    expect(h).toMatchObject({ oud: null, nieuw: holding });
  });
});
