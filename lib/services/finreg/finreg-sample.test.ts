// The generated DNB sample (npm run generate:registers; what `npm start` loads) through the real code path:
// the generator writes DNB's 34-column download per sub-register, importFinreg reads it, and the finreg
// operations answer per the 15 real sub-register codes. VOORBEELDDATA: only shapes and codes are checked.
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { useTestDatabase } from '@/test/db/test-database';
import { generateRegisters } from '@/lib/registers/generate';
import { importFinreg } from '@/lib/registers/finreg/import';
import { DEELREGISTER_CODES } from '@/lib/registers/finreg/deelregisters';
import { finregRegister } from './register';
import { finregInstellingen } from './instellingen';
import { finregRegistraties } from './registraties';

const SLOW = 180_000;

async function call(op: Operation, url: string) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('finreg operations on the generated sample (DNB layout, 15 real codes)', () => {
  useTestDatabase('pglite', 'nlods-finreg-sample-');
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gen-finreg-'));
    const gen = await generateRegisters({ schaal: 0.002, seed: 42, uit: dir, peildatum: '2026-10-15' });
    const r = await importFinreg({ file: gen.bestanden.finreg, peildatum: new Date('2026-10-15T06:00:00Z') });
    expect(r.aantallen).toMatchObject({ overgeslagen: 0, waarschuwingen: 0, bestanden: 15 });
  }, SLOW);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('/v1/finreg/register counts registrations per the 15 real codes, and only those', { timeout: SLOW }, async () => {
    const r = await call(finregRegister, '/v1/finreg/register');
    expect(r.status).toBe(200);
    const a = r.body.data.aantallen as Record<string, number>;
    const perCode = Object.keys(a).filter((k) => /^registraties_[A-Z]/.test(k)).map((k) => k.slice('registraties_'.length));
    expect(perCode.sort()).toEqual([...DEELREGISTER_CODES].sort());
    expect(perCode).not.toContain('onbekend');
    const sum = DEELREGISTER_CODES.reduce((s, c) => s + a[`registraties_${c}`], 0);
    expect(sum).toBe(a.registraties);
  });

  it('instellingen?deelregister=WFTKF lists banks, each in WFTKF', { timeout: SLOW }, async () => {
    const r = await call(finregInstellingen, '/v1/finreg/instellingen?deelregister=WFTKF&rijen=100');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.totaal).toBeGreaterThan(0);
    for (const i of r.body.data.instellingen) expect(i.deelregisters).toContain('WFTKF');
    const lower = await call(finregInstellingen, '/v1/finreg/instellingen?deelregister=wftkf&rijen=100');
    expect(lower.body.data.totaal).toBe(r.body.data.totaal);
  });

  it('registraties?deelregister=WFTKF answers only WFTKF registrations', { timeout: SLOW }, async () => {
    const r = await call(finregRegistraties, '/v1/finreg/registraties?deelregister=WFTKF&rijen=100');
    expect(r.status).toBe(200);
    expect(r.body.data.totaal).toBeGreaterThan(0);
    expect(new Set(r.body.data.registraties.map((x: { deelregister: string }) => x.deelregister))).toEqual(new Set(['WFTKF']));
  });

  it('deelregister=WFTVB (no such register) is a 400 problem naming the 15 allowed codes', { timeout: SLOW }, async () => {
    const r = await call(finregInstellingen, '/v1/finreg/instellingen?deelregister=WFTVB');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'invalid_parameter' });
    expect(r.body.invalid_params[0]).toMatchObject({ name: 'deelregister', in: 'query' });
    expect(r.body.invalid_params[0].reason).toBe(`onbekend deelregister; toegestaan: ${DEELREGISTER_CODES.join(', ')}`);
  });
});
