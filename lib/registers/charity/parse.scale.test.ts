// Memory stays flat and throughput on a generated large input (200k beschikkingen, ~70 MB of XML,
// streamed from a generator: never in memory as a whole).
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { parseAnbiXml } from './parse';

const N = 200_000;

// a real gc() so the samples measure retained memory, not garbage not yet collected
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function* generate(): Generator<Buffer> {
  yield Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<publicatieAnbiInstellingen>\n<header><aanmaakDatum>2026-11-17</aanmaakDatum><versie>1.0</versie></header>\n', 'latin1');
  let batch: string[] = [];
  for (let i = 1; i <= N; i++) {
    batch.push(
      `  <beschikking>\n    <fiscaalNummer>${8_000_000 + i}</fiscaalNummer>\n    <dossierNummer>${200_000 + i}</dossierNummer>\n` +
        `    <naam>Stichting Généré Nummer ${i} &amp; Co</naam>\n    <aliasNaam>Alias ${i}</aliasNaam>\n    <vestigingsPlaats> Plaats ${i % 400} </vestigingsPlaats>\n` +
        `    <webSite>www.voorbeeld-${i}.nl</webSite>\n    <ingangsDatum>2012-01-01</ingangsDatum>\n` +
        (i % 5 === 0 ? `    <intrekkingsDatum>2020-01-01</intrekkingsDatum>\n` : '') +
        (i % 7 === 0 ? `    <ingangsDatumCultuur>2015-01-01</ingangsDatumCultuur>\n` : '') +
        `  </beschikking>\n`,
    );
    if (batch.length === 500) {
      yield Buffer.from(batch.join(''), 'latin1');
      batch = [];
    }
  }
  yield Buffer.from(batch.join('') + '</publicatieAnbiInstellingen>\n', 'latin1');
}

it(`streams ${N} ANBI records with flat memory`, { timeout: 120_000 }, async () => {
  const run = parseAnbiXml(Readable.from(generate(), { objectMode: false }));
  let n = 0;
  let cultuur = 0;
  let baseline = 0;
  let peak = 0;
  const t0 = performance.now();
  for await (const r of run) {
    n++;
    if (r.cultuur) cultuur++;
    if (n === 10_000) {
      gc();
      baseline = process.memoryUsage().heapUsed;
    }
    if (n > 10_000 && n % 40_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(
    `ANBI: ${n} records, ${(run.stats.bytes / 1024 / 1024).toFixed(1)} MB in ${secs.toFixed(2)} s = ${Math.round(n / secs)} records/s; retained heap growth after warm-up ${growthMb.toFixed(1)} MB`,
  );
  expect(n).toBe(N);
  expect(cultuur).toBe(Math.floor(N / 7));
  expect(run.stats.skipped + run.stats.warnings).toBe(0);
  expect(run.header?.peildatum).toBe('2026-11-17');
  expect(run.stats.bytes).toBeGreaterThan(60 * 1024 * 1024);
  // the whole input is > 60 MB of text; a parser holding it would grow far beyond this
  expect(growthMb).toBeLessThan(16);
});
