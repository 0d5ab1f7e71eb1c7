// kill -9 of the import CLI halfway through an fsp or finreg import (a generated export, large enough to
// be cut off while rows are being written): the previous version keeps serving and the manifest says the
// refresh failed. (lei and charity have the same test next to their importers.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db/client';
import { killImportHalfway, useTestDatabase } from '@/test/db/test-database';
import { readManifest } from './common/manifest';
import { generateRegisters } from './generate';
import { importFinreg } from './finreg/import';
import { importFsp } from './fsp/import';

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
    },
    {
      register: 'finreg',
      previous: () => importFinreg({ file: path.join(root, 'test/fixtures/registers/dnb/export') }),
      big: () => generated.finreg,
    },
  ])('$register: the previous version keeps serving, the manifest says mislukt', { timeout: SLOW }, async ({ register, previous, big }) => {
    await previous();
    const before = await readManifest(getDb(), register);
    await closeDb(); // PGlite: one process at a time
    await killImportHalfway([register, '--file', big()], /opgeslagen/);
    const after = await readManifest(getDb(), register);
    expect(after).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256, aantallen: before!.aantallen });
    expect(after!.verversing.status).toBe('mislukt');
    expect(after!.verversing.laatste_poging!.import_id).toBeGreaterThan(before!.import_id);
  });
});
