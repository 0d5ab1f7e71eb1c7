// A bad file never replaces a good version, through the real importers on the embedded database: each
// refusal of the plausibility guard (no records, the same file, a peildatum not newer, too large a drop) on
// at least two registers, REGISTER_MAX_DALING, --forceer, an ImportRefused thrown inside an importer, and
// what the manifest and /v1/lei/register then say while the previous version keeps serving. The files are
// built from the test fixtures (GLEIF LEI-CDF excerpt, ANBI sample, DNB CSVs) with records left out or the
// date moved; RecordCount is set to the records actually in the file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db/client';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { leiRegister } from '@/lib/services/lei/register';
import { leiEntiteit } from '@/lib/services/lei/entiteit';
import { useTestDatabase } from '@/test/db/test-database';
import { CHARITY_REGISTER, CHARITY_TABLES, importCharity } from '../charity/import';
import { FINREG_REGISTER, importFinreg } from '../finreg/import';
import { FSP_REGISTER } from '../fsp/import';
import { LEI_REGISTER, importLei } from '../lei/import';
import { readManifest } from './manifest';
import { ImportRefused, isImportRefused } from './refusal';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const GLEIF_XML = path.join(root, 'test/fixtures/registers/gleif/20260901-0800-gleif-goldencopy-lei2-golden-copy.xml');
const ANBI_XML = path.join(root, 'test/fixtures/registers/anbi/anbi-sample.xml');
const DNB_EXPORT = path.join(root, 'test/fixtures/registers/dnb/export');
const DUTCH_LEI = '724500TESTNL0000001X';
const SLOW = 120_000;

async function call(op: Operation, url: string, params: Record<string, string> = {}) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The error a promise rejects with (fails when it resolves). */
async function rejection(p: Promise<unknown>): Promise<ImportRefused> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(isImportRefused(e), `expected an ImportRefused, got ${String(e)}`).toBe(true);
  return e as ImportRefused;
}

/** `npm run import -- <args>` as an operator runs it (this process must have closed the embedded database). */
function cli(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/import.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
}

const stagedRows = async (table: string, importId: number) =>
  (await getDb().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table}" WHERE import_id = $1`, importId))[0].n;

const importRow = async (id: number) =>
  (await getDb().$queryRaw<{ status: string; fout: string | null }[]>`SELECT status, fout FROM register_import WHERE id = ${id}`)[0];

// ---- LEI-CDF files from the fixture excerpt (one foreign, one Dutch record) ----------------------------

function leiRecords(xml: string): { head: string; records: string[]; tail: string } {
  const start = xml.indexOf('<lei:LEIRecord ');
  const end = xml.lastIndexOf('</lei:LEIRecord>') + '</lei:LEIRecord>'.length;
  const records = xml.slice(start, end).split(/(?<=<\/lei:LEIRecord>)\s*/).filter((r) => r.trim());
  return { head: xml.slice(0, start), records, tail: xml.slice(end) };
}

/** A golden-copy file named for `stamp` (YYYYMMDD-HHMM) with the records `keep` selects, RecordCount adjusted. */
function leiFile(dir: string, stamp: string, keep: (record: string) => boolean, extra = ''): string {
  const { head, records, tail } = leiRecords(fs.readFileSync(GLEIF_XML, 'utf8'));
  const kept = records.filter(keep);
  const xml = head.replace(/<lei:RecordCount>\d+<\/lei:RecordCount>/, `<lei:RecordCount>${kept.length}</lei:RecordCount>`) + kept.join('\n') + '\n' + tail;
  const file = path.join(dir, `${stamp}-gleif-goldencopy-lei2-golden-copy.xml`);
  fs.writeFileSync(file, xml + extra);
  return file;
}
const isDutch = (record: string) => record.includes(`<lei:LEI>${DUTCH_LEI}</lei:LEI>`);

// ---- ANBI files from the sample -----------------------------------------------------------------------

/** The ANBI sample with header date `day` and without its last `drop` beschikkingen (`extra` changes the bytes only). */
function anbiFile(dir: string, name: string, day: string, drop = 0, extra = ''): string {
  let xml = fs.readFileSync(ANBI_XML, 'latin1').replace(/<aanmaakDatum>[^<]*<\/aanmaakDatum>/, `<aanmaakDatum>${day}</aanmaakDatum>`);
  for (let i = 0; i < drop; i++) {
    const at = xml.lastIndexOf('<beschikking>');
    const end = xml.indexOf('</beschikking>', at) + '</beschikking>'.length;
    xml = xml.slice(0, at) + xml.slice(end);
  }
  const file = path.join(dir, name);
  fs.writeFileSync(file, xml + extra, 'latin1');
  return file;
}

describe('a bad file never replaces a good version', () => {
  const db = useTestDatabase('pglite', 'nlods-guard-');

  it('lei: a valid file without Dutch entities over a published version is refused; /v1/lei/register says why', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'lei-'));
    const good = await importLei({ file: leiFile(dir, '20260901-0800', () => true), parseWorker: false });
    expect(good.aantallen).toMatchObject({ entiteiten: 1, gelezen_lei2: 2 });

    const noDutch = leiFile(dir, '20261001-0800', (r) => !isDutch(r));
    const refused = await rejection(importLei({ file: noDutch, parseWorker: false }));
    expect(refused.soort).toBe('onaannemelijk');
    expect(refused.reden).toBe('Het bestand bevat 0 entiteiten; de gepubliceerde versie heeft er 1.');

    // The published version keeps serving; the manifest names the refusal and its reason.
    const reg = await call(leiRegister, '/v1/lei/register');
    expect(reg.status).toBe(200);
    expect(reg.body.data).toMatchObject({
      peildatum: '2026-09-01',
      peilmoment: '2026-09-01T08:00:00.000Z',
      sha256: good.sha256,
      aantallen: { entiteiten: 1 },
      verversing: { status: 'geweigerd', laatste_poging: { status: 'geweigerd' }, laatste_fout: null, laatste_weigering: { reden: refused.reden } },
    });
    const refusedId = reg.body.data.verversing.laatste_poging.import_id as number;
    expect(refusedId).toBeGreaterThan(good.importId);
    expect(reg.body.data.verversing.laatste_weigering.import_id).toBe(refusedId);
    expect(await importRow(refusedId)).toEqual({ status: 'geweigerd', fout: refused.reden });
    for (const t of ['lei_entiteit', 'lei_zoek', 'lei_relatie']) expect(await stagedRows(t, refusedId)).toBe(0);
    const lookup = await call(leiEntiteit, `/v1/lei/entiteiten/${DUTCH_LEI}`, { lei: DUTCH_LEI });
    expect(lookup.status).toBe(200);

    // An older publication (other bytes) is refused for its peildatum.
    const older = await rejection(importLei({ file: leiFile(dir, '20260801-0800', () => true, '\n'), parseWorker: false }));
    expect(older.reden).toMatch(/^De peildatum 2026-08-01 08:00:00 UTC is niet nieuwer dan die van de gepubliceerde versie \(2026-09-01 08:00:00 UTC\)\.$/);
    // The same file again is refused as already published.
    const same = await rejection(importLei({ file: path.join(dir, '20260901-0800-gleif-goldencopy-lei2-golden-copy.xml'), parseWorker: false }));
    expect(same.reden).toMatch(/is al gepubliceerd/);
    expect((await readManifest(getDb(), LEI_REGISTER))!.import_id).toBe(good.importId);

    // A newer file with the Dutch entity is published again; the last refusal stays visible.
    const next = await importLei({ file: leiFile(dir, '20261101-0800', () => true, '\n\n'), parseWorker: false });
    const m = (await readManifest(getDb(), LEI_REGISTER))!;
    expect(m).toMatchObject({ import_id: next.importId, verversing: { status: 'ok', laatste_weigering: { reden: same.reden } } });
  });

  it('charity: the same file, a peildatum not newer and a drop over REGISTER_MAX_DALING are refused; --forceer publishes', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'anbi-'));
    const first = await importCharity({ file: anbiFile(dir, 'v1.xml', '2026-11-17') });
    expect(first.aantallen.totaal).toBe(11);
    const published = () => readManifest(getDb(), CHARITY_REGISTER);

    const same = await rejection(importCharity({ file: path.join(dir, 'v1.xml') }));
    expect(same.reden).toBe(`Dit bestand (sha-256 ${first.sha256.slice(0, 12)}…) is al gepubliceerd.`);

    const sameDay = await rejection(importCharity({ file: anbiFile(dir, 'v1b.xml', '2026-11-17', 0, '\n') }));
    expect(sameDay.reden).toMatch(/^De peildatum 2026-11-17 00:00:00 UTC is niet nieuwer/);

    // The last three decisions left out the next day (one of them is not stored: 11 → 9, 18,2 %).
    const smaller = anbiFile(dir, 'v2.xml', '2026-11-18', 3);
    const drop = await rejection(importCharity({ file: smaller }));
    expect(drop.soort).toBe('onaannemelijk');
    expect(drop.reden).toBe('Het bestand bevat 9 beschikkingen, 18,2% minder dan de gepubliceerde versie (11); toegestaan is 10% (REGISTER_MAX_DALING).');
    const m = (await published())!;
    expect(m).toMatchObject({ import_id: first.importId, sha256: first.sha256, aantallen: { totaal: 11 } });
    expect(m.verversing).toMatchObject({ status: 'geweigerd', laatste_weigering: { reden: drop.reden } });
    const refusedId = m.verversing.laatste_poging!.import_id;
    expect(await stagedRows(CHARITY_TABLES[0], refusedId)).toBe(0);

    // The share is configurable: 20 % allows the drop.
    const saved = process.env.REGISTER_MAX_DALING;
    process.env.REGISTER_MAX_DALING = '20%';
    try {
      const r = await importCharity({ file: smaller });
      expect(r.aantallen.totaal).toBe(9);
      expect((await published())!).toMatchObject({ import_id: r.importId, verversing: { status: 'ok' } });
    } finally {
      if (saved === undefined) delete process.env.REGISTER_MAX_DALING;
      else process.env.REGISTER_MAX_DALING = saved;
    }

    // --forceer: the older, bigger file goes back on purpose (peildatum not newer, same file as before).
    const back = await importCharity({ file: path.join(dir, 'v1.xml'), forceer: true });
    expect((await published())!).toMatchObject({ import_id: back.importId, sha256: first.sha256, aantallen: { totaal: 11 }, verversing: { status: 'ok' } });
  });

  it('an ImportRefused thrown inside an importer is recorded as geweigerd, with its staging rows removed', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'anbi-cut-'));
    const before = (await readManifest(getDb(), CHARITY_REGISTER))!;
    const reden = 'Het bestand is afgebroken: de kop noemt 12 beschikkingen, er zijn er 5 gelezen.';
    let importId = 0;
    const e = await rejection(
      importCharity({
        file: anbiFile(dir, 'v3.xml', '2026-11-20'),
        progressEvery: 1,
        onProgress: (p) => {
          if (p.gelezen >= 5) throw new ImportRefused(reden, 'onvolledig');
        },
      }).catch(async (err) => {
        importId = (await getDb().$queryRaw<{ id: number }[]>`SELECT max(id) AS id FROM register_import WHERE register = 'charity'`)[0].id;
        throw err;
      }),
    );
    expect(e.soort).toBe('onvolledig');
    expect(await importRow(importId)).toEqual({ status: 'geweigerd', fout: reden });
    expect(await stagedRows(CHARITY_TABLES[0], importId)).toBe(0);
    const m = (await readManifest(getDb(), CHARITY_REGISTER))!;
    expect(m).toMatchObject({ import_id: before.import_id, sha256: before.sha256, verversing: { status: 'geweigerd', laatste_weigering: { import_id: importId, reden } } });
  });

  it('finreg: the same files again and a drop of institutions are refused; the previous version keeps serving', { timeout: SLOW }, async () => {
    const peil = new Date('2026-11-20T06:00:00Z');
    const day = 86_400_000;
    const full = await importFinreg({ file: DNB_EXPORT, peildatum: peil });
    expect(full.aantallen.instellingen).toBe(7);

    const same = await rejection(importFinreg({ file: DNB_EXPORT, peildatum: new Date(peil.getTime() + day) }));
    expect(same.reden).toMatch(/is al gepubliceerd/);

    const part = await rejection(importFinreg({ file: path.join(DNB_EXPORT, 'WFTDG.csv'), peildatum: new Date(peil.getTime() + 2 * day) }));
    expect(part.reden).toMatch(/^Het bestand bevat 3 instellingen, 57,1% minder dan de gepubliceerde versie \(7\)/);
    const m = (await readManifest(getDb(), FINREG_REGISTER))!;
    expect(m).toMatchObject({ import_id: full.importId, aantallen: { instellingen: 7 }, verversing: { status: 'geweigerd', laatste_weigering: { reden: part.reden } } });
  });

  it('the CLI: a refused file exits 4 with the reason and how to override; --forceer publishes', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'cli-'));
    const before = (await readManifest(getDb(), CHARITY_REGISTER))!;
    const older = anbiFile(dir, 'ouder.xml', '2026-11-01');
    await closeDb(); // PGlite: one process at a time

    const refused = cli(['charity', '--file', older]);
    expect(refused.status).toBe(4);
    const lines = refused.stderr.trim().split('\n');
    expect(lines.at(-2)).toMatch(/^charity: import geweigerd: De peildatum 2026-11-01 00:00:00 UTC is niet nieuwer dan die van de gepubliceerde versie \(/);
    expect(lines.at(-1)).toBe(
      `De vorige gepubliceerde versie blijft in gebruik. Bewust toch publiceren: herhaal de opdracht met --forceer (npm run import -- charity --file ${older} --forceer).`,
    );
    expect(refused.stdout).toBe('');

    const forced = cli(['charity', '--file', older, '--forceer']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^charity: import \d+ gepubliceerd, peildatum 2026-11-01/);
    const m = (await readManifest(getDb(), CHARITY_REGISTER))!;
    expect(m.import_id).toBeGreaterThan(before.import_id);
    expect(m).toMatchObject({ peildatum: '2026-11-01T00:00:00.000Z', verversing: { status: 'ok' } });

    // With --forceer given, a refusal --forceer cannot override (an empty first version) gives no --forceer hint.
    await closeDb();
    const empty = path.join(dir, 'leeg.xml');
    fs.writeFileSync(empty, '<?xml version="1.0"?><WfdExternRegister xmlns="http://www.afm.nl/WfdExternRegister/Export/3.0"><Instellingen/></WfdExternRegister>');
    const emptyForced = cli(['fsp', '--file', empty, '--forceer']);
    expect(emptyForced.status).toBe(4);
    const emptyLines = emptyForced.stderr.trim().split('\n');
    expect(emptyLines.at(-2)).toBe('fsp: import geweigerd: Het bestand bevat 0 instellingen: een leeg register wordt niet gepubliceerd.');
    expect(emptyLines.at(-1)).toBe('De vorige gepubliceerde versie blijft in gebruik. Dit is ook met --forceer niet te omzeilen.');
    expect(await readManifest(getDb(), FSP_REGISTER)).toBeNull();

    // --forceer takes no value
    await closeDb();
    const bad = cli(['charity', '--file', older, '--forceer=ja']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--forceer heeft geen waarde/);
  });
});

describe('real data replaces the generated sample', () => {
  const db = useTestDatabase('pglite', 'nlods-guard-sample-');

  it('over a sample version only the zero-records check applies; the same file, an older peildatum and a drop publish', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'sample-'));
    const published = async () => (await readManifest(getDb(), CHARITY_REGISTER))!;
    const sample = await importCharity({ file: anbiFile(dir, 'voorbeeld.xml', '2026-11-17'), voorbeeld: true });
    expect(sample.aantallen.totaal).toBe(11);

    // The first real file is older and 18,2 % smaller than the sample: published all the same.
    const real = await importCharity({ file: anbiFile(dir, 'echt.xml', '2026-11-16', 3) });
    expect(real.aantallen.totaal).toBe(9);
    expect(await published()).toMatchObject({ import_id: real.importId, voorbeeld: false, peildatum: '2026-11-16T00:00:00.000Z', verversing: { status: 'ok' } });

    // A sample over real data is compared as usual (here: newer, same size), then the very sample file
    // imported as real data (same sha-256, same peildatum) replaces it too.
    const sample2 = await importCharity({ file: anbiFile(dir, 'voorbeeld2.xml', '2026-11-20', 3), voorbeeld: true });
    expect(await published()).toMatchObject({ import_id: sample2.importId, voorbeeld: true });
    const sameFile = await importCharity({ file: path.join(dir, 'voorbeeld2.xml') });
    expect(sameFile.sha256).toBe(sample2.sha256);
    expect(await published()).toMatchObject({ import_id: sameFile.importId, voorbeeld: false, verversing: { status: 'ok' } });

    // Real over real: that file again is refused as already published.
    const again = await rejection(importCharity({ file: path.join(dir, 'voorbeeld2.xml') }));
    expect(again.reden).toBe(`Dit bestand (sha-256 ${sameFile.sha256.slice(0, 12)}…) is al gepubliceerd.`);
    expect((await published()).import_id).toBe(sameFile.importId);
  });

  it('lei: a real file with the same peildatum as the sample replaces it', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'lei-sample-'));
    const sample = await importLei({ file: leiFile(dir, '20260901-0800', () => true), parseWorker: false, voorbeeld: true });
    const real = await importLei({ file: leiFile(dir, '20260901-0800', () => true, '\n'), parseWorker: false });
    expect(real.importId).toBeGreaterThan(sample.importId);
    expect((await readManifest(getDb(), LEI_REGISTER))!).toMatchObject({ import_id: real.importId, voorbeeld: false, peildatum: '2026-09-01T08:00:00.000Z' });
  });

  it('an empty real file never replaces the sample', { timeout: SLOW }, async () => {
    const dir = fs.mkdtempSync(path.join(db.dir(), 'lei-empty-'));
    const before = (await readManifest(getDb(), LEI_REGISTER))!;
    expect(before.voorbeeld).toBe(false);
    // make the published LEI version a sample again, then offer a file without Dutch entities
    const sample = await importLei({ file: leiFile(dir, '20261001-0800', () => true), parseWorker: false, voorbeeld: true });
    const refused = await rejection(importLei({ file: leiFile(dir, '20261101-0800', (r) => !isDutch(r)), parseWorker: false }));
    expect(refused.reden).toBe('Het bestand bevat 0 entiteiten; de gepubliceerde versie heeft er 1.');
    expect((await readManifest(getDb(), LEI_REGISTER))!.import_id).toBe(sample.importId);
  });
});
