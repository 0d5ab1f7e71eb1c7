// Import, publish and query of the fsp (AFM) register on a fresh PGlite directory: the full export as a
// ZIP, as bare XML and from a URL; the names-only CSV; and files that must not be published (a names list
// over a full export, a cut XML, a cut ZIP, no institution, not an AFM file) leaving the previous version
// served. Fixtures are hand-built (opgebouwd): no real AFM file was available.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { recomputeMonitor, recomputeNaImport } from '@/lib/monitor/recompute';
import { useTestDatabase } from '@/test/db/test-database';
import { readManifest } from '../common/manifest';
import { publishedImportId } from '../common/publish';
import { ImportRefused, isImportRefused } from '../common/refusal';
import { AFM_FD_REGISTER_PAGE, FSP_REGISTER, fspExportUrl, fspSoort, importFsp, type FspProgress } from './import';
import { getFspDossier, listFspInstellingen, listFspVergunningen } from './query';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = path.join(root, 'test/fixtures/registers/afm');
const ZIP = path.join(dir, 'wfd-extern-register-3.0_structure_opgebouwd.zip');
const XML = path.join(dir, 'wfd-extern-register-3.0_structure_opgebouwd.xml');
const NAMES = path.join(dir, 'fd-namen_opgebouwd.csv');
const SLOW = 120_000;
const PEIL = new Date('2026-11-20T09:00:00Z');
const ID1 = 'a3f1c2d4-0001-4b5e-9c1d-000000000001';

async function refusal(p: Promise<unknown>): Promise<ImportRefused> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(isImportRefused(e)).toBe(true);
  return e as ImportRefused;
}

describe('fspExportUrl', () => {
  it('is the full export (fdregister=1) without any GUID, with the base overridable', () => {
    expect(fspExportUrl({})).toBe('https://www.afm.nl/export.aspx?fdregister=1');
    expect(fspExportUrl({ BRON_AFM_REGISTER_URL: 'http://127.0.0.1:3999/afm/export.aspx/' })).toBe('http://127.0.0.1:3999/afm/export.aspx?fdregister=1');
  });

  it('reads the soort of a version from its files', () => {
    expect(fspSoort([{ soort: 'namenlijst' }])).toBe('namenlijst');
    expect(fspSoort([{ soort: 'volledige-export' }])).toBe('volledige-export');
    expect(fspSoort([])).toBe('volledige-export');
  });
});

describe('fsp import on pglite', () => {
  useTestDatabase('pglite', 'nlods-fsp-');

  it('has no manifest before the first import', { timeout: SLOW }, async () => {
    expect(await readManifest(getDb(), FSP_REGISTER)).toBeNull();
  });

  it('imports the full export ZIP and publishes it with counts and manifest', { timeout: SLOW }, async () => {
    const progress: FspProgress[] = [];
    const r = await importFsp({ file: ZIP, peildatum: PEIL, progressEvery: 2, onProgress: (p) => progress.push(p) });
    const bytes = fs.readFileSync(ZIP);
    const xmlSize = fs.statSync(XML).size;
    expect(r.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(r.soort).toBe('volledige-export');
    expect(r.aantallen).toEqual({
      instellingen: 3, met_kvk: 2, vergunningen: 2, vergunningen_geldig: 1, vergunningen_beeindigd: 1, gelezen: 3, overgeslagen: 0, dubbel: 0, waarschuwingen: 0,
    });
    expect(progress.map((p) => [p.fase, p.gelezen, p.opgeslagen])).toEqual([
      ['instellingen', 2, 2], ['instellingen', 3, 3], ['publiceren', 3, 3],
    ]);
    expect(progress.at(-1)).toMatchObject({ bytes: xmlSize, totaalBytes: xmlSize });

    const db = getDb();
    const m = await readManifest(db, FSP_REGISTER);
    expect(m).toMatchObject({ import_id: r.importId, peildatum: PEIL.toISOString(), bron_url: AFM_FD_REGISTER_PAGE, sha256: r.sha256, aantallen: r.aantallen, voorbeeld: false });
    expect(m!.bestanden).toEqual([
      {
        rol: 'afm-fd', naam: path.basename(ZIP), bron_url: null, sha256: r.sha256, bytes: bytes.length, versie: null, soort: 'volledige-export',
        xml: 'wfd-extern-register-3.0_structure_opgebouwd.xml',
      },
    ]);
    const d = await getFspDossier(db, r.importId, m!.peildatum!, ID1);
    expect(d).toMatchObject({ kvk_nummer: '99000001', rechtsvorm: 'Besloten Vennootschap', statutaire_zetel: 'Amersfoort', beleidsbepalers: null, ep: null });
    expect(d!.vergunningen[0].producten.map((p) => [p.product, p.perioden.map((x) => `${x.dienst}:${x.status}`)])).toEqual([
      ['Hypothecair krediet', ['Adviseren:geldig', 'Bemiddelen:geldig']],
      ['Schadeverzekeringen', ['Adviseren:beëindigd']],
    ]);
    const v = await listFspVergunningen(db, r.importId, PEIL, { status: 'beëindigd', rijen: 10, start: 0 });
    expect(v.items.map((x) => [x.vergunningnummer, x.einddatum])).toEqual([['12030001', '2025-09-30']]);
  });

  it('imports the bare XML too (detected by content); the peildatum defaults to the moment of import', { timeout: SLOW }, async () => {
    const db = getDb();
    const before = (await publishedImportId(db, FSP_REGISTER))!;
    const t = Date.now();
    // forceer: the published version's fixed peildatum (PEIL) lies after the import moment when the clock
    // runs behind it (the suites also run a year back), and the guard would refuse it as not newer.
    const r = await importFsp({ file: XML, voorbeeld: true, forceer: true });
    expect(r.peildatum.getTime()).toBeGreaterThanOrEqual(t - 1000);
    expect(r.peildatum.getTime()).toBeLessThanOrEqual(Date.now());
    expect(r.importId).toBeGreaterThan(before);
    expect(r.aantallen.instellingen).toBe(3);
    expect((await readManifest(db, FSP_REGISTER))!.bestanden).toMatchObject([{ soort: 'volledige-export', xml: null }]);
  });

  it('imports the ZIP from a URL, recording it as bron_url', { timeout: SLOW }, async () => {
    const bytes = fs.readFileSync(ZIP);
    const server = http.createServer((_req, res) => res.end(bytes));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.aspx?fdregister=1`;
      // The published version is the sample of the previous test (peildatum now): real data replaces a
      // sample unforced even with an older peildatum (common/guard.ts).
      const r = await importFsp({ file: url, peildatum: PEIL });
      expect(r.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(r.aantallen.instellingen).toBe(3);
      expect(await readManifest(getDb(), FSP_REGISTER)).toMatchObject({ bron_url: url, bestanden: [{ naam: 'export.aspx', bron_url: url }] });
    } finally {
      server.close();
    }
  });

  it('refuses a names list over a published full export, a cut XML, a cut ZIP, a 0-byte file, an empty archive or XML entry, several XML entries and a file without institutions; the previous version keeps serving', { timeout: SLOW }, async () => {
    const db = getDb();
    const before = (await readManifest(db, FSP_REGISTER))!;
    const tmp = fs.mkdtempSync(path.join(path.dirname(process.env.PGLITE_DIR!), 'bad-'));

    const names = await refusal(importFsp({ file: NAMES, peildatum: PEIL }));
    expect(names.soort).toBe('soort');
    expect(names.reden).toContain('namenlijst van het AFM-register');
    expect(names.reden).toContain('vervangt nooit de gepubliceerde volledige export');

    const xml = fs.readFileSync(XML, 'utf8');
    const cutXml = path.join(tmp, 'afgebroken.xml');
    fs.writeFileSync(cutXml, xml.slice(0, Math.floor(xml.length * 0.6)));
    const cut = await refusal(importFsp({ file: cutXml, peildatum: PEIL }));
    expect(cut.soort).toBe('onvolledig');
    expect(cut.reden).toContain('het hoofdelement <WfdExternRegister> wordt niet afgesloten');

    const zip = fs.readFileSync(ZIP);
    const cutZip = path.join(tmp, 'afgebroken.zip');
    fs.writeFileSync(cutZip, zip.subarray(0, Math.floor(zip.length * 0.6)));
    const z = await refusal(importFsp({ file: cutZip, peildatum: PEIL }));
    expect(z.soort).toBe('onvolledig');
    expect(z.reden).toContain('onvolledig ZIP-archief');

    const zero = path.join(tmp, 'nul-bytes.zip');
    fs.writeFileSync(zero, '');
    const z0 = await refusal(importFsp({ file: zero, peildatum: PEIL }));
    expect([z0.soort, z0.reden]).toEqual(['onvolledig', 'Het AFM-bestand is leeg (0 bytes): afgebroken download? Niet gepubliceerd.']);

    // ZIP edge cases: an empty archive and an empty XML entry are incomplete; several XML entries are not the export.
    const emptyZip = path.join(tmp, 'leeg-archief.zip');
    fs.writeFileSync(emptyZip, zipSync({}));
    const ez = await refusal(importFsp({ file: emptyZip, peildatum: PEIL }));
    expect([ez.soort, ez.reden]).toEqual(['onvolledig', 'Het AFM-bestand is een leeg ZIP-archief (geen enkel bestand): afgebroken export? Niet gepubliceerd.']);
    const emptyEntry = path.join(tmp, 'lege-xml.zip');
    fs.writeFileSync(emptyEntry, zipSync({ 'export.xml': new Uint8Array(0) }));
    const ee = await refusal(importFsp({ file: emptyEntry, peildatum: PEIL }));
    expect([ee.soort, ee.reden]).toEqual(['onvolledig', 'Het XML-bestand export.xml in het ZIP-archief is leeg (0 bytes): afgebroken export? Niet gepubliceerd.']);
    const twoXml = path.join(tmp, 'twee-xml.zip');
    fs.writeFileSync(twoXml, zipSync({ 'a.xml': strToU8(fs.readFileSync(XML, 'utf8')), 'b.xml': strToU8(fs.readFileSync(XML, 'utf8')) }));
    const tx = await refusal(importFsp({ file: twoXml, peildatum: PEIL }));
    expect([tx.soort, tx.reden]).toEqual(['soort', 'Het ZIP-archief bevat 2 XML-bestanden (a.xml, b.xml); de volledige AFM-export bevat er precies één. Niet gepubliceerd.']);

    const empty = path.join(tmp, 'leeg.xml');
    fs.writeFileSync(empty, '<?xml version="1.0"?><WfdExternRegister xmlns="http://www.afm.nl/WfdExternRegister/Export/3.0"><Instellingen/></WfdExternRegister>');
    const e = await refusal(importFsp({ file: empty, peildatum: PEIL }));
    expect([e.soort, e.reden]).toEqual(['onaannemelijk', 'Het bestand bevat 0 instellingen; de gepubliceerde versie heeft er 3.']);

    const anbi = path.join(tmp, 'anbi.xml');
    fs.writeFileSync(anbi, '<?xml version="1.0"?><publicatieAnbiInstellingen><beschikking><naam>X</naam></beschikking></publicatieAnbiInstellingen>');
    await expect(importFsp({ file: anbi })).rejects.toThrow('Het bestand is geen volledige AFM-export: het hoofdelement <WfdExternRegister> ontbreekt (0 instellingen gelezen).');

    const other = path.join(tmp, 'geen-afm.csv');
    fs.writeFileSync(other, Buffer.from('"Bedrijf";"Plaats"\r\n"X";"Y"\r\n', 'latin1'));
    await expect(importFsp({ file: other })).rejects.toThrow('Het bestand is geen AFM-export van financiële dienstverleners');

    const after = (await readManifest(db, FSP_REGISTER))!;
    expect(after).toMatchObject({ import_id: before.import_id, sha256: before.sha256, aantallen: before.aantallen });
    expect(after.verversing.status).not.toBe('ok');
    expect((await listFspInstellingen(db, after.import_id, { rijen: 1, start: 0 })).totaal).toBe(3);
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM fsp_instelling WHERE import_id > ${after.import_id}`;
    expect(n).toBe(0);
  });

  it('refuses the very file already published right after hashing, before parsing; --forceer imports it', { timeout: SLOW }, async () => {
    const db = getDb();
    const before = (await readManifest(db, FSP_REGISTER))!;
    const progress: FspProgress[] = [];
    const same = await refusal(importFsp({ file: ZIP, peildatum: new Date(PEIL.getTime() + 86_400_000), progressEvery: 1, onProgress: (p) => progress.push(p) }));
    expect([same.soort, same.reden]).toEqual(['onaannemelijk', `Dit bestand (sha-256 ${before.sha256!.slice(0, 12)}…) is al gepubliceerd.`]);
    expect(progress).toEqual([]); // never parsed
    const m = (await readManifest(db, FSP_REGISTER))!;
    expect(m).toMatchObject({ import_id: before.import_id, verversing: { status: 'geweigerd', laatste_weigering: { reden: same.reden } } });

    const forced = await importFsp({ file: ZIP, peildatum: new Date(PEIL.getTime() + 86_400_000), progressEvery: 1, onProgress: (p) => progress.push(p), forceer: true });
    expect(progress.length).toBeGreaterThan(0);
    expect((await readManifest(db, FSP_REGISTER))!).toMatchObject({ import_id: forced.importId, sha256: before.sha256, verversing: { status: 'ok' } });
  });

  it('an exception from the progress callback aborts and leaves no staging rows', { timeout: SLOW }, async () => {
    const db = getDb();
    const before = (await readManifest(db, FSP_REGISTER))!;
    await expect(
      importFsp({
        file: XML, // not the published file (that one is refused before parsing)
        progressEvery: 1,
        onProgress: () => {
          throw new Error('afgebroken (test)');
        },
      }),
    ).rejects.toThrow('afgebroken (test)');
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM fsp_instelling WHERE import_id > ${before.import_id}`;
    expect(n).toBe(0);
    expect((await readManifest(db, FSP_REGISTER))!.import_id).toBe(before.import_id);
  });
});

describe('fsp names-only import on pglite', () => {
  useTestDatabase('pglite', 'nlods-fsp-namen-');

  it('publishes a names list when no full export is published, marked as such', { timeout: SLOW }, async () => {
    const r = await importFsp({ file: NAMES, peildatum: PEIL });
    expect(r.soort).toBe('namenlijst');
    expect(r.aantallen).toMatchObject({ instellingen: 4, met_kvk: 0, vergunningen: 0, gelezen: 6, overgeslagen: 1, dubbel: 1 });
    const m = (await readManifest(getDb(), FSP_REGISTER))!;
    expect(fspSoort(m.bestanden)).toBe('namenlijst');
    // the monitor never computes from a names list: no version, and the job's message says why
    expect(await recomputeMonitor(getDb())).toMatchObject({ versie_id: null, reden: 'fsp_namenlijst' });
    expect(await recomputeNaImport(getDb(), FSP_REGISTER)).toContain('namenlijst (zonder KvK-nummers en vergunningen); de vorige versie blijft staan');
    const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM dataset_versie`;
    expect(n).toBe(0);
    // a names list may replace a names list; a full export replaces it
    // (the same list again is refused by the guard unless forced; a later full export needs no force)
    await expect(importFsp({ file: NAMES, peildatum: PEIL })).rejects.toThrow(/al gepubliceerd|niet nieuwer/);
    expect((await importFsp({ file: NAMES, peildatum: PEIL, forceer: true })).soort).toBe('namenlijst');
    // The full export (3 institutions against the list's 4) is another kind of file: its count is not
    // compared with the list's, so it publishes unforced.
    const full = await importFsp({ file: ZIP, peildatum: new Date(PEIL.getTime() + 86_400_000) });
    expect(full.soort).toBe('volledige-export');
    expect((await readManifest(getDb(), FSP_REGISTER))!.import_id).toBe(full.importId);
    // on the full export the monitor computes again
    expect((await recomputeMonitor(getDb())).versie_id).toEqual(expect.any(Number));
  });
});
