// Import, publish and query of the LEI register on real databases: a fresh PGlite directory and, when
// PostgreSQL is installed, a private cluster (scripts/pg-cluster.mjs), as test/db/backends.test.ts does.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db/client';
import { killImportHalfway, postgresMissing, useTestDatabase } from '@/test/db/test-database';
import { readManifest } from '../common/manifest';
import { ImportRefused } from '../common/refusal';
import { publishedImportId } from '../common/publish';
import { importLei, LEI_REGISTER } from './import';
import { getLeiDossier, leiByKvk, listLeiEntities } from './query';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const F = path.join(root, 'test/fixtures/registers/gleif');
const CSV = path.join(F, 'ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv');
const RR = path.join(F, 'ft-gleifr_test-gleif-relationships_rr-cdf-1.1.csv');
const XML_NL = path.join(F, '20260901-0800-gleif-goldencopy-lei2-golden-copy.xml');
const SLOW = 120_000;

const pgMissing = postgresMissing;

// A generated L1 CSV with n Dutch entities (for paging, q and the failure test), named as published.
function generatedCsv(dir: string, n: number, stamp = '20261001-1600'): string {
  const header = fs.readFileSync(CSV, 'utf8').split('\n')[0].trim().split(',');
  const idx = (name: string) => header.indexOf(name);
  const lines = [header.join(',')];
  for (let i = 0; i < n; i++) {
    const row = new Array(header.length).fill('');
    row[idx('LEI')] = `7245TEST${String(i).padStart(12, '0')}`;
    row[idx('Entity.LegalName')] = i % 10 === 0 ? `"Zuidas Holding ""${i}"" B.V."` : `Bedrijf ${i} B.V.`;
    row[idx('Entity.LegalAddress.City')] = i % 2 ? 'Utrecht' : 'Amsterdam';
    row[idx('Entity.LegalAddress.Country')] = 'NL';
    row[idx('Entity.RegistrationAuthority.RegistrationAuthorityID')] = 'RA000463';
    row[idx('Entity.RegistrationAuthority.RegistrationAuthorityEntityID')] = String(10000000 + (i % 50));
    row[idx('Entity.EntityStatus')] = i % 3 ? 'ACTIVE' : 'INACTIVE';
    row[idx('Registration.LastUpdateDate')] = '2026-01-01T00:00:00.000Z ';
    lines.push(row.join(','));
  }
  const file = path.join(dir, `${stamp}-gleif-goldencopy-lei2-golden-copy.csv`);
  fs.writeFileSync(file, lines.join('\r\n') + '\r\n');
  return file;
}

function suite(kind: 'pglite' | 'postgresql') {
  describe.skipIf(kind === 'postgresql' && !!pgMissing)(`LEI import on ${kind}`, () => {
    const db = useTestDatabase(kind, 'nlods-lei-');
    const tmp = () => db.dir();

    it('has no manifest before the first import', { timeout: SLOW }, async () => {
      expect(await readManifest(getDb(), LEI_REGISTER)).toBeNull();
    });

    it('imports the real CSV sample with relationships and publishes it', { timeout: SLOW }, async () => {
      const r = await importLei({ file: CSV, rr: RR, peildatum: new Date('2019-06-20T00:00:00Z') });
      expect(r.aantallen).toMatchObject({ entiteiten: 1, gelezen_lei2: 400, gelezen_rr: 400 });
      const db = getDb();
      const m = await readManifest(db, LEI_REGISTER);
      expect(m).toMatchObject({ peildatum: '2019-06-20T00:00:00.000Z', sha256: r.sha256, verversing: { status: 'ok', laatste_fout: null } });
      expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
      const id = (await publishedImportId(db, LEI_REGISTER))!;
      const d = await getLeiDossier(db, id, '04VK4ASM6OJ180YRBJ15');
      expect(d).toMatchObject({ naam: 'Snap-on Finance B.V.', kvk_nummer: '34153487', plaats: 'Helmond', status: 'actief', beheerder_lou: 'EVK05KS7XY1DEII3R011' });
      expect(await leiByKvk(db, id, '34153487')).toHaveLength(1);
    });

    it('imports the NL variant of the CDF 3.1 XML with the peildatum from the publication name', { timeout: SLOW }, async () => {
      const r = await importLei({ file: XML_NL });
      expect(r.peildatum.toISOString()).toBe('2026-09-01T08:00:00.000Z');
      expect(r.aantallen).toMatchObject({ entiteiten: 1, gelezen_lei2: 2 });
      const db = getDb();
      const id = (await publishedImportId(db, LEI_REGISTER))!;
      expect(id).toBe(r.importId);
      // The previous version's Snap-on row is no longer served.
      expect(await getLeiDossier(db, id, '04VK4ASM6OJ180YRBJ15')).toBeNull();
      const d = await getLeiDossier(db, id, '724500TESTNL0000001X');
      expect(d).toMatchObject({ naam: 'Voorbeeld & Zonen Beheer B.V.', kvk_nummer: '12345678', plaats: 'Amsterdam', status: 'inactief', oprichtingsdatum: '2004-10-09' });
      expect(d!.andere_namen).toEqual(['VOORBEELD EN ZONEN BEHEER BV']);
    });

    it('imports the XML zipped as published, from a file and from a URL (spooled for the zip reader)', { timeout: SLOW }, async () => {
      const dir = fs.mkdtempSync(path.join(tmp(), 'zip-'));
      const name = path.basename(XML_NL);
      fs.copyFileSync(XML_NL, path.join(dir, name));
      execFileSync('zip', ['-q', `${name}.zip`, name], { cwd: dir });
      const zip = path.join(dir, `${name}.zip`);
      const zipBytes = fs.readFileSync(zip);
      const sha = createHash('sha256').update(zipBytes).digest('hex');
      const server = http.createServer((_req, res) => res.end(zipBytes));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}.zip`;
        for (const file of [zip, url]) {
          let last = 0;
          // The XML imported above, zipped, then the same zip from a URL: deliberate re-imports of one
          // publication, forced past the plausibility guard (common/guard.ts).
          const r = await importLei({ file, forceer: true, progressEvery: 1, onProgress: (p) => (last = p.bytes) });
          expect(r.peildatum.toISOString()).toBe('2026-09-01T08:00:00.000Z');
          expect(r.aantallen).toMatchObject({ entiteiten: 1, gelezen_lei2: 2 });
          expect(r.sha256).toBe(sha);
          expect(last).toBe(zipBytes.length);
          const m = await readManifest(getDb(), LEI_REGISTER);
          expect(m!.bestanden?.[0]).toMatchObject({ naam: `${name}.zip!${name}`, bytes: zipBytes.length });
        }
      } finally {
        server.close();
      }
    });

    it('stores the same rows when parsing in the worker thread as on the main thread', { timeout: SLOW }, async () => {
      const db = getDb();
      const rows = async (importId: number) => ({
        entities: await db.$queryRaw<{ j: string }[]>`SELECT (to_jsonb(t) - 'import_id')::text AS j FROM lei_entiteit t WHERE import_id = ${importId} ORDER BY lei`,
        relations: await db.$queryRaw<{ j: string }[]>`SELECT (to_jsonb(t) - 'import_id')::text AS j FROM lei_relatie t WHERE import_id = ${importId} ORDER BY volgnr`,
      });
      const inputs = [
        { file: generatedCsv(tmp(), 12_000, '20261004-0000') }, // several COPY batches
        { file: CSV, rr: RR, peildatum: new Date('2019-06-20T00:00:00Z') },
        { file: XML_NL },
      ];
      for (const input of inputs) {
        // Each input imported twice (main thread, worker) to compare the rows: forced re-imports on purpose.
        const inline = await importLei({ ...input, parseWorker: false, forceer: true });
        const worker = await importLei({ ...input, forceer: true });
        expect(inline.parseWorker).toBe(false);
        expect(worker.parseWorker).toBe(true);
        expect(worker.aantallen).toEqual(inline.aantallen);
        expect(worker.sha256).toBe(inline.sha256);
        expect(worker.peildatum).toEqual(inline.peildatum);
        const a = await rows(inline.importId);
        const b = await rows(worker.importId);
        expect(b.entities.length).toBe(inline.aantallen.entiteiten);
        expect(b).toEqual(a);
      }
    });

    it('reports a worker-side error as the import failure', { timeout: SLOW }, async () => {
      const missing = path.join(tmp(), 'ontbreekt-gleif-goldencopy-lei2-golden-copy.xml');
      await expect(importLei({ file: missing })).rejects.toThrow(/ENOENT/);
      const m = await readManifest(getDb(), LEI_REGISTER);
      expect(m!.verversing.status).toBe('mislukt');
      expect(m!.verversing.laatste_fout!.fout).toMatch(/ENOENT/);
    });

    it('re-imports the same file idempotently and keeps only two versions of data', { timeout: SLOW }, async () => {
      const file = generatedCsv(tmp(), 1200);
      const a = await importLei({ file });
      // The same file again is refused (already published) unless forced on purpose.
      await expect(importLei({ file })).rejects.toThrow(/al gepubliceerd/);
      const b = await importLei({ file, forceer: true });
      expect(b.sha256).toBe(a.sha256);
      expect(b.aantallen).toEqual(a.aantallen);
      const db = getDb();
      const ids = await db.$queryRaw<{ import_id: number }[]>`SELECT DISTINCT import_id FROM lei_entiteit ORDER BY import_id`;
      expect(ids.map((r) => r.import_id)).toEqual([a.importId, b.importId]);
      const page = await listLeiEntities(db, b.importId, { rijen: 50, start: 0 });
      expect(page.totaal).toBe(1200);
      expect(page.items).toHaveLength(50);
    });

    it('filters and pages: q case-insensitive, plaats, status, kvk_nummer', { timeout: SLOW }, async () => {
      const db = getDb();
      const id = (await publishedImportId(db, LEI_REGISTER))!;
      const q = await listLeiEntities(db, id, { q: 'zUIDAS hold', rijen: 500, start: 0 });
      expect(q.totaal).toBe(120);
      expect(q.items[0].naam).toMatch(/^Zuidas Holding "\d+" B\.V\.$/);
      expect((await listLeiEntities(db, id, { q: '100%', rijen: 5, start: 0 })).totaal).toBe(0);
      expect((await listLeiEntities(db, id, { plaats: 'utrecht', rijen: 5, start: 0 })).totaal).toBe(600);
      expect((await listLeiEntities(db, id, { status: 'inactief', rijen: 5, start: 0 })).totaal).toBe(400);
      expect((await listLeiEntities(db, id, { kvk_nummer: '10000007', rijen: 5, start: 0 })).totaal).toBe(24);
      const last = await listLeiEntities(db, id, { rijen: 500, start: 1000 });
      expect(last.items).toHaveLength(200);
      expect((await listLeiEntities(db, id, { rijen: 500, start: 5000 })).items).toEqual([]);
    });

    it('q through the search table: with filters, pages in naam order, past the end, and with waar/sorteer', { timeout: SLOW }, async () => {
      const db = getDb();
      const id = (await publishedImportId(db, LEI_REGISTER))!;
      // One lei_zoek row per entity of the version.
      const [{ zoek, ent }] = await db.$queryRaw<{ zoek: number; ent: number }[]>`
        SELECT (SELECT count(*)::int FROM lei_zoek WHERE import_id = ${id}) AS zoek, (SELECT count(*)::int FROM lei_entiteit WHERE import_id = ${id}) AS ent`;
      expect(zoek).toBe(ent);
      const zq = (f: Partial<Parameters<typeof listLeiEntities>[2]>) => listLeiEntities(db, id, { q: 'ZUIDAS', rijen: 50, start: 0, ...f }, 1200);
      // Zuidas Holding: every 10th entity (even, so Amsterdam); inactive when also a multiple of 3.
      expect((await zq({ plaats: 'amsterdam' })).totaal).toBe(120);
      expect((await zq({ plaats: 'Utrecht' })).totaal).toBe(0);
      expect((await zq({ status: 'inactief' })).totaal).toBe(40);
      expect((await zq({ kvk_nummer: '10000010' })).totaal).toBe(24);
      expect(await zq({ start: 500 })).toEqual({ totaal: 120, items: [] });
      expect(await listLeiEntities(db, id, { q: 'geen-treffer', rijen: 5, start: 0 }, 1200)).toEqual({ totaal: 0, items: [] });
      // LIKE wildcards in q are literal.
      expect((await zq({ q: 'hold_ng' })).totaal).toBe(0);
      expect((await zq({ q: '"1' })).totaal).toBe(31); // Zuidas Holding "10", "100".."190", "1000".."1190"
      const p1 = await zq({ rijen: 70 });
      const p2 = await zq({ rijen: 70, start: 70 });
      const all = [...p1.items, ...p2.items];
      expect(all).toHaveLength(120);
      expect(all.map((i) => i.naam)).toEqual([...all.map((i) => i.naam)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(p1.items[0]).toMatchObject({ plaats: 'Amsterdam', kvk_nummer: expect.stringMatching(/^100000\d\d$/), land: 'NL' });
      // With waar and sorteer the matches restrict lei_entiteit (semi-join): the same set.
      const { parseWaar, parseSorteer } = await import('@/lib/registers/query-language');
      const { leiEntiteitenVelden } = await import('./query');
      const waar = parseWaar("status eq 'inactief'", leiEntiteitenVelden);
      const viaWaar = await listLeiEntities(db, id, { q: 'zuidas', rijen: 500, start: 0 }, 1200, { waar });
      const viaFilter = await zq({ status: 'inactief', rijen: 500 });
      expect(viaWaar.totaal).toBe(40);
      expect(viaWaar.items.map((i) => i.lei)).toEqual(viaFilter.items.map((i) => i.lei));
      const sorteer = parseSorteer('-lei', leiEntiteitenVelden);
      const sorted = await listLeiEntities(db, id, { q: 'zuidas', rijen: 3, start: 0 }, 1200, { sorteer });
      expect(sorted.totaal).toBe(120);
      expect(sorted.items.map((i) => i.lei)).toEqual([...all.map((i) => i.lei)].sort().reverse().slice(0, 3));
    });

    it('a failing import leaves the previous version served and the manifest says mislukt', { timeout: SLOW }, async () => {
      const db = getDb();
      const before = await readManifest(db, LEI_REGISTER);
      const file = generatedCsv(tmp(), 3000, '20261002-0000');
      await expect(
        importLei({
          file,
          progressEvery: 1000,
          onProgress: (p) => {
            if (p.fase === 'entiteiten' && p.gelezen >= 2000) throw new Error('afgebroken halverwege (test)');
          },
        }),
      ).rejects.toThrow('afgebroken halverwege');
      const after = await readManifest(db, LEI_REGISTER);
      expect(after).toMatchObject({ import_id: before!.import_id, peildatum: before!.peildatum, sha256: before!.sha256 });
      expect(after!.verversing.status).toBe('mislukt');
      expect(after!.verversing.laatste_fout!.fout).toContain('afgebroken halverwege');
      const page = await listLeiEntities(db, after!.import_id, { rijen: 1, start: 0 });
      expect(page.totaal).toBe(1200);
      // No staging rows of the failed import remain.
      const [{ n }] = await db.$queryRaw<{ n: number }[]>`
        SELECT ((SELECT count(*) FROM lei_entiteit WHERE import_id > ${after!.import_id}) + (SELECT count(*) FROM lei_zoek WHERE import_id > ${after!.import_id}))::int AS n`;
      expect(n).toBe(0);
    });

    it('refuses incomplete files (empty or cut zip, XML cut mid-record or at a record boundary, wrong RecordCount, cut RR) and keeps serving', { timeout: SLOW }, async () => {
      const db = getDb();
      if (!(await readManifest(db, LEI_REGISTER))) await importLei({ file: generatedCsv(tmp(), 50, '20261005-0000') });
      const before = await readManifest(db, LEI_REGISTER);
      const served = async (id: number) => (await listLeiEntities(db, id, { rijen: 1, start: 0 })).totaal;
      const totalBefore = await served(before!.import_id);
      expect(totalBefore).toBeGreaterThan(0);
      const dir = fs.mkdtempSync(path.join(tmp(), 'cut-'));
      const name = path.basename(XML_NL);
      const xml = fs.readFileSync(XML_NL);
      const write = (file: string, bytes: Buffer | string) => {
        const sub = fs.mkdtempSync(path.join(dir, 'f-'));
        fs.writeFileSync(path.join(sub, file), bytes);
        return path.join(sub, file);
      };
      const zipped = (file: string, bytes: Buffer) => {
        const sub = fs.mkdtempSync(path.join(dir, 'z-'));
        fs.writeFileSync(path.join(sub, file), bytes);
        execFileSync('zip', ['-q', `${file}.zip`, file], { cwd: sub });
        return path.join(sub, `${file}.zip`);
      };
      const boundary = xml.indexOf('</lei:LEIRecord>') + '</lei:LEIRecord>'.length;
      const wholeZip = fs.readFileSync(zipped(name, xml));
      const rrXml = fs.readFileSync(path.join(F, 'pygleif_rr-cdf_record_excerpt_097900BEJX0000001852.xml'));
      const cases: { what: string; opts: { file: string; rr?: string }; reden: string }[] = [
        { what: '0-byte zip', opts: { file: write(`${name}.zip`, '') }, reden: `${name}.zip: het bestand is leeg (0 bytes)` },
        { what: 'zip, central directory cut', opts: { file: write(`cd-${name}.zip`, wholeZip.subarray(0, wholeZip.length - 30)) }, reden: 'geen volledig ZIP-bestand: het einde van de centrale map' },
        { what: 'zip cut at 60%', opts: { file: write(`c60-${name}.zip`, wholeZip.subarray(0, Math.floor(wholeZip.length * 0.6))) }, reden: 'geen volledig ZIP-bestand' },
        { what: 'XML cut at 60% mid-record', opts: { file: write(name, xml.subarray(0, Math.floor(xml.length * 0.6))) }, reden: 'afgebroken midden in een record' },
        { what: 'XML cut at a record boundary', opts: { file: write(name, xml.subarray(0, boundary)) }, reden: 'het hoofdelement <lei:LEIData> wordt niet afgesloten' },
        { what: 'RecordCount mismatch', opts: { file: write(name, xml.toString('utf8').replace('<lei:RecordCount>2<', '<lei:RecordCount>200554<')) }, reden: 'de kop noemt 200.554 records (RecordCount), het bestand bevat er 2' },
        { what: 'RR cut at 60%', opts: { file: XML_NL, rr: write('rr.xml', rrXml.subarray(0, Math.floor(rrXml.length * 0.6))) }, reden: 'rr.xml: het bestand is afgebroken midden in een record' },
      ];
      for (const parseWorker of [true, false]) {
        for (const c of cases) {
          const err = await importLei({ ...c.opts, parseWorker }).then(
            () => null,
            (e: unknown) => e,
          );
          expect(err, `${c.what} (worker ${parseWorker})`).toBeInstanceOf(ImportRefused);
          expect((err as ImportRefused).soort).toBe('onvolledig');
          expect((err as ImportRefused).reden, `${c.what}: ${(err as ImportRefused).reden}`).toContain(c.reden);
          const after = await readManifest(db, LEI_REGISTER);
          expect(after, c.what).toMatchObject({ import_id: before!.import_id, peildatum: before!.peildatum, sha256: before!.sha256 });
          expect(after!.verversing).toMatchObject({ status: 'geweigerd' });
          expect(after!.verversing.laatste_weigering!.reden).toContain(c.reden);
          expect(await served(after!.import_id)).toBe(totalBefore);
        }
      }
      const [{ n }] = await db.$queryRaw<{ n: number }[]>`
        SELECT ((SELECT count(*) FROM lei_entiteit WHERE import_id > ${before!.import_id}) + (SELECT count(*) FROM lei_zoek WHERE import_id > ${before!.import_id})
          + (SELECT count(*) FROM lei_relatie WHERE import_id > ${before!.import_id}))::int AS n`;
      expect(n).toBe(0);
    });

    it('kill -9 of the CLI halfway leaves the previous version served and the manifest says mislukt', { timeout: SLOW }, async () => {
      const before = await readManifest(getDb(), LEI_REGISTER);
      await closeDb(); // PGlite: one process at a time
      const file = generatedCsv(tmp(), 60_000, '20261003-0800');
      // Killed after the first batches are written (first progress line of the load phase).
      await killImportHalfway(['lei', '--file', file], /entiteiten: .*opgeslagen/);
      const db = getDb();
      const after = await readManifest(db, LEI_REGISTER);
      expect(after).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256 });
      expect(after!.verversing.status).toBe('mislukt');
      expect((await listLeiEntities(db, after!.import_id, { rijen: 1, start: 0 })).totaal).toBe(1200);
    });

    it('reports an abandoned import (process gone) as mislukt', { timeout: SLOW }, async () => {
      const db = getDb();
      await db.$executeRaw`INSERT INTO register_import (register, status, pid, gestart_op) VALUES (${LEI_REGISTER}, 'bezig', ${2 ** 22 + 12345}, now())`;
      const m = await readManifest(db, LEI_REGISTER);
      expect(m!.verversing.status).toBe('mislukt');
      expect(m!.verversing.laatste_fout!.fout).toMatch(/onderbroken/);
      expect((await listLeiEntities(db, m!.import_id, { rijen: 1, start: 0 })).totaal).toBe(1200);
    });
  });
}

suite('pglite');
suite('postgresql');
