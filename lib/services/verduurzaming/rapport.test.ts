// POST /v1/verduurzaming/rapport and /rapport.pdf through the real route handlers, with the real XML reader
// and property service against the replay server: the JSON report (ranked, no amounts, address signal),
// the one-page PDF (inline, named, with CBS prices; still made when CBS fails), and the problem cases
// (400, 404, 422), which stay RFC 7807 JSON for the PDF too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { fixtureText } from '@/test/fixtures/energy/fixtures';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { sources } from '@/lib/sources/registry';
import type { BronEntry } from '@/lib/sources/bron';
import { MAX_XML_BYTES } from '@/lib/verduurzaming/limits';
import type { Rapport } from '@/lib/verduurzaming/rapport/report';
import { verduurzamingRapport } from './rapport';
import { verduurzamingRapportPdf } from './rapport-pdf';

interface Answer {
  api: string;
  onderdeel: string;
  data: Rapport;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  invalid_params: { name: string }[];
}

let replay: ReplayServer;
let dir: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  process.env.EP_ONLINE_API_KEY = 'test-sleutel';
  replay = await startReplayServer();
  for (const s of sources) process.env[s.envVar] = replay.sourceUrl(s.id);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rapport-op-'));
});
afterAll(async () => {
  await replay.close();
  for (const s of sources) delete process.env[s.envVar];
  delete process.env.BRON_TIMEOUT_MS;
  delete process.env.EP_ONLINE_API_KEY;
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

const MAATWERKADVIES = fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml');
const ctx = { params: Promise.resolve({}) };

function post(pdf: boolean, query: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/xml' }) {
  const op = pdf ? verduurzamingRapportPdf : verduurzamingRapport;
  const url = `http://localhost/v1/verduurzaming/${pdf ? 'rapport.pdf' : 'rapport'}${query}`;
  return route(op).POST(new Request(url, { method: 'POST', headers, body }), ctx);
}

async function json(query: string, body: BodyInit = MAATWERKADVIES) {
  const res = await post(false, query, body);
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Answer };
}

describe('POST /v1/verduurzaming/rapport', () => {
  it('answers the cover sheet, the zero-measurement and the measures ranked best first, without amounts', async () => {
    const { status, body } = await json('?postcode=3012BR&huisnummer=42&toevoeging=A');
    expect(status).toBe(200);
    expect(body).toMatchObject({ api: 'verduurzaming', onderdeel: 'rapport' });
    const d = body.data;
    expect(d.voorblad.adres?.straat).toBe('Witte de Withstraat');
    expect(d.nulmeting.format).toBe('ep-online-maatwerkadvies-v2.0');
    expect(d.huidig_label).toBe('E');
    expect(d.maatregelen.map((m) => [m.rang, m.omschrijving, m.doel_label, m.labelstappen])).toEqual([
      [1, 'Step3', 'A++', 6],
      [2, 'Step2', 'A', 4],
      [3, 'Step1', 'C', 2],
    ]);
    // What a client reads: the step's description, never the element name.
    expect(d.maatregelen.map((m) => m.naam)).toEqual(['Stap 3 van het maatwerkadvies', 'Stap 2 van het maatwerkadvies', 'Stap 1 van het maatwerkadvies']);
    expect(d.nulmeting.stappenplan_inhoud).toContain('elektrisch aangedreven warmtepomp');
    expect(JSON.stringify(d)).not.toMatch(/"investering"/);
    expect(d.kosten_en_besparingen).toContain('Methodiek van de verduurzamingslaag');
    expect(d.kosten_en_besparingen).not.toMatch(/\/v1\/|POST|GET/); // a client reads words, not API paths
    expect(body.bronnen.map((b) => b.bron)).toEqual(expect.arrayContaining(['pdok-locatieserver', 'bag-ogc', 'woz-waardeloket', 'eigen-dienst']));
  });

  it('reports a file of another home as a signal, not as an error', async () => {
    const { status, body } = await json('?postcode=3012BR&huisnummer=42&toevoeging=A');
    expect(status).toBe(200);
    expect(body.data.adres).toMatchObject({ overeenkomst: 'nee', bestand: 'verblijfsobject 0392010000087312' });
    expect(body.data.signalen.map((s) => s.code)).toContain('adres_wijkt_af');
  });

  it.each([
    ['?huisnummer=42', 'postcode'],
    ['?postcode=3012BR', 'huisnummer'],
    ['?postcode=3012B&huisnummer=42', 'postcode'],
    ['?postcode=3012BR&huisnummer=0', 'huisnummer'],
    ['?postcode=3012BR&huisnummer=42&letter=A', 'letter'],
  ])('answers 400 for %s, naming %s, without calling a source', async (query, name) => {
    const before = replay.hits('pdok-locatieserver');
    const { status, type, body } = await json(query);
    expect(status).toBe(400);
    expect(type).toMatch(/^application\/problem\+json/);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
    expect(replay.hits('pdok-locatieserver')).toBe(before);
  });

  it.each([
    ['malformed.xml', 400, 'bad_request'],
    ['billion-laughs.xml', 400, 'bad_request'],
    ['not-energy.xml', 422, 'unprocessable_xml'],
  ] as const)('answers %s with %i %s, as the reader says', async (file, status, code) => {
    const res = await json('?postcode=3012BR&huisnummer=42&toevoeging=A', fixtureText(`bad/${file}`));
    expect(res.status).toBe(status);
    expect(res.body.errorCode).toBe(code);
  });

  it('answers 404 for an address that does not exist', async () => {
    const { status, body } = await json('?postcode=9999ZZ&huisnummer=99');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
  });

  it('refuses a wrong content type and a body over 2 MiB with 400', async () => {
    const wrongType = await post(false, '?postcode=3012BR&huisnummer=42&toevoeging=A', MAATWERKADVIES, { 'content-type': 'application/json' });
    expect(wrongType.status).toBe(400);
    const big = await post(false, '?postcode=3012BR&huisnummer=42&toevoeging=A', 'x'.repeat(MAX_XML_BYTES + 1), {
      'content-type': 'application/xml',
      'content-length': String(MAX_XML_BYTES + 1),
    });
    expect(big.status).toBe(400);
    expect(((await big.json()) as Answer).errorCode).toBe('payload_too_large');
  });
});

describe('POST /v1/verduurzaming/rapport.pdf', () => {
  async function pdf(query: string, body: BodyInit = MAATWERKADVIES) {
    const res = await post(true, query, body);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const file = path.join(dir, `r-${Math.random().toString(36).slice(2)}.pdf`);
    fs.writeFileSync(file, bytes);
    return { res, bytes, file };
  }

  it('answers one A4 page, inline, named after the address, with the CBS prices in the assumptions', async () => {
    const { res, bytes, file } = await pdf('?postcode=3012BR&huisnummer=42&toevoeging=A');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="verduurzamingsrapport-3012BR-42A.pdf"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+1$/m);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Witte de Withstraat 42A');
    expect(text).toContain('(CBS september 2025)');
    // The methodology by title, with its full public URL from the request's origin; no bare API path.
    expect(text.replace(/\s+/g, ' ')).toContain('‘Methodiek van de verduurzamingslaag’ (http://localhost/v1/verduurzaming/methodiek)');
    for (const t of ['Eerste stap', 'Tot label A', 'Tot het beste doel']) expect(text).toContain(t);
    expect(text).toContain('Het bestand hoort bij verblijfsobject 0392010000087312');
  });

  it('is still made when the CBS prices fail, without euro savings', async () => {
    replay.setFault('cbs-statline', { kind: 'http500' });
    const { res, file } = await pdf('?postcode=3012BR&huisnummer=42&toevoeging=A');
    expect(res.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('energieprijzen niet beschikbaar');
    expect(text).toContain('CBS (onbeschikbaar)');
  });

  it.each([
    [400, 'invalid_parameter', '?huisnummer=42', MAATWERKADVIES],
    [422, 'unprocessable_xml', '?postcode=3012BR&huisnummer=42&toevoeging=A', fixtureText('bad/not-energy.xml')],
    [400, 'bad_request', '?postcode=3012BR&huisnummer=42&toevoeging=A', fixtureText('bad/malformed.xml')],
    [404, 'not_found', '?postcode=9999ZZ&huisnummer=99', MAATWERKADVIES],
  ] as const)('keeps errors as problem+json: %i %s for %s', async (status, code, query, body) => {
    const res = await post(true, query, body);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as Answer).errorCode).toBe(code);
  });
});
