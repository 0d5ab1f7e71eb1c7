// First start: the generated sample fills every never-published register, labelled as sample data in
// the manifest and in every answer's bronnen; registers with a published version are left alone.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { useTestDatabase } from '@/test/db/test-database';
import { importCharity } from './charity/import';
import { readManifest } from './common/manifest';
import { VOORBEELD_LABEL } from './common/served';
import { minMaanden } from '@/lib/kalender';
import { loadSampleIfEmpty, SAMPLE_MAANDEN, SAMPLE_REGISTERS, todayAmsterdam } from './sample';
import { leiEntiteiten } from '@/lib/services/lei/entiteiten';
import { fspInstellingen } from '@/lib/services/fsp/instellingen';
import { finregRegistraties } from '@/lib/services/finreg/registraties';
import { charityRegister } from '@/lib/services/charity/register';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SLOW = 180_000;

async function call(op: Operation, url: string) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('sample data on first start', () => {
  it('npm start checks the same registers before it starts the sample loader', () => {
    const start = fs.readFileSync(path.join(root, 'scripts/start.mjs'), 'utf8');
    const list = /const REGISTERS = \[([^\]]*)\]/.exec(start)?.[1].match(/'([a-z]+)'/g)?.map((x) => x.slice(1, -1));
    expect(list?.sort()).toEqual([...SAMPLE_REGISTERS].sort());
  });

  useTestDatabase('pglite', 'nlods-sample-');

  it('fills the registers never published, labels every answer, and leaves published ones alone', { timeout: SLOW }, async () => {
    const db = getDb();
    // charity was imported for real before the first start: it must stay as it is.
    await importCharity({ file: path.join(root, 'test/fixtures/registers/anbi/anbi-sample.zip'), db });
    const before = await readManifest(db, 'charity');

    // monthly versions, oldest first: the callback sees each month after its imports are published
    const seen: { maand: number; peildatum: string; fsp: string | undefined; lei: string | undefined }[] = [];
    const voor = todayAmsterdam();
    const r = await loadSampleIfEmpty(db, {
      naMaand: async ({ maand, peildatum }) => {
        const [fsp, lei] = [await readManifest(db, 'fsp'), await readManifest(db, 'lei')];
        seen.push({ maand, peildatum, fsp: fsp?.peildatum?.slice(0, 10), lei: lei?.peildatum?.slice(0, 10) });
      },
    });
    expect(r.geladen.sort()).toEqual(['finreg', 'fsp', 'lei']);
    expect(r.overgeslagen).toEqual(['charity']);
    expect(r.maanden).toBe(SAMPLE_MAANDEN);
    // The newest month is today in Amsterdam: the day the load began, or the next when it ran past midnight.
    const today = seen[seen.length - 1].peildatum;
    expect([voor, todayAmsterdam()]).toContain(today);
    const peildata = Array.from({ length: SAMPLE_MAANDEN }, (_, k) => minMaanden(today, SAMPLE_MAANDEN - 1 - k));
    expect(seen).toEqual(peildata.map((p, k) => ({ maand: k + 1, peildatum: p, fsp: p, lei: p })));

    for (const reg of ['lei', 'finreg', 'fsp']) {
      const m = await readManifest(db, reg);
      expect(m?.voorbeeld, reg).toBe(true);
      expect(m?.bron_url).toMatch(/^voorbeelddata:generate-registers/);
      // fsp and lei: the newest month is today; finreg was loaded once, with the first month
      expect(m?.peildatum?.slice(0, 10)).toBe(reg === 'finreg' ? peildata[0] : today);
    }
    // one sample import per month for fsp and lei, one for finreg, all labelled
    for (const [reg, n] of [['fsp', SAMPLE_MAANDEN], ['lei', SAMPLE_MAANDEN], ['finreg', 1]] as const) {
      const imports = await db.registerImport.findMany({ where: { register: reg } });
      expect(imports.length, reg).toBe(n);
      expect(imports.every((i) => i.voorbeeld && i.status === 'gepubliceerd')).toBe(true);
    }
    expect((await readManifest(db, 'charity'))?.import_id).toBe(before?.import_id);

    for (const [op, url, list] of [
      [leiEntiteiten, '/v1/lei/entiteiten?rijen=5', 'entiteiten'],
      [fspInstellingen, '/v1/fsp/instellingen?rijen=5', 'instellingen'],
      [finregRegistraties, '/v1/finreg/registraties?rijen=5', 'registraties'],
    ] as const) {
      const a = await call(op, url);
      expect(a.status, url).toBe(200);
      expect(a.body.data[list].length).toBe(5);
      expect(a.body.data.totaal).toBeGreaterThan(100);
      expect(a.body.bronnen[0].voorbeelddata).toBe(true);
      expect(a.body.bronnen[0].titel).toContain(VOORBEELD_LABEL);
      expect(a.body.data.manifest.voorbeelddata).toBe(true);
    }
    // The real charity import is not labelled.
    const c = await call(charityRegister, '/v1/charity/register');
    expect(c.body.data.voorbeelddata).toBe(false);
    expect(c.body.bronnen[0].voorbeelddata).toBe(false);
    expect(c.body.bronnen[0].titel).not.toContain(VOORBEELD_LABEL);

    // A second start loads nothing.
    const again = await loadSampleIfEmpty(db);
    expect(again.geladen).toEqual([]);
  });
});
