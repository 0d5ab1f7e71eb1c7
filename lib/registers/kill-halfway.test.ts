// kill -9 of the import CLI halfway through an fsp or finreg import (a generated export, large enough to
// be cut off while rows are being written): the previous version keeps serving and the manifest says the
// refresh failed. (lei and charity have the same test next to their importers.) The killed import's
// staging rows do not stay until the next publish: the clean-up job (fsp) or the next import's start, even
// one that fails (finreg), deletes them and VACUUMs the tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db/client';
import { killImportHalfway, useTestDatabase } from '@/test/db/test-database';
import { runJob } from '@/jobs/run';
import { opruimenRegistersJob } from '@/jobs/opruimen-registers';
import { readManifest } from './common/manifest';
import { generateRegisters } from './generate';
import { FINREG_TABLES, importFinreg } from './finreg/import';
import { FSP_TABLES, importFsp } from './fsp/import';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SLOW = 240_000;

describe('kill -9 halfway through an fsp or finreg import', () => {
  useTestDatabase('pglite', 'nlods-kill-');
  let dir = '';
  let generated: Awaited<ReturnType<typeof generateRegisters>>['bestanden'];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-kill-gen-'));
    ({ bestanden: generated } = await generateRegisters({ schaal: 0.5, uit: dir }));
  }, SLOW);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    {
      register: 'fsp',
      previous: () => importFsp({ file: path.join(root, 'test/fixtures/registers/afm/wfd-extern-register-3.0_structure_opgebouwd.zip') }),
      big: () => generated.fsp,
      tables: FSP_TABLES,
      // the daily clean-up job
      cleanUp: async () => expect((await runJob(opruimenRegistersJob)).status).toBe('ok'),
    },
    {
      register: 'finreg',
      previous: () => importFinreg({ file: path.join(root, 'test/fixtures/registers/dnb/export') }),
      big: () => generated.finreg,
      tables: FINREG_TABLES,
      // the next import's start, although that import itself fails (a file that is not there)
      cleanUp: async () => {
        await expect(importFinreg({ file: path.join(dir, 'bestaat-niet.csv') })).rejects.toThrow();
      },
    },
  ])('$register: the previous version keeps serving, the manifest says mislukt, the staging rows are cleaned up', { timeout: SLOW }, async ({ register, previous, big, tables, cleanUp }) => {
    await previous();
    const before = await readManifest(getDb(), register);
    await closeDb(); // PGlite: one process at a time
    await killImportHalfway([register, '--file', big()], /opgeslagen/);
    const after = await readManifest(getDb(), register);
    expect(after).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256, aantallen: before!.aantallen });
    expect(after!.verversing.status).toBe('mislukt');
    expect(after!.verversing.laatste_poging!.import_id).toBeGreaterThan(before!.import_id);

    // The killed import left rows under its own id; the table holds more than the served version.
    const killedId = after!.verversing.laatste_poging!.import_id;
    const db = getDb();
    const rowsOf = async (t: string, id: number) =>
      (await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${t}" WHERE import_id = $1`, id))[0].n;
    const vacuums = async () => {
      const out: number[] = [];
      for (const t of tables) {
        const [r] = await db.$queryRawUnsafe<{ n: bigint | number }[]>(`SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = $1`, t);
        out.push(Number(r?.n ?? 0));
      }
      return out;
    };
    // The kill may come before the first batch is committed: the rows a killed writer leaves are then added
    // as it would have written them (a copy of the served rows under the killed import's id).
    for (const t of tables) {
      await db.$executeRawUnsafe(
        `INSERT INTO "${t}" SELECT (jsonb_populate_record(NULL::"${t}", to_jsonb(x) || jsonb_build_object('import_id', $1::int))).*
         FROM "${t}" x WHERE import_id = $2 ON CONFLICT DO NOTHING`,
        killedId,
        before!.import_id,
      );
    }
    const servedRows = await Promise.all(tables.map((t) => rowsOf(t, before!.import_id)));
    const vacuumsBefore = await vacuums();

    await cleanUp();

    for (const t of tables) expect(await rowsOf(t, killedId)).toBe(0);
    // nothing but the served version is left: no table holds a row of any other import
    const allRows = async (t: string) => (await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${t}"`))[0].n;
    expect(await Promise.all(tables.map(allRows))).toEqual(servedRows);
    // the served version is untouched and still served
    expect(await Promise.all(tables.map((t) => rowsOf(t, before!.import_id)))).toEqual(servedRows);
    expect(await readManifest(db, register)).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256 });
    // VACUUM after the delete (PGlite has no autovacuum): the freed space is reused by the next import
    const vacuumsAfter = await vacuums();
    vacuumsAfter.forEach((n, i) => expect(n, tables[i]).toBeGreaterThan(vacuumsBefore[i]));
  });
});
