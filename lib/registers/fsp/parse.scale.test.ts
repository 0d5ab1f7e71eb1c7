// Flat memory and throughput of the CSV parsers (AFM here, DNB too: same reader) on generated input.
import v8 from 'node:v8';
import vm from 'node:vm';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { parseDnbCsv } from '../finreg/parse';
import { parseAfmCsv } from './parse';
import type { ParseRun } from '../common/parse-stats';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const N = 300_000;

function* lines(header: string, row: (i: number) => string, encoding: BufferEncoding): Generator<Buffer> {
  yield Buffer.from(header + '\r\n', encoding);
  let batch: string[] = [];
  for (let i = 1; i <= N; i++) {
    batch.push(row(i));
    if (batch.length === 1000) {
      yield Buffer.from(batch.join('\r\n') + '\r\n', encoding);
      batch = [];
    }
  }
  if (batch.length) yield Buffer.from(batch.join('\r\n') + '\r\n', encoding);
}

async function measure(name: string, run: ParseRun<unknown>) {
  let n = 0;
  let baseline = 0;
  let peak = 0;
  const t0 = performance.now();
  for await (const _ of run) {
    n++;
    if (n === 10_000) {
      gc();
      baseline = process.memoryUsage().heapUsed;
    }
    if (n > 10_000 && n % 50_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(
    `${name}: ${n} records, ${(run.stats.bytes / 1024 / 1024).toFixed(1)} MB in ${secs.toFixed(2)} s = ${Math.round(n / secs)} records/s; retained heap growth after warm-up ${growthMb.toFixed(1)} MB`,
  );
  return { n, growthMb };
}

it(`AFM: streams ${N} cp1252 rows with flat memory`, { timeout: 120_000 }, async () => {
  const input = Readable.from(
    lines(
      '"Statutaire naam";"Handelsnaam";"Plaats";"Land";"Vestigingsadres";"Postcode"',
      (i) => `"Adviesbureau Généré ${i} B.V.";"Généré; ${i}";" Plaats ${i % 500} ";"Nederland";"Straat ${i}";"1234AB"`,
      'latin1',
    ),
  );
  const run = parseAfmCsv(input);
  const { n, growthMb } = await measure('AFM', run);
  expect(n).toBe(N);
  expect(run.stats.encoding).toBe('windows-1252');
  expect(run.stats.skipped + run.stats.warnings).toBe(0);
  expect(run.stats.bytes).toBeGreaterThan(25 * 1024 * 1024);
  expect(growthMb).toBeLessThan(16);
});

it(`DNB: streams ${N} rows with flat memory`, { timeout: 120_000 }, async () => {
  const input = Readable.from(
    lines(
      '\uFEFFDeelregister;Relatienummer;StatutaireNaam;StatutairePlaats;PlaatsVestiging;KvK;RSIN;LEI;Handelsnaam;RegistratieType;Wetsartikel;Begindatum;Einddatum;ActiviteitBranche;BegindatumActiviteit;EinddatumActiviteit',
      (i) =>
        `WFTDG;R${i};Instelling ${i} N.V.;Amsterdam;Amsterdam;${30_000_000 + i};${800_000_000 + i};724500VOORBEELD${String(i % 100_000).padStart(5, '0')};Handelsnaam ${i};Vergunning;2:11 Wft;01-01-2012;${i % 3 ? '' : '31-12-2020'};Bank - CI;2012-01-01;`,
      'utf8',
    ),
  );
  const run = parseDnbCsv(input);
  const { n, growthMb } = await measure('DNB', run);
  expect(n).toBe(N);
  expect({ skipped: run.stats.skipped, warnings: run.stats.warningsByCode, first: run.stats.problems[0] }).toEqual({ skipped: 0, warnings: {}, first: undefined });
  expect(growthMb).toBeLessThan(16);
});
