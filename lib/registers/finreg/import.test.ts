// Import and publish of the finreg (DNB) register on a fresh PGlite directory: every input form
// (directory of <CODE>.csv files, one CSV, several files, a zip, the download of all 15 sub-registers
// from a local HTTP server), counts per sub-register, the manifest with per-file sha-256, streaming
// merge of activity rows, and failures (invalid input, a failed download, an aborted import) that
// leave the previous version served with verversing mislukt.
import { execFileSync } from 'node:child_process';
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
import { DEELREGISTERS } from './deelregisters';
import { combinedSha256, FINREG_REGISTER, importFinreg } from './import';
import { getFinregDossier, listFinregInstellingen, listFinregRegistraties } from './query';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const F = path.join(root, 'test/fixtures/registers/dnb');
const EXPORT = path.join(F, 'export');
const PEIL = new Date('2026-11-20T06:00:00Z');
const SLOW = 120_000;

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const HEADER = 'Deelregister;Relatienummer;StatutaireNaam;KvK;RegistratieType;Wetsartikel;Begindatum;Einddatum;ActiviteitBranche';

describe('finreg import on PGlite', () => {
  const db = useTestDatabase('pglite', 'nlods-finreg-');

  it('has no manifest before the first import', { timeout: SLOW }, async () => {
    expect(await readManifest(getDb(), FINREG_REGISTER)).toBeNull();
  });

  it('imports a directory of <CODE>.csv files with counts per sub-register and a per-file sha-256', { timeout: SLOW }, async () => {
    const phases = new Set<string>();
    const r = await importFinreg({ file: EXPORT, peildatum: PEIL, progressEvery: 1, onProgress: (p) => phases.add(p.fase) });
    expect([...phases]).toEqual(['registraties', 'instellingen', 'publiceren']);
    expect(r.aantallen).toEqual({
      instellingen: 7,
      registraties: 8,
      registraties_geldig: 6,
      registraties_beeindigd: 2,
      registraties_WFTBI: 3,
      registraties_WFTDG: 3,
      registraties_WTTTK: 2,
      instellingen_WFTBI: 3,
      instellingen_WFTDG: 3,
      instellingen_WTTTK: 2,
      bestanden: 3,
      gelezen: 9,
      overgeslagen: 0,
      waarschuwingen: 0,
      herhaald: 0,
      conflicten: 0,
    });
    const m = (await readManifest(getDb(), FINREG_REGISTER))!;
    const files = ['WFTBI', 'WFTDG', 'WTTTK'].map((code) => ({ rol: code, sha256: sha(path.join(EXPORT, `${code}.csv`)) }));
    expect(m.bestanden).toEqual(
      files.map((f) => ({ ...f, naam: `${f.rol}.csv`, bron_url: null, bytes: fs.statSync(path.join(EXPORT, `${f.rol}.csv`)).size, versie: null })),
    );
    const lines = files.map((f) => `${f.rol}:${f.sha256}`).sort().join('\n');
    expect(r.sha256).toBe(createHash('sha256').update(lines).digest('hex'));
    expect(m).toMatchObject({
      peildatum: PEIL.toISOString(),
      sha256: r.sha256,
      bron_url: 'https://www.dnb.nl/nl-NL/registerdownload/csv',
      verversing: { status: 'ok', laatste_fout: null },
    });
  });

  it('stores merged registrations and institutions with all names, sub-registers and related relations', { timeout: SLOW }, async () => {
    const d = getDb();
    const id = (await publishedImportId(d, FINREG_REGISTER))!;
    const adyen = await getFinregDossier(d, id, PEIL, 'F0001');
    expect(adyen).toMatchObject({
      relatienummer: 'F0001',
      naam: 'Adyen N.V.',
      kvk_nummer: '34259528',
      lei: '724500973ODKK3IFQ447',
      deelregisters: [{ code: 'WFTDG', omschrijving: 'Depositogarantiestelsel' }],
      gerelateerde_relaties: [],
    });
    const f9001 = (await getFinregDossier(d, id, PEIL, 'F9001'))!;
    // Files are read in name order: WFTBI.csv (volgnr 1-3) before WFTDG.csv (volgnr 4-6).
    expect(f9001.handelsnamen).toEqual(['Voorbeeld Betalen', 'Voorbeeldbank', 'Voorbeeld Sparen']);
    expect(f9001.deelregisters.map((x) => x.code)).toEqual(['WFTBI', 'WFTDG']);
    expect(f9001.aantal_registraties).toBe(2);
    expect(f9001.registraties[0]).toMatchObject({ volgnr: 1, deelregister: 'WFTBI', wetsartikel: '2:3a Wft', begindatum: '2018-03-01' });
    expect(f9001.registraties[1]).toEqual({
      volgnr: 5,
      deelregister: 'WFTDG',
      type: 'Vergunning',
      wetsartikel: '2:11 Wft',
      begindatum: '2012-01-01',
      einddatum: null,
      status: 'geldig',
      activiteiten: [
        { activiteit: 'Bank - CI', begindatum: '2012-01-01', einddatum: null, status: 'geldig' },
        { activiteit: 'Beleggingsdiensten', begindatum: '2015-06-01', einddatum: '2020-01-01', status: 'beëindigd' },
      ],
    });
    expect(f9001.gerelateerde_relaties).toEqual([{ relatienummer: 'R9202', naam: 'Voorbeeldbank Betalingen', via: ['kvk_nummer'] }]);
    // The registration's search text holds every trade name of the institution, also those of later rows.
    expect((await listFinregRegistraties(d, id, PEIL, { q: 'voorbeeld betalen', rijen: 50, start: 0 })).items.map((r) => r.deelregister)).toEqual(['WFTBI', 'WFTDG']);
    expect((await listFinregInstellingen(d, id, { deelregister: 'WTTTK', rijen: 50, start: 0 })).items.map((i) => [i.relatienummer, i.plaats, i.land])).toEqual([
      ['T9301', 'Amsterdam', 'Curaçao'],
      ['T9302', 'Groningen', 'Nederland'],
    ]);
  });

  it('imports a single CSV (deelregister from its column), several files, and a zip of the directory', { timeout: SLOW }, async () => {
    // Parts of the register, each published over the previous with the same peildatum: forced on purpose
    // past the plausibility guard (fewer institutions, not newer; common/guard.ts), which is not tested here.
    const one = await importFinreg({ file: path.join(F, 'WFTDG.csv'), peildatum: PEIL, forceer: true });
    expect(one.aantallen).toMatchObject({ instellingen: 3, registraties: 3, registraties_WFTDG: 3, gelezen: 5, overgeslagen: 1, waarschuwingen: 1 });
    expect(one.sha256).toBe(combinedSha256([{ rol: 'WFTDG', sha256: sha(path.join(F, 'WFTDG.csv')) }]));

    const two = await importFinreg({ files: [path.join(F, 'WFTDG.csv'), path.join(F, 'WFTAF.csv')], peildatum: PEIL, forceer: true });
    expect(two.aantallen).toMatchObject({ instellingen: 6, registraties: 6, registraties_WFTDG: 3, registraties_WFTAF: 3, bestanden: 2 });

    const dir = fs.mkdtempSync(path.join(db.dir(), 'zip-'));
    execFileSync('zip', ['-q', '-j', path.join(dir, 'dnb.zip'), ...['WFTBI', 'WFTDG', 'WTTTK'].map((c) => path.join(EXPORT, `${c}.csv`))]);
    const z = await importFinreg({ file: path.join(dir, 'dnb.zip'), peildatum: PEIL, forceer: true });
    expect(z.aantallen).toMatchObject({ instellingen: 7, registraties: 8, registraties_WFTBI: 3, bestanden: 3 });
    const m = (await readManifest(getDb(), FINREG_REGISTER))!;
    expect((m.bestanden as { naam: string; rol: string; sha256: string }[]).map((b) => [b.naam, b.rol, b.sha256])).toEqual(
      ['WFTBI', 'WFTDG', 'WTTTK'].map((c) => [`dnb.zip!${c}.csv`, c, sha(path.join(EXPORT, `${c}.csv`))]),
    );
    // Same CSV bytes as the directory: same combined sha-256.
    const files = ['WFTBI', 'WFTDG', 'WTTTK'].map((c) => ({ rol: c, sha256: sha(path.join(EXPORT, `${c}.csv`)) }));
    expect(z.sha256).toBe(combinedSha256(files));
    // Only the published and the previous version keep their rows.
    const ids = await getDb().$queryRaw<{ import_id: number }[]>`SELECT DISTINCT import_id FROM finreg_instelling ORDER BY import_id`;
    expect(ids.map((r) => r.import_id)).toEqual([two.importId, z.importId]);
  });

  it('merges consecutive activity rows; a non-consecutive repeat becomes its own registration (herhaald)', { timeout: SLOW }, async () => {
    const file = path.join(db.dir(), 'WFTEG.csv');
    fs.writeFileSync(
      file,
      [
        'Relatienummer;StatutaireNaam;KvK;RegistratieType;Wetsartikel;Begindatum;ActiviteitBranche;Handelsnaam',
        'E1;Geld B.V.;12345678;Vergunning;2:10a Wft;2020-01-01;Uitgeven;Geld',
        'E1;Geld B.V.;12345678;Vergunning;2:10a Wft;2020-01-01;Betalen;',
        'E2;Ander Geld B.V.;87654321;Vergunning;2:10a Wft;2021-01-01;Uitgeven;',
        'E1;Geld N.V.;12345678;Vergunning;2:10a Wft;2020-01-01;Wisselen;',
      ].join('\n') + '\n',
    );
    const r = await importFinreg({ file, peildatum: PEIL, forceer: true }); // a small file over a bigger one, on purpose
    expect(r.aantallen).toMatchObject({ registraties: 3, instellingen: 2, herhaald: 1, conflicten: 1, registraties_WFTEG: 3 });
    const id = (await publishedImportId(getDb(), FINREG_REGISTER))!;
    const e1 = (await getFinregDossier(getDb(), id, PEIL, 'E1'))!;
    expect(e1.registraties.map((x) => x.activiteiten.map((a) => a.activiteit))).toEqual([['Uitgeven', 'Betalen'], ['Wisselen']]);
    expect(e1.conflicten).toEqual({ statutaire_naam: ['Geld B.V.', 'Geld N.V.'] });
    expect(e1.naam).toBe('Geld B.V.');
  });

  it('downloads all 15 sub-registers from BRON_DNB_REGISTER_URL; one failing download fails the import naming it', { timeout: SLOW }, async () => {
    const hits: string[] = [];
    let failCode: string | null = null;
    const server = http.createServer((req, res) => {
      const code = (req.url ?? '').split('/').pop()!;
      hits.push(code);
      if (code === failCode) {
        res.statusCode = 503;
        return res.end('onderhoud');
      }
      const file = path.join(EXPORT, `${code}.csv`);
      res.setHeader('content-type', 'text/csv');
      res.end(fs.existsSync(file) ? fs.readFileSync(file) : `${HEADER}\n`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const saved = process.env.BRON_DNB_REGISTER_URL;
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/registerdownload/csv`;
    process.env.BRON_DNB_REGISTER_URL = base;
    try {
      const before = Date.now();
      // forceer: the published version's fixed peildatum (PEIL) lies after the import moment when the clock
      // runs behind it (the suites also run a year back), and the guard would refuse it as not newer.
      const r = await importFinreg({ forceer: true });
      expect(hits).toEqual(DEELREGISTERS.map((d) => d.code));
      expect(r.aantallen).toMatchObject({ bestanden: 15, registraties: 8, instellingen: 7, registraties_WFTDG: 3 });
      expect(r.peildatum.getTime()).toBeGreaterThanOrEqual(before - 1000);
      const m = (await readManifest(getDb(), FINREG_REGISTER))!;
      expect(m.bron_url).toBe(base);
      expect(m.bestanden).toHaveLength(15);
      expect(m.bestanden[0]).toMatchObject({ rol: 'WFTAF', naam: 'WFTAF.csv', bron_url: `${base}/WFTAF` });

      failCode = 'WTTTK';
      await expect(importFinreg()).rejects.toThrow(`Download van deelregister WTTTK mislukt (${base}/WTTTK): HTTP-status 503.`);
      const after = (await readManifest(getDb(), FINREG_REGISTER))!;
      expect(after.import_id).toBe(r.importId);
      expect(after.verversing.status).toBe('mislukt');
      expect(after.verversing.laatste_fout!.fout).toContain('deelregister WTTTK');
    } finally {
      server.close();
      if (saved === undefined) delete process.env.BRON_DNB_REGISTER_URL;
      else process.env.BRON_DNB_REGISTER_URL = saved;
    }
  });

  it('invalid input or an aborted import leaves the previous version served and the manifest says mislukt', { timeout: SLOW }, async () => {
    const d = getDb();
    const before = (await readManifest(d, FINREG_REGISTER))!;
    const bad = path.join(db.dir(), 'WFTKF.csv');
    fs.writeFileSync(bad, 'Naam;Plaats\nA;B\n');
    await expect(importFinreg({ file: bad, peildatum: PEIL })).rejects.toThrow(/^WFTKF\.csv: DNB CSV: required column\(s\) Relatienummer, StatutaireNaam not found/);
    let m = (await readManifest(d, FINREG_REGISTER))!;
    expect(m.import_id).toBe(before.import_id);
    expect(m.verversing).toMatchObject({ status: 'mislukt', laatste_fout: { fout: expect.stringContaining('Relatienummer') } });

    const empty = path.join(db.dir(), 'WFTVE.csv');
    fs.writeFileSync(empty, `${HEADER}\n`);
    await expect(importFinreg({ file: empty })).rejects.toThrow('Geen registraties gevonden in WFTVE.csv');

    await expect(
      importFinreg({
        file: EXPORT,
        progressEvery: 1,
        onProgress: (p) => {
          if (p.fase === 'registraties' && p.opgeslagen >= 4) throw new Error('afgebroken halverwege (test)');
        },
      }),
    ).rejects.toThrow('afgebroken halverwege (test)');
    m = (await readManifest(d, FINREG_REGISTER))!;
    expect(m.import_id).toBe(before.import_id);
    expect(m.verversing.laatste_fout!.fout).toBe('afgebroken halverwege (test)');
    // The failed imports left no rows behind.
    const ids = await d.$queryRaw<{ import_id: number }[]>`SELECT DISTINCT import_id FROM finreg_registratie WHERE import_id > ${before.import_id}`;
    expect(ids).toEqual([]);
    expect((await listFinregInstellingen(d, before.import_id, { rijen: 50, start: 0 }, before.aantallen.instellingen)).totaal).toBe(7);
  });
});
