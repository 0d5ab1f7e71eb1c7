// The full-scale sample market of the monitor benchmarks: generated once (N monthly snapshots of the AFM
// export and the GLEIF files plus DNB; lib/registers/generate, cached in data/generated/) and loaded into a
// database month by month, oldest first, with a recompute of the distribution monitor after each month.
import fs from 'node:fs';
import path from 'node:path';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { log } from './args';

const root = path.resolve(__dirname, '..', '..');

export interface Month {
  maand: number;
  peildatum: string;
  lei: string;
  rr: string;
  fsp: string;
}
export interface Market {
  maanden: Month[];
  finreg: string;
  charity: string;
}

/** The generated market of `schaal` with `maanden` monthly snapshots (generated on first use). */
export async function generatedMarket(schaal: string, maanden: number): Promise<Market> {
  const { DEFAULT_SEED, GENERATOR_VERSION, generateRegisters, parseSchaal } = await import('@/lib/registers/generate');
  const dir = path.join(root, 'data', 'generated', `${schaal}-${DEFAULT_SEED}-v${GENERATOR_VERSION}-maanden${maanden}`);
  const done = path.join(dir, 'markt.json');
  if (fs.existsSync(done)) return JSON.parse(fs.readFileSync(done, 'utf8')) as Market;
  log(`markt genereren (schaal ${schaal}, ${maanden} maanden) in ${path.relative(root, dir)} …`);
  const r = await generateRegisters({ schaal: parseSchaal(schaal), uit: dir, maanden, onVoortgang: log });
  if (!r.maanden) throw new Error('de generator gaf geen maanden');
  const m: Market = {
    maanden: r.maanden.map((x) => ({ maand: x.maand, peildatum: x.peildatum, lei: x.lei, rr: x.rr, fsp: x.fsp })),
    finreg: r.bestanden.finreg,
    charity: r.bestanden.charity,
  };
  fs.writeFileSync(done, JSON.stringify(m, null, 2));
  return m;
}

export interface MaandRecompute {
  maand: number;
  peildatum: string;
  ms: number;
  wijzigingen: number;
  peakRssMb: number;
}

/** Imports every month of `market` (labelled as sample data) with a recompute after each; the recomputes' figures. */
export async function laadMarkt(db: PrismaClient, market: Market, wie: string): Promise<MaandRecompute[]> {
  const { IMPORTERS } = await import('@/lib/registers/importers');
  const { recomputeMonitor } = await import('@/lib/monitor/recompute');
  const recomputes: MaandRecompute[] = [];
  for (const m of market.maanden) {
    log(`${wie}: maand ${m.maand} (${m.peildatum}) importeren …`);
    const peildatum = new Date(`${m.peildatum}T06:00:00Z`);
    if (m.maand === 1) await IMPORTERS.finreg!.run({ file: market.finreg, db, voorbeeld: true, peildatum });
    await IMPORTERS.fsp!.run({ file: m.fsp, db, voorbeeld: true, peildatum });
    await IMPORTERS.lei!.run({ file: m.lei, extra: { rr: m.rr }, db, voorbeeld: true, peildatum });
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const r = await recomputeMonitor(db);
    clearInterval(sampler);
    recomputes.push({ maand: m.maand, peildatum: m.peildatum, ms: r.ms, wijzigingen: r.wijzigingen ?? 0, peakRssMb: Math.round(peak / 2 ** 20) });
    log(`${wie}: herberekening maand ${m.maand}: ${(r.ms / 1000).toFixed(1)} s, ${r.wijzigingen} wijzigingen`);
  }
  return recomputes;
}
