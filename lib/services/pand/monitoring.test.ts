// GET /v1/monitoring/pand/{postcode}/{huisnummer}: one hash per source, stable for the same data and changed
// only for the source whose data changed; a failing source has hash null and is onbeschikbaar.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import { monitoringPand } from './monitoring';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[] };

const harnas = metReplay({ kopie: true, env: { EP_ONLINE_API_KEY: 'replay-test' } });

async function get(pc: string, hn: string): Promise<{ status: number; body: Body }> {
  const res = await route(monitoringPand).GET(new Request(`http://localhost/v1/monitoring/pand/${pc}/${hn}`), { params: Promise.resolve({ postcode: pc, huisnummer: hn }) });
  return { status: res.status, body: (await res.json()) as Body };
}

describe('GET /v1/monitoring/pand/{postcode}/{huisnummer}', () => {
  it('gives a hash per source that stays the same and changes only with that source’s data', async () => {
    const first = await get('7906LE', '5');
    expect(first.status).toBe(200);
    const h = first.body.data.hashes;
    expect(Object.keys(h)).toEqual(['adres', 'verblijfsobject', 'woz', 'energielabels', 'perceel', 'panden', 'monumenten', 'buurt']);
    for (const v of Object.values(h)) expect(v).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(first.body.data.groepen.energielabels.gegevens[0].klasse).toBe('C');
    expect(first.body.data.groepen.perceel.gegevens.kadastrale_aanduiding).toBe('HGV00 I 4945');
    clearSourceCache();
    expect((await get('7906LE', '5')).body.data.hashes).toEqual(h);

    // A new WOZ value is established: only the woz hash changes.
    const file = path.join(harnas.dir(), 'woz-waardeloket', 'wozwaarde-anjerstraat-5-hoogeveen-datahuys.json');
    const original = fs.readFileSync(file, 'utf8');
    try {
      const json = JSON.parse(original);
      json.wozWaarden.push({ peildatum: '2025-01-01', vastgesteldeWaarde: 301000 });
      fs.writeFileSync(file, JSON.stringify(json));
      clearSourceCache();
      const changed = (await get('7906LE', '5')).body.data.hashes;
      expect(changed.woz).not.toBe(h.woz);
      expect({ ...changed, woz: null }).toEqual({ ...h, woz: null });
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('gives a failing source hash null and status onbeschikbaar', async () => {
    harnas.replay().setFault('rce-monumenten', { kind: 'http500' });
    const { status, body } = await get('3012BR', '42');
    expect(status).toBe(200);
    expect(body.data.groepen.monumenten).toMatchObject({ bron: 'rce-monumenten', status: 'onbeschikbaar', hash: null, gegevens: null });
    expect(body.data.groepen.perceel.status).toBe('ok');
    expect(body.data.canonicalisatie).toMatch(/gesorteerd/);
  });

  it('is 404 for an unknown address and 400 for a bad one', async () => {
    expect((await get('1234ZZ', '1')).status).toBe(404);
    expect((await get('ABCD12', '1')).status).toBe(400);
  });
});
