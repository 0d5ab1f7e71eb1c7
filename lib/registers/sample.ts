// First start on a fresh machine: every register that was never published gets a GENERATED sample
// (lib/registers/generate) imported with the voorbeeld flag, so all register operations answer at once and
// every answer says in bronnen that it is sample data. A real import (the jobs, or `npm run import`) later
// publishes over it like any new version.
//
// The sample is a small MARKET with monthly versions (generate/market.ts, scale SAMPLE_SCHAAL, the newest
// month's peildatum today): the monthly registers (fsp from the AFM export, lei from the GLEIF files) are
// imported month by month, oldest first, each month a new published version, and after each month
// `naMaand` is awaited (the distribution monitor recomputes there, so it starts with history). charity
// and finreg are imported once, with the first month (their peildatum is the first month's).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { amsterdamDag } from '@/lib/kalender';
import { readManifest } from './common/manifest';
import { DEFAULT_SEED, GENERATOR_VERSION, generateRegisters, type Schaal } from './generate';
import { CHARITY_REGISTER, importCharity } from './charity/import';
import { FINREG_REGISTER, importFinreg } from './finreg/import';
import { FSP_REGISTER, importFsp } from './fsp/import';
import { LEI_REGISTER, importLei } from './lei/import';

export const SAMPLE_REGISTERS = [LEI_REGISTER, CHARITY_REGISTER, FINREG_REGISTER, FSP_REGISTER] as const;
/** The registers that get a version per month; the others are loaded once. */
export const MONTHLY_REGISTERS: readonly string[] = [LEI_REGISTER, FSP_REGISTER];

/** Monthly versions loaded by default. */
export const SAMPLE_MAANDEN = 6;
/**
 * Scale of the sample: 3 % of the real registers gives about 240 vestigingen (about 160 independent), a few
 * dozen holdings with three takeovers a month, three franchise formulas and a purchasing group, and
 * loads six months in well under 20 s ('klein', 1 %, has fewer than 200 vestigingen).
 */
export const SAMPLE_SCHAAL: Schaal = 0.03;

/** bron_url of a sample import: says where the data came from instead of naming an official export. */
export const sampleBronUrl = (seed: number, maanden = SAMPLE_MAANDEN, maand = maanden) =>
  `voorbeelddata:generate-registers?versie=${GENERATOR_VERSION}&seed=${seed}&schaal=${SAMPLE_SCHAAL}&maanden=${maanden}&maand=${maand}`;

export interface SampleResult {
  /** Registers that got the sample now. */
  geladen: string[];
  /** Registers that already had a published version (left alone). */
  overgeslagen: string[];
  /** Months loaded (1 when only charity/finreg were missing). */
  maanden: number;
  ms: number;
}

export interface SampleOptions {
  seed?: number;
  /** Monthly versions of fsp and lei, oldest first; default SAMPLE_MAANDEN. */
  maanden?: number;
  log?: (m: string) => void;
  /** Awaited after each month's imports (the monitor recomputes there). maand: 1 = oldest. */
  naMaand?: (info: { maand: number; peildatum: string }) => Promise<void>;
}

/** Today's calendar date in Europe/Amsterdam (YYYY-MM-DD): the sample's (newest) peildatum. */
export function todayAmsterdam(now = new Date()): string {
  return amsterdamDag(now);
}

/** Imports the generated sample into every register without a published version. */
export async function loadSampleIfEmpty(db: PrismaClient, opts: SampleOptions = {}): Promise<SampleResult> {
  const t0 = performance.now();
  const log = opts.log ?? (() => undefined);
  const seed = opts.seed ?? DEFAULT_SEED;
  const missing: string[] = [];
  const present: string[] = [];
  for (const r of SAMPLE_REGISTERS) ((await readManifest(db, r)) ? present : missing).push(r);
  if (!missing.length) return { geladen: [], overgeslagen: present, maanden: 0, ms: Math.round(performance.now() - t0) };
  // months only matter for the monthly registers: without them one version of charity/finreg, dated today
  const maanden = missing.some((r) => MONTHLY_REGISTERS.includes(r)) ? (opts.maanden ?? SAMPLE_MAANDEN) : 1;
  if (!Number.isSafeInteger(maanden) || maanden < 1) throw new Error(`ongeldig aantal maanden: ${maanden}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-voorbeeld-'));
  try {
    const peildatum = todayAmsterdam();
    log(`voorbeelddata genereren (schaal ${SAMPLE_SCHAAL}, ${maanden} maand(en) tot peildatum ${peildatum}) voor: ${missing.join(', ')}`);
    const gen = await generateRegisters({ schaal: SAMPLE_SCHAAL, seed, uit: dir, peildatum, maanden, markt: true });
    const months = gen.maanden!;
    const first = months[0].peildatum;
    for (const m of months) {
      const common = { db, voorbeeld: true, bronUrl: sampleBronUrl(seed, maanden, m.maand) };
      for (const r of missing) {
        if (r === LEI_REGISTER) await importLei({ ...common, file: m.lei, rr: m.rr });
        else if (r === FSP_REGISTER) await importFsp({ ...common, file: m.fsp, peildatum: new Date(`${m.peildatum}T00:00:00Z`) });
        else if (m.maand > 1) continue;
        else if (r === CHARITY_REGISTER) await importCharity({ ...common, file: gen.bestanden.charity });
        else if (r === FINREG_REGISTER) await importFinreg({ ...common, file: gen.bestanden.finreg, peildatum: new Date(`${first}T06:00:00Z`) });
      }
      log(`voorbeelddata maand ${m.maand} van ${maanden} (${m.peildatum}) geladen`);
      await opts.naMaand?.({ maand: m.maand, peildatum: m.peildatum });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { geladen: missing, overgeslagen: present, maanden, ms: Math.round(performance.now() - t0) };
}
