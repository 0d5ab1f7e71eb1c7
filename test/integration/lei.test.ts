// The LEI register over real HTTP: 503 before any import; the import CLI as a user runs it (on PostgreSQL
// next to the running server; on the embedded database it must refuse clearly while the server holds it);
// after the import the four operations answer from the published version with peildatum and attribution.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api } from './http';

const root = path.resolve(__dirname, '../..');
const gleif = path.join(root, 'test/fixtures/registers/gleif');

function runImport() {
  return spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'scripts/import.ts',
      'lei',
      '--file',
      path.join(gleif, 'ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv'),
      '--rr',
      path.join(gleif, 'ft-gleifr_test-gleif-relationships_rr-cdf-1.1.csv'),
      '--peildatum',
      '2026-09-01T08:00:00Z',
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, PGLITE_DIR: inject('pgliteDir') || undefined, LOG_LEVEL: 'warn' }, timeout: 120_000 },
  );
}

describe('LEI register', () => {
  it('answers 503 naming the register before any import', async () => {
    const r = await api('/v1/lei/register');
    expect(r.status).toBe(503);
    expect(r.body.errorCode).toBe('import_unavailable');
    expect(r.body.detail).toMatch(/LEI/);
  });

  it.runIf(inject('dbBackend') === 'pglite')('the import CLI refuses clearly while the server holds the embedded database', () => {
    const r = runImport();
    expect(r.status).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/al geopend door proces \d+/);
  }, 120_000);

  it.runIf(inject('dbBackend') === 'postgresql')('after an import the four operations answer with peildatum and attribution', async () => {
    const r = runImport();
    expect(r.status, r.stderr).toBe(0);

    const manifest = await api('/v1/lei/register');
    expect(manifest.status).toBe(200);
    expect(manifest.body.data.peildatum).toMatch(/^2026-09-01/);
    expect(manifest.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);

    const kvk = await api('/v1/lei/kvk/34153487');
    expect(kvk.status).toBe(200);
    expect(JSON.stringify(kvk.body.data)).toContain('04VK4ASM6OJ180YRBJ15');
    expect(kvk.body.bronnen[0]).toMatchObject({ bron: 'gleif-golden-copy', attributie: 'Bron: GLEIF, Global LEI Index' });
    expect(kvk.body.bronnen[0].peildatum).toMatch(/^2026-09-01/);

    const lijst = await api('/v1/lei/entiteiten?q=snap-on&rijen=5');
    expect(lijst.status).toBe(200);
    expect(JSON.stringify(lijst.body.data)).toContain('Helmond');

    expect((await api('/v1/lei/entiteiten/04VK4ASM6OJ180YRBJ15')).status).toBe(200);
    expect((await api('/v1/lei/entiteiten/AAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  }, 120_000);
});
