// Import, publish and query of the fsp (AFM) register on a fresh PGlite directory: counts, manifest,
// a re-import publishing a new version, a URL import, and failures leaving the previous version served.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { useTestDatabase } from '@/test/db/test-database';
import { readManifest } from '../common/manifest';
import { publishedImportId } from '../common/publish';
import { AFM_FD_REGISTER_PAGE, FSP_REGISTER, fspExportUrl, importFsp, type FspProgress } from './import';
import { getFspDossier, listFspInstellingen, listFspVergunningen } from './query';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const FULL = path.join(root, 'test/fixtures/registers/afm/fd-export-sample.csv');
const SMALL = path.join(root, 'test/fixtures/registers/afm/fd-sample.csv');
const SLOW = 120_000;
const PEIL = new Date('2026-11-20T09:00:00Z');
const ID1 = 'a1b2c3d4-0001-4000-8000-000000000001';

describe('fspExportUrl', () => {
  it('builds the AFM export URL from the type GUID, with the base overridable', () => {
    expect(fspExportUrl({ AFM_FD_EXPORT_TYPE: 'abc-123' })).toBe('https://www.afm.nl/export.aspx?type=abc-123&format=csv');
    expect(fspExportUrl({ AFM_FD_EXPORT_TYPE: 'abc-123', BRON_AFM_REGISTER_URL: 'http://127.0.0.1:3999/afm/export.aspx' })).toBe(
      'http://127.0.0.1:3999/afm/export.aspx?type=abc-123&format=csv',
    );
  });

  it('throws a clear Dutch error without the GUID', () => {
    expect(() => fspExportUrl({})).toThrow(
      'Het type-GUID van de AFM-export voor financiële dienstverleners is niet bekend; zet AFM_FD_EXPORT_TYPE of geef --file.',
    );
  });
});

describe('fsp import on pglite', () => {
  useTestDatabase('pglite', 'nlods-fsp-');

  it('has no manifest before the first import', { timeout: SLOW }, async () => {
    expect(await readManifest(getDb(), FSP_REGISTER)).toBeNull();
  });

  it('imports the full-layout sample and publishes it with counts and manifest', { timeout: SLOW }, async () => {
    const progress: FspProgress[] = [];
    const r = await importFsp({ file: FULL, peildatum: PEIL, progressEvery: 4, onProgress: (p) => progress.push(p) });
    const bytes = fs.readFileSync(FULL);
    expect(r.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(r.peildatum).toEqual(PEIL);
    expect(r.aantallen).toEqual({
      instellingen: 5,
      vergunningen: 6,
      vergunningen_geldig: 4,
      vergunningen_beeindigd: 2,
      ep: 2,
      gelezen: 9,
      overgeslagen: 1,
      waarschuwingen: 0,
    });
    // every 4 rows (4, 8, end), every 4 institutions (4, end), then publishing
    expect(progress.map((p) => [p.fase, p.gelezen, p.opgeslagen])).toEqual([
      ['rijen', 4, 0], ['rijen', 8, 0], ['rijen', 9, 0], ['opslaan', 9, 4], ['opslaan', 9, 5], ['publiceren', 9, 5],
    ]);
    expect(progress.at(-1)).toEqual({ fase: 'publiceren', gelezen: 9, opgeslagen: 5, bytes: bytes.length, totaalBytes: bytes.length });

    const db = getDb();
    const m = await readManifest(db, FSP_REGISTER);
    expect(m).toMatchObject({
      import_id: r.importId,
      peildatum: PEIL.toISOString(),
      bron_url: AFM_FD_REGISTER_PAGE,
      sha256: r.sha256,
      aantallen: r.aantallen,
      voorbeeld: false,
      verversing: { status: 'ok', laatste_fout: null },
    });
    expect(m!.bestanden).toEqual([{ rol: 'afm-fd', naam: 'fd-export-sample.csv', bron_url: null, sha256: r.sha256, bytes: bytes.length, versie: null }]);

    const d = await getFspDossier(db, r.importId, m!.peildatum!, ID1);
    expect(d).toMatchObject({
      naam: 'Hypotheekhuis Voorbeeld B.V.',
      handelsnamen: ['Hypotheekhuis Voorbeeld', 'HV Advies'],
      kvk_nummer: '12345678',
      postcode: '3811AA',
      ep: false,
      klachteninstituut: 'Kifid',
      aantal_vergunningen: 2,
      vergunningen: [
        { vergunningnummer: '12000001', ingangsdatum: '2007-04-01', einddatum: null, status: 'geldig' },
        { vergunningnummer: '12000002', ingangsdatum: '2010-01-01', einddatum: '2015-06-30', status: 'beëindigd' },
      ],
    });
    const ep = await listFspInstellingen(db, r.importId, { ep: 'ja', rijen: 10, start: 0 });
    expect(ep.items.map((i) => i.naam)).toEqual(['Exempel Försäkring AB', 'Voorbeeld Verzekeringen NV']);
    // The skipped row's licence is not there.
    expect((await listFspVergunningen(db, r.importId, PEIL, { vergunningnummer: '12000006', rijen: 10, start: 0 })).totaal).toBe(0);
  });

  it('the peildatum defaults to the moment of import; a re-import publishes a new version', { timeout: SLOW }, async () => {
    const db = getDb();
    const before = (await publishedImportId(db, FSP_REGISTER))!;
    const t = Date.now();
    const r = await importFsp({ file: SMALL, voorbeeld: true });
    expect(r.peildatum.getTime()).toBeGreaterThanOrEqual(t - 1000);
    expect(r.peildatum.getTime()).toBeLessThanOrEqual(Date.now());
    expect(r.importId).toBeGreaterThan(before);
    expect(await publishedImportId(db, FSP_REGISTER)).toBe(r.importId);
    // The documented four-column export: no licences, ids derived, Zweden → ep.
    expect(r.aantallen).toMatchObject({ instellingen: 5, vergunningen: 0, ep: 1, gelezen: 6, overgeslagen: 1, waarschuwingen: 1 });
    const m = await readManifest(db, FSP_REGISTER);
    expect(m).toMatchObject({ import_id: r.importId, voorbeeld: true, peildatum: r.peildatum.toISOString() });
    const list = await listFspInstellingen(db, r.importId, { rijen: 50, start: 0 });
    expect(list.items.map((i) => i.id).every((id) => /^afm-[0-9a-f]{16}$/.test(id))).toBe(true);
    // Both versions' rows exist until the next publication (previous version kept).
    const ids = await db.$queryRaw<{ import_id: number }[]>`SELECT DISTINCT import_id FROM fsp_instelling ORDER BY import_id`;
    expect(ids.map((x) => x.import_id)).toEqual([before, r.importId]);
  });

  it('imports from a URL, recording it as bron_url', { timeout: SLOW }, async () => {
    const bytes = fs.readFileSync(FULL);
    const server = http.createServer((_req, res) => res.end(bytes));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/export.aspx?type=abc&format=csv`;
      // The same file as published before, now from a URL: a deliberate re-import (common/guard.ts).
      const r = await importFsp({ file: url, peildatum: PEIL, forceer: true });
      expect(r.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(r.aantallen.instellingen).toBe(5);
      const m = await readManifest(getDb(), FSP_REGISTER);
      expect(m).toMatchObject({ bron_url: url, bestanden: [{ naam: 'export.aspx', bron_url: url }] });
    } finally {
      server.close();
    }
  });

  it('a file without the required column fails clearly; the previous version keeps serving and the manifest says mislukt', { timeout: SLOW }, async () => {
    const db = getDb();
    const before = await readManifest(db, FSP_REGISTER);
    const dir = fs.mkdtempSync(path.join(path.dirname(process.env.PGLITE_DIR!), 'bad-'));
    const bad = path.join(dir, 'geen-afm.csv');
    fs.writeFileSync(bad, Buffer.from('"Bedrijf";"Plaats"\r\n"X";"Y"\r\n', 'latin1'));
    await expect(importFsp({ file: bad })).rejects.toThrow(
      'Het bestand is geen AFM-export van financiële dienstverleners: de kolom Statutaire naam ontbreekt (gevonden: Bedrijf, Plaats).',
    );
    const after = await readManifest(db, FSP_REGISTER);
    expect(after).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256, aantallen: before!.aantallen });
    expect(after!.verversing.status).toBe('mislukt');
    expect(after!.verversing.laatste_fout!.fout).toContain('de kolom Statutaire naam ontbreekt');
    expect((await listFspInstellingen(db, after!.import_id, { rijen: 1, start: 0 })).totaal).toBe(5);

    // A header without any institution also fails (an empty register would replace the served one).
    const empty = path.join(dir, 'leeg.csv');
    fs.writeFileSync(empty, '"Statutaire naam";"Plaats"\r\n"";"Delft"\r\n');
    await expect(importFsp({ file: empty })).rejects.toThrow('Het AFM-bestand bevat geen enkele instelling (1 rijen gelezen, 1 overgeslagen).');
    // An exception from the progress callback aborts too, and leaves no staging rows.
    await expect(
      importFsp({
        file: FULL,
        progressEvery: 1,
        onProgress: (p) => {
          if (p.fase === 'opslaan') throw new Error('afgebroken (test)');
        },
      }),
    ).rejects.toThrow('afgebroken (test)');
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM fsp_instelling WHERE import_id > ${after!.import_id}`;
    expect(n).toBe(0);
    expect((await readManifest(db, FSP_REGISTER))!.import_id).toBe(before!.import_id);
  });
});
