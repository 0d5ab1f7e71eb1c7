// Import, publish and query of the charity (ANBI) register on real databases: a fresh PGlite directory
// and, when PostgreSQL is installed, a private cluster (scripts/pg-cluster.mjs), as the LEI tests do.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db/client';
import { killImportHalfway, postgresMissing, useTestDatabase } from '@/test/db/test-database';
import { execFileSync } from 'node:child_process';
import { readManifest } from '../common/manifest';
import { ImportRefused } from '../common/refusal';
import { publishedImportId } from '../common/publish';
import { ANBI_ZIP_URL, CHARITY_REGISTER, importCharity } from './import';
import { getCharity, listCharityEntries } from './query';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const F = path.join(root, 'test/fixtures/registers/anbi');
const XML = path.join(F, 'anbi-sample.xml');
const ZIP = path.join(F, 'anbi-sample.zip');
const DOC = path.join(F, 'anbi-opgebouwd.xml');
const SLOW = 120_000;
const PEIL = '2026-11-17';

const pgMissing = postgresMissing;

// A generated anbi.xml with n decisions (for paging, q and the failure test).
function generatedXml(dir: string, n: number, aanmaak = '2026-12-01'): string {
  const parts = [`<?xml version="1.0" encoding="ISO-8859-1"?>\n<publicatieAnbiInstellingen>\n<header><aanmaakDatum>${aanmaak}</aanmaakDatum><versie>2.0</versie></header>\n`];
  for (let i = 0; i < n; i++) {
    parts.push(
      '<beschikking>' +
        `<fiscaalNummer>${800000000 + i}</fiscaalNummer><dossierNummer>${200000 + i}</dossierNummer>` +
        `<naam>${i % 10 === 0 ? `Stichting Zonnebloem ${i}` : `Vereniging ${i}`}</naam>` +
        (i % 4 === 0 ? `<aliasNaam>ZONNEKRACHT ${i}</aliasNaam>` : '') +
        `<vestigingsPlaats>${i % 2 ? 'Utrecht' : 'Amsterdam'}</vestigingsPlaats>` +
        `<ingangsDatum>2010-01-01</ingangsDatum>` +
        (i % 3 === 0 ? '<intrekkingsDatum>2020-01-01</intrekkingsDatum>' : '') +
        (i % 5 === 0 ? '<ingangsDatumCultuur>2011-01-01</ingangsDatumCultuur>' : '') +
        '</beschikking>\n',
    );
  }
  parts.push('</publicatieAnbiInstellingen>\n');
  const file = path.join(dir, `anbi-${n}-${aanmaak}.xml`);
  fs.writeFileSync(file, Buffer.from(parts.join(''), 'latin1'));
  return file;
}

function suite(kind: 'pglite' | 'postgresql') {
  describe.skipIf(kind === 'postgresql' && !!pgMissing)(`charity import on ${kind}`, () => {
    const db = useTestDatabase(kind, 'nlods-anbi-');
    const tmp = () => db.dir();

    it('has no manifest before the first import', { timeout: SLOW }, async () => {
      expect(await readManifest(getDb(), CHARITY_REGISTER)).toBeNull();
    });

    it('imports the sample XML with the peildatum and version from the header', { timeout: SLOW }, async () => {
      const r = await importCharity({ file: XML });
      expect(r.peildatum.toISOString()).toBe(`${PEIL}T00:00:00.000Z`);
      expect(r.versie).toBe('1.0');
      expect(r.sha256).toBe(createHash('sha256').update(fs.readFileSync(XML)).digest('hex'));
      expect(r.aantallen).toMatchObject({ totaal: 11, geldig: 9, beeindigd: 2, cultuur: 2, groepsbeschikkingen: 5, gelezen: 12, overgeslagen: 1, dubbel: 0 });
      const db = getDb();
      const m = await readManifest(db, CHARITY_REGISTER);
      expect(m).toMatchObject({
        peildatum: `${PEIL}T00:00:00.000Z`,
        bron_url: ANBI_ZIP_URL,
        sha256: r.sha256,
        verversing: { status: 'ok', laatste_fout: null },
      });
      expect(m!.bestanden[0]).toMatchObject({ rol: 'anbi', naam: 'anbi-sample.xml', versie: '1.0' });
      const id = (await publishedImportId(db, CHARITY_REGISTER))!;
      expect(await getCharity(db, id, PEIL, '012345678')).toEqual({
        id: '012345678',
        rsin: '012345678',
        dossiernummer: '100234',
        naam: 'Stichting Vrienden van Café De Zwaluw',
        alias: 'De Zwaluw',
        plaats: 'Utrecht',
        website: 'www.voorbeeld-zwaluw.nl',
        ingangsdatum: '2012-01-01',
        intrekkingsdatum: null,
        ingangsdatum_cultuur: '2012-01-01',
        einddatum_cultuur: null,
        status: 'geldig',
        cultuur: true,
        groepsbeschikking: false,
        extra: {},
      });
      // Intrekking exactly on the peildatum: still geldig; culture ends after it: cultuur.
      expect(await getCharity(db, id, PEIL, '816543210')).toMatchObject({ naam: 'Fonds Kunst & Ambacht één', alias: 'K&A', intrekkingsdatum: PEIL, status: 'geldig', cultuur: true });
      expect(await getCharity(db, id, PEIL, '823456789')).toMatchObject({ status: 'beëindigd', cultuur: false });
      expect(await getCharity(db, id, PEIL, '810000123')).toMatchObject({ status: 'beëindigd', extra: { rubriek: 'Cultuur' } });
      expect(await getCharity(db, id, PEIL, '007654321')).toMatchObject({ naam: 'Vereniging Vrienden van het Sociëteitshuis', alias: null, cultuur: false });
      expect(await getCharity(db, id, PEIL, '900002')).toMatchObject({ id: '900002', rsin: null, dossiernummer: '900002', naam: 'Gemeenten', groepsbeschikking: true, status: 'geldig' });
      // Invalid RSIN: id falls back to the dossier number, but it is no group decision.
      expect(await getCharity(db, id, PEIL, '100238')).toMatchObject({ rsin: null, groepsbeschikking: false, ingangsdatum: null });
      expect(await getCharity(db, id, PEIL, '999999999')).toBeNull();
    });

    it('filters the sample: q over name and alias, rsin, plaats, status, cultuur', { timeout: SLOW }, async () => {
      const db = getDb();
      const id = (await publishedImportId(db, CHARITY_REGISTER))!;
      const list = (f: Parameters<typeof listCharityEntries>[3]) => listCharityEntries(db, id, PEIL, f);
      const p = { rijen: 50, start: 0 };
      expect((await list({ ...p, q: 'zwALUW' })).items.map((i) => i.id)).toEqual(['012345678']);
      expect((await list({ ...p, q: 'k&a' })).items.map((i) => i.id)).toEqual(['816543210']);
      expect((await list({ ...p, q: 'café' })).totaal).toBe(1);
      expect((await list({ ...p, q: '100%' })).totaal).toBe(0);
      expect((await list({ ...p, rsin: '007654321' })).items).toMatchObject([
        { id: '007654321', rsin: '007654321', naam: 'Vereniging Vrienden van het Sociëteitshuis', alias: null, plaats: "'s-Hertogenbosch", status: 'geldig', cultuur: false },
      ]);
      expect((await list({ ...p, plaats: 'UTRECHT' })).totaal).toBe(1);
      expect((await list({ ...p, status: 'geldig' })).totaal).toBe(9);
      expect((await list({ ...p, status: 'beëindigd' })).items.map((i) => i.id).sort()).toEqual(['810000123', '823456789']);
      expect((await list({ ...p, cultuur: 'ja' })).items.map((i) => i.id).sort()).toEqual(['012345678', '816543210']);
      expect((await list({ ...p, cultuur: 'nee' })).totaal).toBe(9);
      expect((await list({ ...p, cultuur: 'ja', status: 'geldig', plaats: 'den haag' })).totaal).toBe(1);
      expect((await listCharityEntries(db, id, PEIL, p, 11)).totaal).toBe(11);
    });

    it('imports the zip as published, from a file and from a URL, with the sha-256 of the zip', { timeout: SLOW }, async () => {
      const zipBytes = fs.readFileSync(ZIP);
      const sha = createHash('sha256').update(zipBytes).digest('hex');
      const server = http.createServer((_req, res) => res.end(zipBytes));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/data/anbi/anbi.zip`;
        for (const file of [ZIP, url]) {
          // The zip holds the sample XML imported above (same header date) and is imported twice here: a
          // deliberate re-import, so forced past the plausibility guard (common/guard.ts).
          const r = await importCharity({ file, forceer: true });
          expect(r.sha256).toBe(sha);
          expect(r.aantallen).toMatchObject({ totaal: 11, geldig: 9, cultuur: 2 });
          const m = await readManifest(getDb(), CHARITY_REGISTER);
          expect(m).toMatchObject({ import_id: r.importId, bron_url: file === url ? url : ANBI_ZIP_URL, sha256: sha });
          expect(m!.bestanden[0]).toMatchObject({ bytes: zipBytes.length });
        }
      } finally {
        server.close();
      }
    });

    it('re-imports idempotently, keeps two versions of data, pages and filters at scale', { timeout: SLOW }, async () => {
      const file = generatedXml(tmp(), 1200);
      const a = await importCharity({ file });
      // The same file again is refused (already published) unless forced on purpose.
      await expect(importCharity({ file })).rejects.toThrow(/al gepubliceerd/);
      const b = await importCharity({ file, forceer: true });
      expect(b.sha256).toBe(a.sha256);
      expect(b.aantallen).toEqual(a.aantallen);
      expect(b.versie).toBe('2.0');
      const db = getDb();
      const ids = await db.$queryRaw<{ import_id: number }[]>`SELECT DISTINCT import_id FROM anbi_beschikking ORDER BY import_id`;
      expect(ids.map((r) => r.import_id)).toEqual([a.importId, b.importId]);
      const pd = b.peildatum;
      const page = await listCharityEntries(db, b.importId, pd, { rijen: 50, start: 0 });
      expect(page).toMatchObject({ totaal: 1200 });
      expect(page.items).toHaveLength(50);
      expect((await listCharityEntries(db, b.importId, pd, { q: 'zonne', rijen: 500, start: 0 })).totaal).toBe(120 + 300 - 60);
      expect((await listCharityEntries(db, b.importId, pd, { status: 'beëindigd', rijen: 5, start: 0 })).totaal).toBe(400);
      expect((await listCharityEntries(db, b.importId, pd, { cultuur: 'ja', status: 'geldig', rijen: 5, start: 0 })).totaal).toBe(240 - 80);
      expect((await listCharityEntries(db, b.importId, pd, { rijen: 500, start: 1000 })).items).toHaveLength(200);
      expect((await listCharityEntries(db, b.importId, pd, { rijen: 500, start: 5000 })).items).toEqual([]);
    });

    it('a failing import leaves the previous version served and the manifest says mislukt', { timeout: SLOW }, async () => {
      const db = getDb();
      const before = await readManifest(db, CHARITY_REGISTER);
      const file = generatedXml(tmp(), 3000, '2026-12-08');
      await expect(
        importCharity({
          file,
          progressEvery: 1000,
          onProgress: (p) => {
            if (p.fase === 'beschikkingen' && p.gelezen >= 2000) throw new Error('afgebroken halverwege (test)');
          },
        }),
      ).rejects.toThrow('afgebroken halverwege');
      let after = await readManifest(db, CHARITY_REGISTER);
      expect(after).toMatchObject({ import_id: before!.import_id, peildatum: before!.peildatum, sha256: before!.sha256 });
      expect(after!.verversing.status).toBe('mislukt');
      expect(after!.verversing.laatste_fout!.fout).toContain('afgebroken halverwege');
      const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM anbi_beschikking WHERE import_id > ${after!.import_id}`;
      expect(n).toBe(0);

      // Not an ANBI file at all: also mislukt, previous version stays.
      const bad = path.join(tmp(), 'geen-anbi.xml');
      fs.writeFileSync(bad, '<?xml version="1.0"?><iets><anders/></iets>');
      await expect(importCharity({ file: bad })).rejects.toThrow(/beschikking/);
      after = await readManifest(db, CHARITY_REGISTER);
      expect(after).toMatchObject({ import_id: before!.import_id, verversing: { status: 'mislukt' } });
      expect((await listCharityEntries(db, after!.import_id, after!.peildatum!, { rijen: 1, start: 0 })).totaal).toBe(1200);
    });

    it('kill -9 of the CLI halfway leaves the previous version served and the manifest says mislukt', { timeout: SLOW }, async () => {
      const before = await readManifest(getDb(), CHARITY_REGISTER);
      await closeDb(); // PGlite: one process at a time
      const file = generatedXml(tmp(), 60_000, '2026-12-15');
      // Killed after the first batches are written (first progress line of the load phase).
      await killImportHalfway(['charity', '--file', file], /beschikkingen: .*opgeslagen/);
      const db = getDb();
      const after = await readManifest(db, CHARITY_REGISTER);
      expect(after).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256 });
      expect(after!.verversing.status).toBe('mislukt');
      expect((await listCharityEntries(db, after!.import_id, after!.peildatum!, { rijen: 1, start: 0 })).totaal).toBe(1200);
    });

    it('imports the documented format (opgebouwd fixture) zipped as published: group decisions without numbers kept', { timeout: SLOW }, async () => {
      const dir = fs.mkdtempSync(path.join(tmp(), 'doc-'));
      fs.copyFileSync(DOC, path.join(dir, 'anbi.xml'));
      execFileSync('zip', ['-q', 'anbi.zip', 'anbi.xml'], { cwd: dir });
      // 7 decisions over the published 1,200 of the sample: a drop the guard refuses unless forced
      const r = await importCharity({ file: path.join(dir, 'anbi.zip'), forceer: true });
      expect(r.peildatum.toISOString()).toBe('2026-11-24T00:00:00.000Z');
      expect(r.aantallen).toMatchObject({ totaal: 7, gelezen: 7, overgeslagen: 0, groepsbeschikkingen: 3, cultuur: 1, beeindigd: 1 });
      const db = getDb();
      const id = (await publishedImportId(db, CHARITY_REGISTER))!;
      expect(id).toBe(r.importId);
      const pd = '2026-11-24';
      expect(await getCharity(db, id, pd, 'naam-staat-der-nederlanden')).toMatchObject({ rsin: null, dossiernummer: null, naam: 'Staat der Nederlanden', groepsbeschikking: true, status: 'geldig' });
      expect(await getCharity(db, id, pd, 'naam-gemeente')).toMatchObject({ rsin: null, naam: 'Gemeente', groepsbeschikking: true });
      expect(await getCharity(db, id, pd, '900003')).toMatchObject({ rsin: null, dossiernummer: '900003', naam: 'Provincie', groepsbeschikking: true });
      expect(await getCharity(db, id, pd, '002345678')).toMatchObject({ rsin: '002345678', naam: 'Stichting Crème de la Crème', alias: 'Crèmefonds', plaats: 'Kûbaard' });
      expect(await getCharity(db, id, pd, '823456789')).toMatchObject({ naam: 'Stichting Théâtre Privé', ingangsdatum_cultuur: '2014-03-01', einddatum_cultuur: '2020-12-31', cultuur: false });
      expect(await getCharity(db, id, pd, '034567890')).toMatchObject({ naam: "Vereniging Vrienden van Café 't Hoekje", status: 'beëindigd' });
    });

    it('refuses an incomplete ANBI file (empty, XML cut mid-record or before the root closes, zip cut) and keeps serving', { timeout: SLOW }, async () => {
      const db = getDb();
      const before = await readManifest(db, CHARITY_REGISTER);
      const xml = fs.readFileSync(DOC);
      const dir = fs.mkdtempSync(path.join(tmp(), 'cut-'));
      const write = (name: string, bytes: Buffer | string) => {
        const sub = fs.mkdtempSync(path.join(dir, 'f-'));
        fs.writeFileSync(path.join(sub, name), bytes);
        return path.join(sub, name);
      };
      const zipped = path.join(fs.mkdtempSync(path.join(dir, 'z-')), 'anbi.zip');
      fs.copyFileSync(DOC, path.join(path.dirname(zipped), 'anbi.xml'));
      execFileSync('zip', ['-q', 'anbi.zip', 'anbi.xml'], { cwd: path.dirname(zipped) });
      const zipBytes = fs.readFileSync(zipped);
      const lastRecordEnd = xml.lastIndexOf('</beschikking>') + '</beschikking>'.length;
      const cases: [string, string, string][] = [
        ['empty', write('anbi.xml', ''), 'anbi.xml: het bestand is leeg (0 bytes)'],
        ['empty zip', write('anbi.zip', ''), 'anbi.zip: het bestand is leeg (0 bytes)'],
        ['cut mid-record', write('anbi.xml', xml.subarray(0, Math.floor(xml.length * 0.6))), 'afgebroken midden in een beschikking'],
        ['cut at a record boundary', write('anbi.xml', xml.subarray(0, lastRecordEnd)), 'het hoofdelement <publicatieAnbiInstellingen> wordt niet afgesloten'],
        ['zip cut', write('anbi.zip', zipBytes.subarray(0, zipBytes.length - 20)), 'geen volledig ZIP-bestand'],
      ];
      for (const [what, file, reden] of cases) {
        const err = await importCharity({ file }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, what).toBeInstanceOf(ImportRefused);
        expect((err as ImportRefused).soort).toBe('onvolledig');
        expect((err as ImportRefused).reden, `${what}: ${(err as ImportRefused).reden}`).toContain(reden);
        const after = await readManifest(db, CHARITY_REGISTER);
        expect(after, what).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256 });
        expect(after!.verversing).toMatchObject({ status: 'geweigerd' });
        expect(after!.verversing.laatste_weigering!.reden).toContain(reden);
      }
      const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM anbi_beschikking WHERE import_id > ${before!.import_id}`;
      expect(n).toBe(0);
      expect((await listCharityEntries(db, before!.import_id, before!.peildatum!, { rijen: 1, start: 0 })).totaal).toBe(7);
    });
  });
}

suite('pglite');
suite('postgresql');
