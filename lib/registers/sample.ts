// First start on a fresh machine: every register that was never published gets a small GENERATED
// sample (lib/registers/generate, scale 'klein', peildatum today) imported with the voorbeeld flag, so
// all register operations answer at once and every answer says in bronnen that it is sample data. A
// real import (the jobs, or `npm run import`) later publishes over it like any new version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { readManifest } from './common/manifest';
import { DEFAULT_SEED, GENERATOR_VERSION, generateRegisters } from './generate';
import { CHARITY_REGISTER, importCharity } from './charity/import';
import { FINREG_REGISTER, importFinreg } from './finreg/import';
import { FSP_REGISTER, importFsp } from './fsp/import';
import { LEI_REGISTER, importLei } from './lei/import';

export const SAMPLE_REGISTERS = [LEI_REGISTER, CHARITY_REGISTER, FINREG_REGISTER, FSP_REGISTER] as const;

/** bron_url of a sample import: says where the data came from instead of naming an official export. */
export const sampleBronUrl = (seed: number) => `voorbeelddata:generate-registers?versie=${GENERATOR_VERSION}&seed=${seed}&schaal=klein`;

export interface SampleResult {
  /** Registers that got the sample now. */
  geladen: string[];
  /** Registers that already had a published version (left alone). */
  overgeslagen: string[];
  ms: number;
}

/** Today's calendar date in Europe/Amsterdam (YYYY-MM-DD): the sample's peildatum. */
export function todayAmsterdam(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Imports the generated sample into every register without a published version. */
export async function loadSampleIfEmpty(db: PrismaClient, opts: { seed?: number; log?: (m: string) => void } = {}): Promise<SampleResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => undefined);
  const seed = opts.seed ?? DEFAULT_SEED;
  const missing: string[] = [];
  const present: string[] = [];
  for (const r of SAMPLE_REGISTERS) ((await readManifest(db, r)) ? present : missing).push(r);
  if (!missing.length) return { geladen: [], overgeslagen: present, ms: Math.round(performance.now() - t0) };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-voorbeeld-'));
  try {
    const peildatum = todayAmsterdam();
    log(`voorbeelddata genereren (schaal klein, peildatum ${peildatum}) voor: ${missing.join(', ')}`);
    const { bestanden } = await generateRegisters({ schaal: 'klein', seed, uit: dir, peildatum });
    const common = { db, voorbeeld: true, bronUrl: sampleBronUrl(seed) };
    for (const r of missing) {
      if (r === LEI_REGISTER) await importLei({ ...common, file: bestanden.lei, rr: bestanden.rr });
      else if (r === CHARITY_REGISTER) await importCharity({ ...common, file: bestanden.charity });
      else if (r === FINREG_REGISTER) await importFinreg({ ...common, file: bestanden.finreg, peildatum: new Date(`${peildatum}T06:00:00Z`) });
      else if (r === FSP_REGISTER) await importFsp({ ...common, file: bestanden.fsp, peildatum: new Date(`${peildatum}T00:00:00Z`) });
      log(`voorbeelddata geladen: ${r}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { geladen: missing, overgeslagen: present, ms: Math.round(performance.now() - t0) };
}
