// One name for a holding GLEIF gives no name, in every answer: a parent LEI with relations but no Level 1
// record (as foreign parents outside the golden copy) is named "Holding zonder naam in GLEIF" by
// /hoofdholdings, /holdings, /structuur, /relaties/netwerk, /relaties/zoeken, /relaties/{id}, /radar and
// /kansmodel, and its LEI appears only as its own id field, never as naam. Market: three offices; the
// unnamed parent P holds one in May and takes over a second in June.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '@/lib/api/operation';
import { getJson } from '@/test/route';
import { HOLDING_ZONDER_NAAM } from '@/lib/monitor/holding-naam';
import { useTestDatabase } from '@/test/db/test-database';
import { lei, type Kantoor, type LeiEntiteit, type Relatie } from '@/test/fixtures/monitor/markt';
import { publiceerMaanden } from '@/test/fixtures/monitor/publiceer';
import { monitorHoldings } from './holdings';
import { monitorHoofdholdings } from './hoofdholdings';
import { monitorKansmodel } from './kansmodel';
import { monitorNetwerk } from './netwerk';
import { monitorRadar } from './radar';
import { monitorRelaties } from './relaties';
import { monitorRelatiesZoeken } from './relaties-zoeken';
import { monitorStructuur } from './structuur';

const SLOW = 120_000;

const kantoren: Kantoor[] = [
  { id: 'e0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000003', naam: 'Advies Drie B.V.', kvk: '30000003', adres: 'Dam 3', postcode: '1012 JS', plaats: 'Amsterdam' },
];
const entiteiten: LeiEntiteit[] = kantoren.map((k) => ({ lei: lei(k.kvk), naam: k.naam, kvk: k.kvk, plaats: k.plaats }));
/** The parent without a Level 1 record: GLEIF gives it no name. */
const P = lei('P');
const mei: Relatie[] = [{ kind: lei('30000001'), ouder: P, start: '2019-01-01' }];
const juni: Relatie[] = [...mei, { kind: lei('30000002'), ouder: P, start: '2026-05-15' }];

/**
 * Every object in `x` (deep) that carries a `naam`, with the ids next to it; not inside the stored records of
 * wijziging rows (oud, nieuw: the history as recorded, named by the answer's `namen`).
 */
function namen(x: unknown, uit: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(x)) for (const y of x) namen(y, uit);
  else if (x && typeof x === 'object') {
    if ('naam' in x) uit.push(x as Record<string, unknown>);
    for (const [k, y] of Object.entries(x)) if (k !== 'oud' && k !== 'nieuw') namen(y, uit);
  }
  return uit;
}

describe('a holding without a name in GLEIF, in every answer', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-holding-naam-');

  beforeAll(async () => {
    await publiceerMaanden(db.dir(), { kantoren, entiteiten }, [['mei', mei, '2026-05-01'], ['juni', juni, '2026-06-01']] as const);
  }, SLOW);

  it('names it by the one fallback, with its LEI only as id', { timeout: SLOW }, async () => {
    const antwoorden: [string, Operation, string, Record<string, string>?][] = [
      ['hoofdholdings', monitorHoofdholdings, '/v1/distributiemonitor/hoofdholdings'],
      ['holdings', monitorHoldings, '/v1/distributiemonitor/holdings'],
      ['structuur', monitorStructuur, `/v1/distributiemonitor/hoofdholdings/${P}/structuur`, { id: P }],
      ['netwerk', monitorNetwerk, '/v1/distributiemonitor/relaties/netwerk'],
      ['zoeken', monitorRelatiesZoeken, `/v1/distributiemonitor/relaties/zoeken?q=${P}`],
      ['relaties', monitorRelaties, `/v1/distributiemonitor/relaties/${P}`, { instelling_id: P }],
      ['radar', monitorRadar, '/v1/distributiemonitor/radar'],
      ['kansmodel', monitorKansmodel, '/v1/distributiemonitor/kansmodel'],
    ];
    const gezien: string[] = [];
    for (const [wat, op, url, params] of antwoorden) {
      const { status, body } = await getJson(op, url, params);
      if (status === 403 || status === 401) continue; // keyed answers: not part of the anonymous check
      expect(status, wat).toBe(200);
      const alle = namen(body.data);
      // No entity anywhere is named by the LEI ...
      expect(alle.filter((o) => o.naam === P), wat).toEqual([]);
      // ... and the parent, where the answer shows it, is named by the fallback.
      const eigenId = (o: Record<string, unknown>) => ('vestiging_id' in o ? o.vestiging_id : (o.id ?? o.instelling_id ?? o.entiteit_id ?? o.holding_id ?? o.hoofdholding_id));
      const metP = alle.filter((o) => eigenId(o) === P);
      if (metP.length) gezien.push(wat);
      if (body.data.namen?.[P]) expect(body.data.namen[P], wat).toEqual({ naam: HOLDING_ZONDER_NAAM, plaats: null });
      for (const o of metP) expect(o.naam, wat).toBe(HOLDING_ZONDER_NAAM);
    }
    expect(gezien).toEqual(expect.arrayContaining(['hoofdholdings', 'holdings', 'netwerk', 'zoeken']));
  });
});
