// The distribution monitor over real HTTP: the status answers at once; bad values give 400 problems on
// every backend; on PostgreSQL (where the import CLI runs beside the server) the CLI imports a hand-made
// market (fsp + LEI with relationships), recomputes the monitor, and every operation answers with the
// envelope, as of a date too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { lei, schrijfMarkt } from '../fixtures/monitor/markt';
import { api } from './http';

const root = path.resolve(__dirname, '../..');

function cli(args: string[]) {
  return spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PGLITE_DIR: inject('pgliteDir') || undefined, LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
}

describe('distribution monitor over HTTP', () => {
  it('answers its status and refuses bad values with 400 problems', async () => {
    const s = await api('/v1/distributiemonitor');
    expect(s.status).toBe(200);
    expect(['beschikbaar', 'wacht_op_import']).toContain(s.body.data.status);
    for (const [p, param] of [
      ['/v1/distributiemonitor/relaties/zoeken?q=x', 'q'],
      ['/v1/distributiemonitor/benchmark?peergroep_seg=q9', 'peergroep_seg'],
      ['/v1/distributiemonitor/relaties/netwerk?jaar=twee', 'jaar'],
      ['/v1/distributiemonitor/relaties/netwerk?max_nodes=5000', 'max_nodes'],
    ]) {
      const r = await api(p);
      expect(r.status, p).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      expect(r.body.invalidParams?.map((x: { name: string }) => x.name) ?? [], p).toContain(param);
    }
  });

  it.runIf(inject('dbBackend') === 'postgresql')('after the CLI imports a market, every operation answers with the envelope', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monitor-it-'));
    const H = lei('H');
    const kantoren = ['1', '2', '3'].map((n) => ({ id: `b0000000-0000-4000-8000-00000000000${n}`, naam: `Kantoor ${n} B.V.`, kvk: `4000000${n}`, adres: `Markt ${n}`, postcode: '3511 AA', plaats: 'Utrecht' }));
    const entiteiten = [...kantoren.map((k) => ({ lei: lei(k.kvk), naam: k.naam, kvk: k.kvk, plaats: k.plaats })), { lei: H, naam: 'Groep N.V.', kvk: '40000099', plaats: 'Utrecht' }];
    const f = schrijfMarkt(dir, 'm', { kantoren, entiteiten, relaties: [{ kind: lei('40000001'), ouder: H, start: '2020-01-01' }], datum: '2026-10-01' });
    for (const args of [
      ['scripts/import.ts', 'fsp', '--file', f.afm, '--peildatum', '2026-10-01'],
      ['scripts/import.ts', 'lei', '--file', f.lei, '--rr', f.rr, '--peildatum', '2026-10-01'],
    ]) {
      const r = cli(args);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/Distributiemonitor: datasetversie \d+/);
    }
    expect(cli(['scripts/monitor-recompute.ts']).stdout).toContain('Geen nieuwe versie');
    await new Promise((r) => setTimeout(r, 5_500)); // the server's version list is cached for 5 s
    const paths = [
      '/v1/distributiemonitor', '/v1/distributiemonitor/universum', '/v1/distributiemonitor/methodiek', '/v1/distributiemonitor/vestigingen?postcode=3511AA',
      '/v1/distributiemonitor/holdings', '/v1/distributiemonitor/hoofdholdings', `/v1/distributiemonitor/hoofdholdings/${H}/structuur`,
      '/v1/distributiemonitor/samenwerkingsverbanden', '/v1/distributiemonitor/relaties/zoeken?q=kantoor', '/v1/distributiemonitor/relaties/40000001',
      '/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/versies', '/v1/distributiemonitor/radar', '/v1/distributiemonitor/kansmodel',
      '/v1/distributiemonitor/benchmark?peergroep_seg=q1_smal', '/v1/distributiemonitor/hypotheek', '/v1/distributiemonitor/metrieken', '/v1/distributiemonitor/metrieken/hhi',
    ];
    // As of the newest version's own date (other integration files may have published registers too).
    const nieuwste = (await api('/v1/distributiemonitor/versies')).body.data.versies[0];
    paths.push(`/v1/distributiemonitor/vestigingen?peildatum=${nieuwste.peildatum}`);
    for (const p of paths) {
      const r = await api(p);
      expect(r.status, p).toBe(200);
      expect(Object.keys(r.body), p).toEqual(['api', 'versie', 'onderdeel', 'gegenereerd_op', 'duur_ms', 'bronnen', 'data']);
    }
    const v = await api('/v1/distributiemonitor/vestigingen?kvk_nummer=40000001');
    expect(v.body.data.vestigingen).toMatchObject([{ kvk_nummer: '40000001', hoofdholding_id: H, actief: true }]);
    expect(v.body.data.dekking.peildatum >= '2026-10-01').toBe(true);
    expect((await api(`/v1/distributiemonitor/versies/${nieuwste.id}/wijzigingen`)).status).toBe(200);
    expect((await api('/v1/distributiemonitor/versies/999999/wijzigingen')).status).toBe(404);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 240_000);
});
