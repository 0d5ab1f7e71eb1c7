// Memory stays flat on a generated large DNB CSV download (300k rows in DNB's 34-column layout, ~80 MB,
// streamed from a generator: never in memory as a whole). No timing assertion: the throughput is only
// logged, the machine may be shared.
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { DNB_HEADERS } from './columns';
import { parseDnbCsv } from './parse';

const N = 300_000;

// a real gc() so the samples measure retained memory, not garbage not yet collected
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** One row in DNB_HEADERS order (34 cells); the Deelregister cell holds the register's name, dates dd-mm-yyyy. */
function row(i: number): string {
  const cells: Record<string, string> = {
    Deelregister: 'Banken',
    Relatienummer: `R${i}`,
    StatutaireNaam: `Instelling Généré ${i} N.V.`,
    StatutaireLand: 'NEDERLAND',
    StatutairePlaats: 'AMSTERDAM',
    Inliquidatie: i % 11 ? 'Nee' : 'Ja',
    DatumInLiquidatie: i % 11 ? '' : '01-02-2021',
    Handelsnaam: `Handelsnaam ${i}`,
    AdresVestiging: `Straat ${i}`,
    PostcodeVestiging: '1011 AB',
    PlaatsVestiging: `Plaats ${i % 500}`,
    LandVestiging: 'NEDERLAND',
    LandCodeVestiging: 'NL',
    Postadres: `Postbus ${i}`,
    PlaatsPostadres: 'AMSTERDAM',
    LandPostadres: 'NEDERLAND',
    LandCodePostadres: 'NL',
    KvK: String(30_000_000 + i),
    RSIN: String(800_000_000 + i),
    LEI: `724500VOORBEELD${String(i % 100_000).padStart(5, '0')}`,
    RegistratieType: 'Vergunning',
    Wetsartikel: '2:11 Wft',
    Begindatum: '01-01-2012',
    Einddatum: i % 3 ? '' : '31-12-2020',
    ActiviteitBranche: 'Bank - CI',
    BegindatumActiviteit: '01-01-2012',
    EinddatumActiviteit: '',
    Onherroepelijkheidsdatum: '',
    GerelateerdRelatienummer: '',
    GerelateerdStatutaireNaam: '',
    Land: 'NEDERLAND',
    LandCode: 'NL',
    APFRelatienummer: '',
    APFStatutaireNaam: '',
  };
  return DNB_HEADERS.map((h) => cells[h]).join(';');
}

function* generate(): Generator<Buffer> {
  yield Buffer.from('\uFEFF' + DNB_HEADERS.join(';') + '\r\n', 'utf8');
  let batch: string[] = [];
  for (let i = 1; i <= N; i++) {
    batch.push(row(i));
    if (batch.length === 1000) {
      yield Buffer.from(batch.join('\r\n') + '\r\n', 'utf8');
      batch = [];
    }
  }
  if (batch.length) yield Buffer.from(batch.join('\r\n') + '\r\n', 'utf8');
}

it(`DNB: streams ${N} rows of the 34-column download with flat memory`, { timeout: 180_000 }, async () => {
  expect(DNB_HEADERS).toHaveLength(34);
  const run = parseDnbCsv(Readable.from(generate(), { objectMode: false }));
  let n = 0;
  let banken = 0;
  let inLiquidatie = 0;
  let baseline = 0;
  let peak = 0;
  const t0 = performance.now();
  for await (const r of run) {
    n++;
    if (r.deelregister === 'WFTKF') banken++;
    if (r.in_liquidatie) inLiquidatie++;
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
    `DNB: ${n} records, ${(run.stats.bytes / 1024 / 1024).toFixed(1)} MB in ${secs.toFixed(2)} s = ${Math.round(n / secs)} records/s; retained heap growth after warm-up ${growthMb.toFixed(1)} MB`,
  );
  expect(n).toBe(N);
  // every cell was read in the 34-column layout: name → code, Ja/Nee, no problems
  expect(banken).toBe(N);
  expect(inLiquidatie).toBe(Math.floor(N / 11));
  expect({ skipped: run.stats.skipped, warnings: run.stats.warningsByCode, first: run.stats.problems[0] }).toEqual({ skipped: 0, warnings: {}, first: undefined });
  expect(run.stats.bytes).toBeGreaterThan(75 * 1024 * 1024);
  // the whole input is > 75 MB of text; a parser holding it (or its rows) would grow far beyond this
  expect(growthMb).toBeLessThan(16);
});
