// Job runs end to end on a fresh PGlite database, with the official export served by a tiny local HTTP
// server (BRON_BELASTINGDIENST_ANBI_URL / BRON_GLEIF_GOLDEN_COPY_URL point at it; no network): the register
// gets published and job_run says ok; a 500 gives job_run mislukt and verversing mislukt without crashing;
// a file that may not replace the published version gives job_run geweigerd; a job never runs twice at
// once; a lease held elsewhere skips the run; status shows next and last runs. Like the Belastingdienst,
// the stand-in publishes a new anbi.zip (its header date one day later) for every download after the first,
// unless told to serve the same file again.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/lib/db/client';
import { readManifest, readVerversing } from '@/lib/registers/common/manifest';
import { useTestDatabase } from '@/test/db/test-database';
import { startReplayServer } from '@/test/upstream/server';
import { ALL_JOBS } from './index';
import { importCharityJob } from './import-charity';
import { importFspJob } from './import-fsp';
import { importLeiJob } from './import-lei';
import { acquireLease, readLease } from './lease';
import { runJob } from './run';
import { serverRunsJobs, startScheduler } from './scheduler';
import { jobStatus } from './status';

const root = fileURLToPath(new URL('..', import.meta.url));
const ANBI_ZIP = path.join(root, 'test/fixtures/registers/anbi/anbi-sample.zip');
const GLEIF = path.join(root, 'test/fixtures/registers/gleif');
const SLOW = 120_000;

type Mode = { kind: 'ok' } | { kind: 'http500' } | { kind: 'slow'; ms: number } | { kind: 'zelfde' };

const ANBI_XML = fs.readFileSync(path.join(root, 'test/fixtures/registers/anbi/anbi-sample.xml'), 'utf8');

// The n-th publication of the ANBI register: the sample first (header date 2026-11-17), then the same
// decisions under a header date n days later (served unzipped: the importer reads anbi.xml as well).
function anbiPublication(n: number): Buffer {
  if (n === 0) return fs.readFileSync(ANBI_ZIP);
  const day = new Date(Date.UTC(2026, 10, 17 + n)).toISOString().slice(0, 10);
  return Buffer.from(ANBI_XML.replace('<aanmaakDatum>2026-11-17</aanmaakDatum>', `<aanmaakDatum>${day}</aanmaakDatum>`), 'utf8');
}

// The stand-in publisher: /data/anbi/anbi.zip, the GLEIF publishes API and its files.
function publisher() {
  let mode: Mode = { kind: 'ok' };
  const hits: string[] = [];
  let anbiServed = -1;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push(url.pathname);
    const send = () => {
      if (mode.kind === 'http500') {
        res.statusCode = 500;
        return res.end('interne fout');
      }
      // A slow answer may come due after the test closed the server: nobody is listening any more.
      const addr = server.address() as AddressInfo | null;
      if (!addr) return res.destroy();
      const base = `http://127.0.0.1:${addr.port}`;
      if (url.pathname === '/data/anbi/anbi.zip') {
        if (mode.kind !== 'zelfde' || anbiServed < 0) anbiServed++;
        return res.end(anbiPublication(anbiServed));
      }
      if (url.pathname === '/api/v2/golden-copies/publishes/latest') {
        // The recorded answer's RR part, with a LEI2 part in the same shape, pointing at this server.
        const recorded = JSON.parse(fs.readFileSync(path.join(GLEIF, 'treble-tracker_golden_publishes_rr_20260901.json'), 'utf8'));
        const pub = recorded.data[0];
        pub.rr.full_file.xml.url = `${base}/files/20260901-0800-gleif-goldencopy-rr-golden-copy.csv`;
        pub.lei2 = structuredClone(pub.rr);
        pub.lei2.type = 'lei2';
        pub.lei2.full_file.xml.url = `${base}/files/20260901-0800-gleif-goldencopy-lei2-golden-copy.xml`;
        res.setHeader('content-type', 'application/json');
        return res.end(JSON.stringify({ data: pub }));
      }
      if (url.pathname === '/files/20260901-0800-gleif-goldencopy-lei2-golden-copy.xml') {
        return res.end(fs.readFileSync(path.join(GLEIF, '20260901-0800-gleif-goldencopy-lei2-golden-copy.xml')));
      }
      if (url.pathname === '/files/20260901-0800-gleif-goldencopy-rr-golden-copy.csv') {
        return res.end(fs.readFileSync(path.join(GLEIF, 'ft-gleifr_test-gleif-relationships_rr-cdf-1.1.csv')));
      }
      res.statusCode = 404;
      res.end();
    };
    if (mode.kind === 'slow') setTimeout(send, mode.ms);
    else send();
  });
  return {
    hits,
    set: (m: Mode) => (mode = m),
    start: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

interface RunRow {
  id: number;
  job_id: string;
  status: string;
  melding: string | null;
  import_id: number | null;
  klaar_op: Date | null;
}
const runsOf = (jobId: string) =>
  getDb().$queryRaw<RunRow[]>`SELECT id, job_id, status, melding, import_id, klaar_op FROM job_run WHERE job_id = ${jobId} ORDER BY id`;

describe('scheduled register import jobs on PGlite', () => {
  const db = useTestDatabase('pglite', 'nlods-jobs-');
  const pub = publisher();
  const saved = { anbi: process.env.BRON_BELASTINGDIENST_ANBI_URL, gleif: process.env.BRON_GLEIF_GOLDEN_COPY_URL };

  beforeAll(async () => {
    const base = await pub.start();
    process.env.BRON_BELASTINGDIENST_ANBI_URL = `${base}/data/anbi`;
    process.env.BRON_GLEIF_GOLDEN_COPY_URL = `${base}/api/v2/golden-copies/publishes`;
  });
  afterAll(async () => {
    await pub.stop();
    for (const [k, v] of [['BRON_BELASTINGDIENST_ANBI_URL', saved.anbi], ['BRON_GLEIF_GOLDEN_COPY_URL', saved.gleif]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('starting the scheduler opens no database (the PGlite lock is taken when a job fires)', { timeout: SLOW }, async () => {
    const s = startScheduler({ role: 'server' });
    try {
      expect(s.scheduled.map((x) => x.job.id).sort()).toEqual(['import-charity', 'import-finreg', 'import-fsp', 'import-lei', 'opruimen-registers', 'opruimen-tellers']);
      expect(s.notScheduled).toEqual([]);
      expect(fs.existsSync(path.join(db.dir(), 'pglite', 'pglite.lock'))).toBe(false);
    } finally {
      await s.stop();
    }
  });

  it('the charity job downloads the official anbi.zip, publishes the register and records ok', { timeout: SLOW }, async () => {
    const r = await runJob(importCharityJob);
    expect(r).toMatchObject({ status: 'ok' });
    expect(r.importId).toBeGreaterThan(0);
    expect(pub.hits).toContain('/data/anbi/anbi.zip');
    const m = await readManifest(getDb(), 'charity');
    expect(m).toMatchObject({
      import_id: r.importId,
      peildatum: '2026-11-17T00:00:00.000Z',
      bron_url: `${process.env.BRON_BELASTINGDIENST_ANBI_URL}/anbi.zip`,
      verversing: { status: 'ok' },
      aantallen: { totaal: 11 },
    });
    const [run] = await runsOf('import-charity');
    expect(run).toMatchObject({ status: 'ok', import_id: r.importId });
    expect(run.klaar_op).toBeInstanceOf(Date);
    expect(run.melding).toMatch(/gepubliceerd, peildatum 2026-11-17/);
    expect(await readLease(getDb(), 'import-charity')).toBeNull(); // released
  });

  it('a 500 from the publisher: job_run mislukt, verversing mislukt, the previous version stays, nothing crashes', { timeout: SLOW }, async () => {
    const before = await readManifest(getDb(), 'charity');
    pub.set({ kind: 'http500' });
    try {
      const r = await runJob(importCharityJob);
      expect(r.status).toBe('mislukt');
      expect(r.melding).toMatch(/HTTP-status 500/);
      expect(r.importId).toBeGreaterThan(before!.import_id);
      const runs = await runsOf('import-charity');
      expect(runs.at(-1)).toMatchObject({ status: 'mislukt', import_id: r.importId });
      expect(runs.at(-1)!.melding).toMatch(/HTTP-status 500/);
      const m = await readManifest(getDb(), 'charity');
      expect(m).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256 });
      expect(m!.verversing).toMatchObject({ status: 'mislukt', laatste_fout: { import_id: r.importId } });
      expect(await readLease(getDb(), 'import-charity')).toBeNull();

      // The LEI job's discovery fails the same way: recorded in job_run and in the LEI refresh status.
      const l = await runJob(importLeiJob);
      expect(l.status).toBe('mislukt');
      expect(l.melding).toMatch(/golden-copy-API .* HTTP-status 500/);
      expect((await readVerversing(getDb(), 'lei')).status).toBe('mislukt');
    } finally {
      pub.set({ kind: 'ok' });
    }
  });

  it('the same file again: job_run geweigerd with the reason, the published version stays, the manifest says why', { timeout: SLOW }, async () => {
    const before = await readManifest(getDb(), 'charity');
    pub.set({ kind: 'zelfde' });
    try {
      const r = await runJob(importCharityJob);
      expect(r.status).toBe('geweigerd');
      expect(r.melding).toMatch(/^Geweigerd: .*al gepubliceerd/);
      expect(r.importId).toBeGreaterThan(before!.import_id);
      const runs = await runsOf('import-charity');
      expect(runs.at(-1)).toMatchObject({ status: 'geweigerd', import_id: r.importId });
      const m = await readManifest(getDb(), 'charity');
      expect(m).toMatchObject({ import_id: before!.import_id, sha256: before!.sha256, aantallen: before!.aantallen });
      expect(m!.verversing).toMatchObject({ status: 'geweigerd', laatste_poging: { import_id: r.importId, status: 'geweigerd' } });
      expect(m!.verversing.laatste_weigering).toMatchObject({ import_id: r.importId, reden: expect.stringMatching(/al gepubliceerd/) });
      expect(await readLease(getDb(), 'import-charity')).toBeNull();
      // The next (new) publication is published again; the refusal stays visible as the last one.
      pub.set({ kind: 'ok' });
      const next = await runJob(importCharityJob);
      expect(next.status).toBe('ok');
      const m2 = await readManifest(getDb(), 'charity');
      expect(m2!.verversing).toMatchObject({ status: 'ok', laatste_weigering: { import_id: r.importId } });
    } finally {
      pub.set({ kind: 'ok' });
    }
  });

  it('the LEI job finds the latest publication through the publishes API and imports LEI2 and RR', { timeout: SLOW }, async () => {
    const r = await runJob(importLeiJob);
    expect(r.status, r.melding ?? '').toBe('ok');
    expect(pub.hits).toEqual(
      expect.arrayContaining([
        '/api/v2/golden-copies/publishes/latest',
        '/files/20260901-0800-gleif-goldencopy-lei2-golden-copy.xml',
        '/files/20260901-0800-gleif-goldencopy-rr-golden-copy.csv',
      ]),
    );
    const m = await readManifest(getDb(), 'lei');
    expect(m).toMatchObject({ import_id: r.importId, peildatum: '2026-09-01T08:00:00.000Z', verversing: { status: 'ok' } });
    expect(m!.aantallen).toMatchObject({ gelezen_rr: 400 });
    expect(m!.bestanden.map((b) => (b as { rol: string }).rol)).toEqual(['lei2', 'rr']);
  });

  it('never runs a job twice at once in one process: the second run is overgeslagen', { timeout: SLOW }, async () => {
    pub.set({ kind: 'slow', ms: 600 });
    try {
      const first = runJob(importCharityJob);
      await new Promise((r) => setTimeout(r, 100));
      const second = await runJob(importCharityJob);
      expect(second).toMatchObject({ status: 'overgeslagen', melding: 'Draait al in dit proces.' });
      expect((await first).status).toBe('ok');
    } finally {
      pub.set({ kind: 'ok' });
    }
  });

  it('skips a run while another holder has the lease, and runs once it expired', { timeout: SLOW }, async () => {
    await acquireLease(getDb(), 'import-charity', 'andere-host:4242:abcd1234', 400);
    const r = await runJob(importCharityJob);
    expect(r.status).toBe('overgeslagen');
    expect(r.melding).toMatch(/^Draait al bij andere-host:4242:abcd1234 \(lease tot /);
    await new Promise((res) => setTimeout(res, 500));
    expect((await runJob(importCharityJob)).status).toBe('ok');
  });

  it('the fsp job downloads the AFM full export by default (no GUID needed) from the replay server and publishes it', { timeout: SLOW }, async () => {
    // The replay fixture is a ZIP built from the documented structure (opgebouwd), served as the AFM serves
    // export.aspx?fdregister=1.
    const replay = await startReplayServer();
    const saved = process.env.BRON_AFM_REGISTER_URL;
    process.env.BRON_AFM_REGISTER_URL = replay.sourceUrl('afm-register');
    try {
      const r = await runJob(importFspJob);
      expect(r.status).toBe('ok');
      const m = await readManifest(getDb(), 'fsp');
      expect(m).toMatchObject({ bron_url: `${replay.sourceUrl('afm-register')}?fdregister=1`, aantallen: { instellingen: 3, met_kvk: 2, vergunningen: 2 } });
      expect(m!.bestanden).toMatchObject([{ soort: 'volledige-export' }]);
      const runs = await runsOf('import-fsp');
      expect(runs[0]).toMatchObject({ status: 'ok' });
    } finally {
      if (saved === undefined) delete process.env.BRON_AFM_REGISTER_URL;
      else process.env.BRON_AFM_REGISTER_URL = saved;
      await replay.close();
    }
  });

  it('a run cut off by a stopped process is marked mislukt by the next run', { timeout: SLOW }, async () => {
    await getDb().$executeRaw`INSERT INTO job_run (job_id, houder, status) VALUES ('import-charity', 'weg:1:dood', 'bezig')`;
    expect((await runJob(importCharityJob)).status).toBe('ok');
    const runs = await runsOf('import-charity');
    expect(runs.filter((x) => x.status === 'bezig')).toEqual([]);
    expect(runs.find((x) => x.melding?.startsWith('Onderbroken'))).toBeTruthy();
  });

  it('stopping the scheduler aborts a running import, which is recorded mislukt', { timeout: SLOW }, async () => {
    pub.set({ kind: 'slow', ms: 300 });
    const s = startScheduler({ role: 'worker', jobs: [importLeiJob] });
    try {
      const run = s.runNow('import-lei');
      await new Promise((r) => setTimeout(r, 50));
      await s.stop();
      const r = await run;
      expect(r.status).toBe('mislukt');
      expect(r.melding).toMatch(/afgebroken/);
      expect(await readLease(getDb(), 'import-lei')).toBeNull();
    } finally {
      pub.set({ kind: 'ok' });
    }
  });

  it('status: next run per job from its schedule and the last runs from job_run', { timeout: SLOW }, async () => {
    const now = new Date('2026-10-23T05:00:00Z');
    const st = await jobStatus({ now });
    expect(st.jobs.map((j) => j.id)).toEqual(ALL_JOBS.map((j) => j.id));
    const byId = Object.fromEntries(st.jobs.map((j) => [j.id, j]));
    expect(byId['import-charity']).toMatchObject({
      beschikbaar: true,
      schema: { cron: '0 7 * * 2', tijdzone: 'Europe/Amsterdam' },
      volgende_run: '2026-10-27T06:00:00.000Z',
      laatste_run: { status: 'ok' },
      laatste_geslaagde_run: { status: 'ok' },
      lease: null,
      draait_hier: false,
    });
    expect(byId['import-lei']).toMatchObject({ volgende_run: '2026-10-23T08:30:00.000Z', laatste_run: { status: 'mislukt' }, laatste_geslaagde_run: { status: 'ok' } });
    // Friday 07:00 Amsterdam: the next working day 06:00 is Monday, after the switch to winter time.
    expect(byId['import-finreg']).toMatchObject({ beschikbaar: true, volgende_run: '2026-10-26T05:00:00.000Z' });
    expect(byId['import-fsp'].laatste_run).toMatchObject({ status: 'ok' });
    expect(st.uitvoering.server).toBe(true); // embedded database, JOBS unset
    await closeDb();
  });
});

describe('where jobs run', () => {
  it('in the server on PGlite, in the worker on PostgreSQL, JOBS=aan|uit overrides', () => {
    expect(serverRunsJobs({ DATABASE_URL: '' }).aan).toBe(true);
    expect(serverRunsJobs({ DATABASE_URL: 'postgres://x/y' })).toMatchObject({ aan: false, reden: expect.stringMatching(/worker/) });
    expect(serverRunsJobs({ DATABASE_URL: 'postgres://x/y', JOBS: 'aan' }).aan).toBe(true);
    expect(serverRunsJobs({ DATABASE_URL: '', JOBS: 'uit' }).aan).toBe(false);
    expect(serverRunsJobs({ JOBS: 'misschien' }).aan).toBe(false);
  });
});
