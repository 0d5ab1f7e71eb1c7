// The per-version answer cache: a repeated question on the same published version is answered from
// memory (bronnen cache: true, same data); a new version is asked afresh; concurrent callers share one
// computation; a failed computation is not kept.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { useTestDatabase } from '@/test/db/test-database';
import { importCharity } from '../charity/import';
import { charityInstellingen } from '@/lib/services/charity/instellingen';
import { perVersion, totaalPerVersie } from './version-cache';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const ANBI = path.join(root, 'test/fixtures/registers/anbi/anbi-sample.zip');

async function list(url: string) {
  const res = await route(charityInstellingen).GET(new Request(`http://localhost${url}`), { params: Promise.resolve({}) });
  return (await res.json()) as { data: { totaal: number; instellingen: { id: string }[] }; bronnen: { cache: boolean }[] };
}

describe('version cache', () => {
  it('counts a list filter once per version, whatever the page, fields, order or format', async () => {
    const m = { register: 'x', import_id: 7, gepubliceerd_op: '2026-11-22T00:00:00.000Z' };
    let counts = 0;
    const count = async () => ++counts * 100;
    const tel = (query: Record<string, unknown>, versie = m) => totaalPerVersie(versie, 'op', query)(count);
    expect(await tel({ status: 'geldig', rijen: 50, start: 0 })).toBe(100);
    expect(await tel({ status: 'geldig', rijen: 10, start: 500, velden: 'naam', sorteer: '-naam', formaat: 'csv' })).toBe(100);
    expect(counts).toBe(1);
    expect(await tel({ status: 'beëindigd', rijen: 50, start: 0 })).toBe(200);
    expect(await tel({ status: 'geldig', waar: "plaats eq 'Utrecht'", rijen: 50, start: 0 })).toBe(300);
    expect(await tel({ status: 'geldig', rijen: 50, start: 0 }, { ...m, import_id: 8 })).toBe(400);
    expect(counts).toBe(4);
  });

  it('computes once per key, shares concurrent calls, and forgets failures', async () => {
    const m = { register: 'x', import_id: 1, gepubliceerd_op: '2026-11-22T00:00:00.000Z' };
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
      return { n: calls };
    };
    const [a, b] = await Promise.all([perVersion(m, 'op', { q: 'a' }, compute), perVersion(m, 'op', { q: 'a' }, compute)]);
    expect(calls).toBe(1);
    expect(a.value).toEqual({ n: 1 });
    expect(b.value).toBe(a.value);
    expect((await perVersion(m, 'op', { q: 'a' }, compute)).hit).toBe(true);
    expect((await perVersion(m, 'op', { q: 'b' }, compute)).value).toEqual({ n: 2 });
    expect((await perVersion({ ...m, import_id: 2 }, 'op', { q: 'a' }, compute)).value).toEqual({ n: 3 });
    await expect(perVersion(m, 'op', { q: 'fout' }, async () => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    expect((await perVersion(m, 'op', { q: 'fout' }, async () => 'goed')).value).toBe('goed');
  });

  describe('through an operation', () => {
    useTestDatabase('pglite', 'nlods-version-cache-');

    it('answers a repeated question from memory and a new version afresh', { timeout: 120_000 }, async () => {
      await importCharity({ file: ANBI });
      const first = await list('/v1/charity/instellingen?rijen=3');
      expect(first.bronnen[0].cache).toBe(false);
      const again = await list('/v1/charity/instellingen?rijen=3');
      expect(again.bronnen[0].cache).toBe(true);
      expect(again.data).toEqual(first.data);
      expect((await list('/v1/charity/instellingen?rijen=2')).bronnen[0].cache).toBe(false);

      await importCharity({ file: ANBI, forceer: true }); // a new version of the same file (forced): new import id
      const fresh = await list('/v1/charity/instellingen?rijen=3');
      expect(fresh.bronnen[0].cache).toBe(false);
      expect(fresh.data.instellingen).toEqual(first.data.instellingen);
    });
  });
});
