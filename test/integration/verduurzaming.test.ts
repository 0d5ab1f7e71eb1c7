// The sustainability layer over real HTTP: upload an energy XML file for a nulmeting, a report and the
// one-page PDF; hostile and oversize uploads; and that nothing of an upload is kept in the server log or
// the database (on both backends).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { api } from './http';

const energy = path.resolve(__dirname, '../fixtures/energy');
const read = (f: string) => fs.readFileSync(path.join(energy, f), 'utf8');
const xmlPost = (body: string | Buffer): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: body as BodyInit });
const DEMO = 'postcode=3012BR&huisnummer=42&toevoeging=A';

describe('POST /v1/verduurzaming/nulmeting', () => {
  it('reads a monitoringsbestand: label, EP2, address, opnamedatum', async () => {
    const r = await api('/v1/verduurzaming/nulmeting', xmlPost(read('s01_monitoringsbestand_v4.4_rijwoning_C.xml')));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      format: 'ep-online-monitoringsbestand-v4.4',
      energieklasse: 'C',
      energie_index_of_ep2: { soort: 'EP2', waarde: 228.61 },
      adres: { postcode: '3514CN', huisnummer: 27 },
      opnamedatum: '2026-03-12',
    });
  });

  const hostile: [string, number, string][] = [
    ['billion-laughs.xml', 400, 'bad_request'],
    ['external-entity.xml', 400, 'bad_request'],
    ['deep-nesting.xml', 400, 'bad_request'],
    ['malformed.xml', 400, 'bad_request'],
    ['not-energy.xml', 422, 'unprocessable_xml'],
  ];
  it.each(hostile)('%s -> %i %s, quickly, with nothing of /etc/passwd', async (file, status, code) => {
    const r = await api('/v1/verduurzaming/nulmeting', xmlPost(fs.readFileSync(path.join(energy, 'bad', file))));
    expect(r.status).toBe(status);
    expect(r.body.errorCode).toBe(code);
    expect(r.ms).toBeLessThan(2000);
    expect(JSON.stringify(r.body)).not.toMatch(/root:x:0:0/);
  });

  it('refuses a 3 MiB upload with a 400 problem before parsing it', async () => {
    const s01 = read('s01_monitoringsbestand_v4.4_rijwoning_C.xml');
    const i = s01.indexOf('<EPMeta>');
    const big = s01.slice(0, i) + `<!-- ${'x'.repeat(1024)} -->\n`.repeat(3072) + s01.slice(i);
    const r = await api('/v1/verduurzaming/nulmeting', xmlPost(big));
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('payload_too_large');
  });

  it('refuses JSON with a 400 naming Content-Type', async () => {
    const r = await api('/v1/verduurzaming/nulmeting', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(400);
    expect(r.body.invalid_params[0].name).toBe('Content-Type');
  });
});

describe('report and PDF', () => {
  it('rapport: cover sheet from the replayed registers, measures ranked best first, no amounts', async () => {
    const r = await api(`/v1/verduurzaming/rapport?${DEMO}`, xmlPost(read('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml')));
    expect(r.status).toBe(200);
    expect(r.body.data.voorblad.bouwjaar).toBe(1873);
    expect(r.body.data.voorblad.herkomst_per_veld).toContainEqual({ veld: 'bouwjaar', bron: 'bag-ogc', status: 'ok' });
    expect(r.body.data.maatregelen.map((m: { doel_label: string }) => m.doel_label)).toEqual(['A++', 'A', 'C']);
    for (const m of [...r.body.data.maatregelen, ...r.body.data.nulmeting.maatregelen]) expect(m).not.toHaveProperty('investering');
    expect(r.body.bronnen.some((b: { bron: string; opname: unknown }) => b.bron === 'bag-ogc' && b.opname)).toBe(true);
  });

  it('rapport.pdf: one A4 page, inline, as application/pdf', async () => {
    const res = await fetch(`${inject('appUrl')}/v1/verduurzaming/rapport.pdf?${DEMO}`, xmlPost(read('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="verduurzamingsrapport-3012BR-42A\.pdf"/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-')), 'rapport.pdf');
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info.stdout).toMatch(/Pages:\s+1\n/);
    expect(info.stdout).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });

  it('rapport.pdf errors stay problem+json', async () => {
    const r = await api('/v1/verduurzaming/rapport.pdf?postcode=3012BR', xmlPost(read('s01_monitoringsbestand_v4.4_rijwoning_C.xml')));
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.invalid_params.map((p: { name: string }) => p.name)).toContain('huisnummer');
  });
});

describe('privacy: nothing of an upload is kept', () => {
  it('a marker in the uploaded file appears neither in the server log nor in the database', async () => {
    const marker = `GEHEIM${Date.now()}`;
    const xml = read('s01_monitoringsbestand_v4.4_rijwoning_C.xml').replace('ERT_NTA8800_W', marker);
    expect((await api('/v1/verduurzaming/nulmeting', xmlPost(xml))).status).toBe(200);
    expect((await api(`/v1/verduurzaming/rapport?${DEMO}`, xmlPost(xml))).status).toBe(200);
    // /v1/bronnen writes the pending source outcomes and reads them back: the database is open and current.
    expect((await api('/v1/bronnen')).status).toBe(200);
    expect(fs.readFileSync(inject('serverLog'), 'utf8')).not.toContain(marker);

    if (inject('dbBackend') === 'postgresql') {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const tables = await client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`);
      let dump = '';
      for (const t of tables.rows) dump += JSON.stringify((await client.query(`SELECT * FROM "${t.table_name}"`)).rows);
      await client.end();
      expect(dump.length).toBeGreaterThan(0);
      expect(dump).not.toContain(marker);
    } else {
      const files: string[] = [];
      const walk = (d: string) => fs.readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : files.push(path.join(d, e.name))));
      walk(inject('pgliteDir'));
      expect(files.length).toBeGreaterThan(10);
      for (const f of files) expect(fs.readFileSync(f).includes(marker), f).toBe(false);
    }
  });
});
