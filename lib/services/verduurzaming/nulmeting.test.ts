// POST /v1/verduurzaming/nulmeting through the real route handler: every sample and built input, every
// hostile file (status, problem, speed, no leaked content), the size cap, and log hygiene.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { route } from '@/lib/api/route';
import { verduurzamingNulmeting } from './nulmeting';
import { MAX_XML_BYTES } from '@/lib/verduurzaming/limits';
import { fixtureBytes, fixtureText, paddedS01, validFixtures } from '@/test/fixtures/energy/fixtures';

const failing = vi.hoisted(() => ({ on: false }));
vi.mock('@/lib/verduurzaming/nulmeting', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/verduurzaming/nulmeting')>();
  return {
    ...real,
    leesNulmeting: (xml: string) => {
      // Simulates a bug whose error message quotes the upload.
      if (failing.on) throw new TypeError(`kapot bij ${xml.slice(0, 400)}`);
      return real.leesNulmeting(xml);
    },
  };
});

const handlers = route(verduurzamingNulmeting);
const URL_ = 'http://localhost/v1/verduurzaming/nulmeting';
const ctx = { params: Promise.resolve({}) };

function post(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/xml' }, init: RequestInit = {}) {
  return handlers.POST(new Request(URL_, { method: 'POST', headers, body, ...init }), ctx);
}

async function timed(body: BodyInit) {
  const t = performance.now();
  const res = await post(body);
  const text = await res.text();
  return { res, text, json: JSON.parse(text) as Record<string, unknown>, ms: performance.now() - t };
}

describe('POST /v1/verduurzaming/nulmeting: valid files', () => {
  it.each(validFixtures().map((f) => [f.name, f] as const))('%s: 200 with exactly the expected values', async (_n, f) => {
    const { res, json } = await timed(f.xml);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(json).toMatchObject({ api: 'verduurzaming', onderdeel: 'nulmeting' });
    const data = json.data as Record<string, unknown>;
    for (const [k, v] of Object.entries(f.expected)) expect(data[k]).toEqual(v);
    expect(json.bronnen).toEqual([
      expect.objectContaining({ bron: 'eigen-dienst', titel: 'Geüpload energieprestatiebestand', url: null, status: 'ok' }),
    ]);
  });

  it('accepts text/xml with a charset and a body that starts with a UTF-8 BOM', async () => {
    const bytes = fixtureBytes('s06_variant_defaultns_bom.xml');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const res = await post(bytes, { 'content-type': 'text/xml; charset=utf-8' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { format: string } }).data.format).toBe('ep-online-maatwerkadvies-v2.0');
  });

  it('accepts a padded file just under 2 MiB', async () => {
    const xml = paddedS01(MAX_XML_BYTES - 64 * 1024);
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_XML_BYTES);
    const { res } = await timed(xml);
    expect(res.status).toBe(200);
  });
});

describe('POST /v1/verduurzaming/nulmeting: invalid UTF-8 is refused, not repaired', () => {
  const S01 = 's01_monitoringsbestand_v4.4_rijwoning_C.xml';
  const s01 = () => Buffer.from(fixtureBytes(S01));
  /** s01 with `bad` inserted at the first occurrence of `voor` (after its first `na` characters). */
  const metBytes = (voor: string, na: number, bad: number[], basis = s01()) => {
    const i = basis.indexOf(voor) + Buffer.byteLength(voor.slice(0, na));
    return Buffer.concat([basis.subarray(0, i), Buffer.from(bad), basis.subarray(i)]);
  };
  const klein = (...delen: (string | number[])[]) => Buffer.concat(delen.map((d) => (typeof d === 'string' ? Buffer.from(d) : Buffer.from(d))));

  // s01: line 136 is "                <Straatnaam>Merelstraat</Straatnaam>" (the bad byte after "Merelstr": column 37),
  // line 59 is '        <Labelklassegrens klasse="A+++++">-1</Labelklassegrens>' (after 'klasse="A': column 36).
  it.each([
    ['0xFF in a text node', () => metBytes('Merelstraat', 8, [0xff]), 136, 37],
    ['latin-1 é (E9) in an attribute value', () => metBytes('klasse="A+++++"', 9, [0xe9]), 59, 36],
    ['an overlong / (C0 AF) in a text node', () => metBytes('Merelstraat', 8, [0xc0, 0xaf]), 136, 37],
    ['a surrogate (ED A0 80) in a text node', () => metBytes('Merelstraat', 8, [0xed, 0xa0, 0x80]), 136, 37],
    ['a multi-byte sequence truncated at the end of the file', () => Buffer.concat([s01(), Buffer.from([0xe2, 0x82])]), 502, 1],
    ['no XML declaration (UTF-8 by default), after "Café"', () => klein('<a>\n  <b>Café ', [0xff], '</b>\n</a>'), 2, 11],
    ['after a UTF-8 BOM (not counted)', () => klein([0xef, 0xbb, 0xbf], '<a>x', [0xff], '</a>'), 1, 5],
  ] as const)('%s: 400 with line and column', async (_naam, bytes, regel, kolom) => {
    const res = await post(bytes());
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ status: 400, errorCode: 'bad_request', regel, kolom });
    expect(String(json.detail)).toMatch(new RegExp(`^Ongeldige UTF-8 op regel ${regel}, kolom ${kolom}\\. `));
    expect(json).not.toHaveProperty('data');
  });

  it('valid files still read: UTF-8 as is, and a file declaring ISO-8859-1 in that encoding', async () => {
    expect((await post(s01())).status).toBe(200);
    // U+FFFD written as valid UTF-8 is a character like any other.
    expect((await post(metBytes('Merelstraat', 8, [0xef, 0xbf, 0xbd]))).status).toBe(200);
    const latin1 = Buffer.from(fixtureText(S01).replace('encoding="utf-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(latin1.includes(0xef) || latin1.includes(0xb0)).toBe(true); // ï or ° as one latin-1 byte: not UTF-8
    const res = await post(latin1);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { energieklasse: string } }).data.energieklasse).toBe('C');
  });
});

describe('POST /v1/verduurzaming/nulmeting: hostile and wrong files (bad/README)', () => {
  const passwd = (() => {
    try {
      return readFileSync('/etc/passwd', 'utf8').split('\n')[0];
    } catch {
      return 'root:x:0:0';
    }
  })();

  it.each([
    ['malformed.xml', 400, 'bad_request', /geen welgevormde XML \(regel 42, kolom 1\)/],
    ['not-energy.xml', 422, 'unprocessable_xml', /Geen energiegegevens herkend/],
    ['billion-laughs.xml', 400, 'bad_request', /DTD of entiteitsdeclaratie/],
    ['external-entity.xml', 400, 'bad_request', /DTD of entiteitsdeclaratie/],
    ['deep-nesting.xml', 400, 'bad_request', /dieper genest dan 256 niveaus/],
  ] as const)('%s: %i %s, quickly, as problem+json without data', async (file, status, code, detail) => {
    const { res, text, json, ms } = await timed(fixtureText(`bad/${file}`));
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(json).toMatchObject({ status, errorCode: code });
    expect(String(json.detail)).toMatch(detail);
    expect(json).not.toHaveProperty('data');
    expect(ms).toBeLessThan(500);
    expect(text).not.toContain(passwd);
    expect(text).not.toMatch(/root:|\/bin\/(ba)?sh|nologin/);
  });

  it('not-energy.xml: no label class or address from the prose in the answer', async () => {
    const { text } = await timed(fixtureText('bad/not-energy.xml'));
    expect(text).not.toContain('3514CN');
    expect(text).not.toContain('energieklasse');
  });

  it('an oversize body (~3 MiB) is refused with 400 payload_too_large, on Content-Length', async () => {
    const xml = paddedS01(3 * 1024 * 1024);
    const size = Buffer.byteLength(xml);
    expect(size).toBeGreaterThan(3 * 1024 * 1024 - 2048);
    const res = await post(xml, { 'content-type': 'application/xml', 'content-length': String(size) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorCode: 'payload_too_large', max_bytes: MAX_XML_BYTES });
  });

  it('an oversize body without Content-Length is refused while streaming, before it is all read', async () => {
    const chunk = new TextEncoder().encode(`<!-- ${'x'.repeat(64 * 1024)} -->`);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 48) controller.close(); // ~3 MiB in all
        else controller.enqueue(chunk);
      },
    });
    const res = await post(stream, { 'content-type': 'application/xml' }, { duplex: 'half' } as RequestInit);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorCode: 'payload_too_large' });
    expect(pulled).toBeLessThan(48);
  });

  it('a wrong content type, an empty body and GET are refused', async () => {
    expect((await post(fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml'), { 'content-type': 'application/json' })).status).toBe(400);
    expect((await post('', { 'content-type': 'application/xml' })).status).toBe(400);
    const get = await handlers.GET(new Request(URL_), ctx);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });
});

describe('POST /v1/verduurzaming/nulmeting: nothing from the upload reaches the log', () => {
  let written: string[] = [];
  let level: string | undefined;
  beforeEach(() => {
    written = [];
    level = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL; // log everything, info included
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    failing.on = false;
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
  });

  const UPLOAD_MARKERS = ['3514CN', '0344010000732415', 'Merelstraat', 'ERT_NTA8800', '0392010000087312', 'lol', 'xxe', 'passwd', 'rss', 'Isolatieproject', 'EPMeta'];

  it('valid and hostile uploads log only the request line (operation, status, duration, id)', async () => {
    const bodies = [
      fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml'),
      fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'),
      ...['malformed.xml', 'not-energy.xml', 'billion-laughs.xml', 'external-entity.xml', 'deep-nesting.xml'].map((f) => fixtureText(`bad/${f}`)),
    ];
    for (const body of bodies) await (await post(body)).text();
    const log = written.join('');
    expect(written.length).toBe(bodies.length);
    for (const line of written) expect(Object.keys(JSON.parse(line)).sort()).toEqual(['duur_ms', 'event', 'niveau', 'operatie', 'status', 'tijd', 'verzoek_id']);
    for (const marker of UPLOAD_MARKERS) expect(log).not.toContain(marker);
  });

  it('an unexpected error is a 500 whose log names the error type and code location, never its message', async () => {
    failing.on = true;
    const res = await post(fixtureText('s01_monitoringsbestand_v4.4_rijwoning_C.xml'));
    expect(res.status).toBe(500);
    const text = await res.text();
    const log = written.join('');
    expect(log).toContain('nulmeting_onverwachte_fout');
    expect(log).toContain('TypeError');
    expect(log).not.toContain('kapot');
    for (const marker of UPLOAD_MARKERS) {
      expect(log).not.toContain(marker);
      expect(text).not.toContain(marker);
    }
  });
});
