// Memory stays flat on a generated large AFM full export (the XML inside export.aspx?fdregister=1:
// 60k <Instelling> elements with trade names, an address and a licence with products and services,
// ~60 MB, streamed from a generator: never in memory as a whole). No timing assertion: the throughput is
// only logged, the machine may be shared.
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { AFM_NAMESPACE, AFM_ROOT, parseAfmXml } from './parse';

const N = 60_000;

// a real gc() so the samples measure retained memory, not garbage not yet collected
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** One institution; even ones with values in attributes, odd ones with child elements (the parser reads both). */
function instelling(i: number): string {
  const id = `a3f1c2d4-${String(i).padStart(4, '0').slice(-4)}-4b5e-9c1d-${String(i).padStart(12, '0')}`;
  const kvk = String(90_000_000 + i);
  const adres =
    i % 2
      ? `<VestigingsAdres><Straat>Straat Généré</Straat><Huisnummer>${i % 300}</Huisnummer><Postcode>3818LE</Postcode><Plaats>Plaats ${i % 500}</Plaats><Land>Nederland</Land></VestigingsAdres>`
      : `<VestigingsAdres Straat="Straat Généré" Huisnummer="${i % 300}" Postcode="3818LE" Plaats="Plaats ${i % 500}" Land="Nederland" />`;
  const bedrijf =
    i % 2
      ? `<Bedrijfsgegevens><StatutaireNaam>Adviesbureau Généré ${i} &amp; Zn B.V.</StatutaireNaam><StatutaireZetel>Amersfoort</StatutaireZetel><KVKNummer>${kvk}</KVKNummer><Rechtsvorm>Besloten Vennootschap</Rechtsvorm>`
      : `<Bedrijfsgegevens StatutaireNaam="Adviesbureau Généré ${i} &amp; Zn B.V." StatutaireZetel="Amersfoort" KVKNummer="${kvk}" Rechtsvorm="Besloten Vennootschap">`;
  return (
    `    <Instelling InstellingID="${id}">\n      ${bedrijf}\n` +
    `        <Handelsnamen><Handelsnaam Naam="Généré ${i}" StartDatum="2015-03-01" /><Handelsnaam Naam="Hypotheekhuis ${i}" StartDatum="2019-06-15" /></Handelsnamen>\n` +
    `        ${adres}\n      </Bedrijfsgegevens>\n` +
    `      <Vergunningen>\n        <Vergunning Vergunningnummer="${12_000_000 + i}" StartDatum="2015-03-01"${i % 5 ? '' : ' EindDatum="2025-09-30"'}>\n          <PDCs>\n` +
    `            <Product Omschrijving="Hypothecair krediet"><Dienst Omschrijving="Adviseren" StartDatum="2015-03-01" /><Dienst Omschrijving="Bemiddelen" StartDatum="2015-03-01" /></Product>\n` +
    `            <Product Omschrijving="Schadeverzekeringen"><Dienst Omschrijving="Adviseren" StartDatum="2016-01-01" EindDatum="2022-12-31" /></Product>\n` +
    `          </PDCs>\n        </Vergunning>\n      </Vergunningen>\n    </Instelling>\n`
  );
}

function* generate(): Generator<Buffer> {
  yield Buffer.from(`<?xml version="1.0" encoding="utf-8"?>\n<${AFM_ROOT} xmlns="${AFM_NAMESPACE}">\n  <Instellingen>\n`, 'utf8');
  let batch: string[] = [];
  for (let i = 1; i <= N; i++) {
    batch.push(instelling(i));
    if (batch.length === 500) {
      yield Buffer.from(batch.join(''), 'utf8');
      batch = [];
    }
  }
  yield Buffer.from(batch.join('') + `  </Instellingen>\n</${AFM_ROOT}>\n`, 'utf8');
}

it(`AFM: streams ${N} institutions of the full-export XML with flat memory`, { timeout: 180_000 }, async () => {
  const run = parseAfmXml(Readable.from(generate(), { objectMode: false }));
  let n = 0;
  let diensten = 0;
  let beeindigd = 0;
  let baseline = 0;
  let peak = 0;
  const t0 = performance.now();
  for await (const inst of run) {
    n++;
    for (const v of inst.vergunningen) {
      if (v.einddatum) beeindigd++;
      for (const p of v.producten) diensten += p.diensten.length;
    }
    if (n === 5_000) {
      gc();
      baseline = process.memoryUsage().heapUsed;
    }
    if (n > 5_000 && n % 10_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  const secs = (performance.now() - t0) / 1000;
  const growthMb = (peak - baseline) / 1024 / 1024;
  console.log(
    `AFM: ${n} institutions, ${(run.stats.bytes / 1024 / 1024).toFixed(1)} MB in ${secs.toFixed(2)} s = ${Math.round(n / secs)} institutions/s; retained heap growth after warm-up ${growthMb.toFixed(1)} MB`,
  );
  expect(n).toBe(N);
  // every institution was read whole: licence, both products, all three services
  expect(diensten).toBe(3 * N);
  expect(beeindigd).toBe(Math.floor(N / 5));
  expect({ wortel: run.stats.wortel, afgesloten: run.stats.afgesloten }).toEqual({ wortel: true, afgesloten: true });
  expect({ skipped: run.stats.skipped, warnings: run.stats.warningsByCode, first: run.stats.problems[0] }).toEqual({ skipped: 0, warnings: {}, first: undefined });
  expect(run.stats.bytes).toBeGreaterThan(50 * 1024 * 1024);
  // the whole input is > 50 MB of text; a parser holding it (or its institutions) would grow far beyond this
  expect(growthMb).toBeLessThan(16);
});
