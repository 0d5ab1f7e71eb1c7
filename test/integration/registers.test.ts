// The fsp, finreg and charity registers over real HTTP: 503 naming the register before any import; then
// (on PostgreSQL, where the import CLI runs beside the server) each imported from its fixture with the CLI
// as a user runs it, after which every operation answers with the envelope, peildatum and attribution,
// unknown ids give 404 and bad values 400. The LEI register has its own file (lei.test.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api } from './http';

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(root, 'test/fixtures/registers');

function runImport(args: string[]) {
  return spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/import.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PGLITE_DIR: inject('pgliteDir') || undefined, LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
}

const REGISTERS = [
  { register: 'fsp', naam: /AFM-register/, args: ['fsp', '--file', path.join(fixtures, 'afm/wfd-extern-register-3.0_structure_opgebouwd.zip'), '--peildatum', '2026-11-20'] },
  { register: 'finreg', naam: /DNB/, args: ['finreg', '--file', path.join(fixtures, 'dnb/export'), '--peildatum', '2026-11-20'] },
  { register: 'charity', naam: /ANBI/, args: ['charity', '--file', path.join(fixtures, 'anbi/anbi-sample.zip')] },
];

describe('fsp, finreg and charity registers over HTTP', () => {
  it.each(REGISTERS)('$register: 503 naming the register before any import', async ({ register, naam }) => {
    const r = await api(`/v1/${register}/register`);
    expect(r.status).toBe(503);
    expect(r.body.errorCode).toBe('import_unavailable');
    expect(r.body.detail).toMatch(naam);
  });

  it.runIf(inject('dbBackend') === 'postgresql')('after the CLI imports, every operation answers', async () => {
    for (const { register, args } of REGISTERS) {
      const r = runImport(args);
      expect(r.status, r.stderr).toBe(0);
      // fsp and finreg feed the distribution monitor: the CLI recomputes it after the publish.
      if (register !== 'charity') expect(r.stdout).toMatch(/Distributiemonitor: datasetversie \d+ \(peildatum 2026-11-20\)/);
    }
    const fsp = await api('/v1/fsp/instellingen?rijen=50');
    expect(fsp.status).toBe(200);
    expect(fsp.body).toMatchObject({ api: 'fsp', onderdeel: 'instellingen' });
    expect(fsp.body.bronnen[0]).toMatchObject({ bron: 'afm-register', attributie: 'Bron: AFM', voorbeelddata: false });
    expect(fsp.body.bronnen[0].peildatum).toMatch(/^2026-11-20/);
    const fspId = fsp.body.data.instellingen[0].id as string;
    const finreg = await api('/v1/finreg/instellingen?rijen=50');
    const relatienummer = finreg.body.data.instellingen[0].relatienummer as string;
    const charity = await api('/v1/charity/instellingen?rijen=50');
    const charityId = charity.body.data.instellingen[0].id as string;

    const ok = [
      '/v1/fsp/register', `/v1/fsp/instellingen/${fspId}`, '/v1/fsp/vergunningen?status=geldig',
      '/v1/finreg/register', `/v1/finreg/instellingen/${relatienummer}`, '/v1/finreg/registraties?deelregister=WFTDG',
      '/v1/finreg/instellingen?lei=724500973ODKK3IFQ447',
      '/v1/charity/register', `/v1/charity/instellingen/${charityId}`, '/v1/charity/instellingen?status=geldig&formaat=json',
    ];
    for (const p of ok) {
      const r = await api(p);
      expect(r.status, p).toBe(200);
      expect(Object.keys(r.body), p).toEqual(['api', 'versie', 'onderdeel', 'gegenereerd_op', 'duur_ms', 'bronnen', 'data']);
      expect(r.body.bronnen[0].peildatum, p).toBeTruthy();
      expect(r.body.bronnen[0].bron_url, p).toBeTruthy();
    }
    const adyen = await api('/v1/finreg/instellingen?lei=724500973ODKK3IFQ447');
    expect(adyen.body.data.instellingen).toEqual([expect.objectContaining({ relatienummer: 'F0001', kvk_nummer: '34259528' })]);

    for (const p of ['/v1/fsp/instellingen/bestaat-niet-1', '/v1/finreg/instellingen/X0000', '/v1/charity/instellingen/999999999']) {
      const r = await api(p);
      expect(r.status, p).toBe(404);
      expect(r.body.errorCode).toBe('not_found');
    }
    const csv = await fetch(`${inject('appUrl')}/v1/fsp/vergunningen?velden=vergunningnummer,status`, { headers: { Accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('vergunningnummer,status');
  }, 240_000);

  it.runIf(inject('dbBackend') === 'pglite')('the import CLI refuses clearly while the server holds the embedded database', () => {
    const r = runImport(REGISTERS[0].args);
    expect(r.status).not.toBe(0);
    expect(`${r.stdout}${r.stderr}`).toMatch(/al geopend door proces \d+/);
  }, 120_000);
});
