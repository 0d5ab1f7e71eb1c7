// Webhooks: signing, the retry schedule, which addresses may be called, and on a real database (both
// backends) the whole path: an enterprise key registers a webhook at a local receiver, a watched vestiging
// is taken over in a new version, and the receiver gets dataset_versie.gepubliceerd and volglijst.wijziging
// with valid signatures; failures are retried on the backoff schedule and logged, another key sees nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { importFsp } from '@/lib/registers/fsp/import';
import { importLei } from '@/lib/registers/lei/import';
import { recomputeMonitor } from '@/lib/monitor/recompute';
import { vestigingId } from '@/lib/monitor/derive/vestigingen';
import { monitorTijdlijn, monitorVolglijstToevoegen } from '@/lib/services/distributiemonitor/alerts';
import { monitorWebhookLeveringen, monitorWebhookPing, monitorWebhookRegistreren, monitorWebhooks, monitorWebhookVerwijderen } from '@/lib/services/distributiemonitor/webhooks';
import { useTestDatabase } from '@/test/db/test-database';
import { lei, schrijfMarkt } from '@/test/fixtures/monitor/markt';
import { geefSleutelUit, trekIn } from '../store';
import { veiligeLookupMet } from '@/lib/net/publiek-adres';
import { adresToegestaan, bestemmingBezwaar, urlBezwaar, veiligeLookup } from './adres';
import { bezorgWebhooks, verstuur, volgendePoging } from './bezorg';
import { ALERTS_PER_LEVERING, volglijstWijzigingen } from './gebeurtenissen';
import { nieuwGeheim, onderteken, verifieerHandtekening } from './handtekening';

const SLOW = 120_000;
const MIN = 60_000;

/**
 * Webhook URLs and whether they may be registered and delivered to (WEBHOOK_LOKAAL off): the registration
 * route and the delivery check must agree on every row.
 */
const ADRESSEN: [string, 'ok' | 'geweigerd'][] = [
  ['https://hooks.example.org/h', 'ok'],
  ['https://HOOKS.Example.ORG./h', 'ok'], // trailing dot and case: the same public name
  ['https://bücher.example/h', 'ok'], // IDN, compared as xn--bcher-kva.example
  ['https://localhost.example.org/h', 'ok'], // not under .localhost
  ['https://93.184.215.14/h', 'ok'],
  ['https://8.8.8.8:8443/h', 'ok'],
  ['https://11.0.0.1/h', 'ok'], // just past 10/8
  ['https://100.128.0.1/h', 'ok'], // just past 100.64/10
  ['https://172.32.0.1/h', 'ok'], // just past 172.16/12
  ['https://169.255.0.1/h', 'ok'], // just past 169.254/16
  ['https://[2606:2800:220:1:248:1893:25c8:1946]/h', 'ok'],
  ['https://[::ffff:8.8.8.8]/h', 'ok'], // IPv4-mapped public address
  ['https://localhost/h', 'geweigerd'],
  ['https://LOCALHOST:4303/h', 'geweigerd'],
  ['https://localhost.:4303/h', 'geweigerd'],
  ['https://localhost..:4303/h', 'geweigerd'],
  ['https://foo.localhost:4303/h', 'geweigerd'],
  ['https://foo.localhost./h', 'geweigerd'],
  ['https://localhost.localdomain/h', 'geweigerd'],
  ['https://printer.local/h', 'geweigerd'],
  ['https://metadata.google.internal/computeMetadata/v1/', 'geweigerd'],
  ['https://router.home.arpa/h', 'geweigerd'],
  ['https://intranet/h', 'geweigerd'], // a single label resolves through the search domains
  ['https://127.0.0.1/h', 'geweigerd'],
  ['https://127.0.0.1./h', 'geweigerd'],
  ['https://127.1/h', 'geweigerd'],
  ['https://0x7f.1/h', 'geweigerd'],
  ['https://2130706433/h', 'geweigerd'],
  ['https://0177.0.0.1/h', 'geweigerd'],
  ['https://127.255.255.254/h', 'geweigerd'],
  ['https://0.0.0.0/h', 'geweigerd'],
  ['https://0/h', 'geweigerd'],
  ['https://10.0.0.1/h', 'geweigerd'],
  ['https://100.64.0.1/h', 'geweigerd'],
  ['https://169.254.169.254/latest/meta-data/', 'geweigerd'],
  ['https://169.254.1.1/h', 'geweigerd'],
  ['https://172.16.0.1/h', 'geweigerd'],
  ['https://172.31.255.255/h', 'geweigerd'],
  ['https://192.0.0.8/h', 'geweigerd'],
  ['https://192.168.1.1/h', 'geweigerd'],
  ['https://198.18.0.1/h', 'geweigerd'],
  ['https://224.0.0.1/h', 'geweigerd'],
  ['https://240.0.0.1/h', 'geweigerd'],
  ['https://255.255.255.255/h', 'geweigerd'],
  ['https://[::1]/h', 'geweigerd'],
  ['https://[::]/h', 'geweigerd'],
  ['https://[::ffff:127.0.0.1]/h', 'geweigerd'],
  ['https://[::ffff:10.0.0.1]/h', 'geweigerd'],
  ['https://[::7f00:1]/h', 'geweigerd'], // deprecated IPv4-compatible form of 127.0.0.1
  ['https://[64:ff9b::10.0.0.1]/h', 'geweigerd'], // NAT64 of a private address
  ['https://[2002:a00:1::]/h', 'geweigerd'], // 6to4 of 10.0.0.1
  ['https://[fc00::1]/h', 'geweigerd'],
  ['https://[fd12:3456::1]/h', 'geweigerd'],
  ['https://[fe80::1]/h', 'geweigerd'],
  ['https://[ff02::1]/h', 'geweigerd'],
];

describe('signatures', () => {
  const geheim = nieuwGeheim();
  const body = '{"id":"x","soort":"ping"}';
  it('verify over the exact body, the secret and a recent timestamp', () => {
    expect(geheim).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const t = 1_800_000_000;
    const kop = onderteken(geheim, t, body);
    expect(kop).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifieerHandtekening(geheim, kop, body, t + 10)).toBe(true);
    expect(verifieerHandtekening(geheim, kop, body + ' ', t + 10)).toBe(false); // the body changed
    expect(verifieerHandtekening(nieuwGeheim(), kop, body, t + 10)).toBe(false); // another secret
    expect(verifieerHandtekening(geheim, kop, body, t + 301)).toBe(false); // too old: a replay
    expect(verifieerHandtekening(geheim, kop.replace('t=1800000000', 't=1800000001'), body, t + 10)).toBe(false);
    expect(verifieerHandtekening(geheim, null, body, t)).toBe(false);
  });
});

describe('the retry schedule', () => {
  it('waits 1, 2, 4 … minutes, at most an hour, and gives up 24 hours after the event', () => {
    const t0 = new Date('2026-11-22T00:00:00Z');
    const wachttijden: number[] = [];
    let nu = t0;
    let pogingen = 1;
    for (;;) {
      const v = volgendePoging(t0, pogingen, nu);
      if (!v) break;
      wachttijden.push((v.getTime() - nu.getTime()) / MIN);
      nu = v;
      pogingen++;
    }
    expect(wachttijden.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    // Attempts at 0, 1, 3, 7, 15, 31, 63, 123, …, 1383 minutes: 29 in all; the next (1443) is past 24 h.
    expect(pogingen).toBe(29);
    expect((nu.getTime() - t0.getTime()) / MIN).toBe(1383);
  });
});

describe('webhook addresses', () => {
  it('must be https on a public address (loopback over http only with WEBHOOK_LOKAAL=aan)', () => {
    delete process.env.WEBHOOK_LOKAAL;
    expect(urlBezwaar('https://hooks.example.org/nlod')).toBeNull();
    expect(urlBezwaar('http://hooks.example.org/nlod')).toMatch(/https/);
    expect(urlBezwaar('https://10.1.2.3/x')).toMatch(/niet-openbaar/);
    expect(urlBezwaar('https://169.254.169.254/latest/meta-data')).toMatch(/niet-openbaar/);
    expect(urlBezwaar('https://[::1]/x')).toMatch(/localhost|machine/);
    expect(urlBezwaar('http://127.0.0.1:8080/x')).toMatch(/WEBHOOK_LOKAAL/);
    expect(urlBezwaar('https://user:pw@hooks.example.org/')).toMatch(/wachtwoord/);
    expect(urlBezwaar('geen url')).toMatch(/geldig/);
    expect(adresToegestaan('93.184.215.14')).toBe(true);
    expect(adresToegestaan('192.168.1.10')).toBe(false);
    expect(adresToegestaan('::ffff:10.0.0.1')).toBe(false);
    expect(adresToegestaan('fd00::1')).toBe(false);
    expect(adresToegestaan('127.0.0.1')).toBe(false);
    process.env.WEBHOOK_LOKAAL = 'aan';
    expect(urlBezwaar('http://127.0.0.1:8080/x')).toBeNull();
    expect(adresToegestaan('127.0.0.1')).toBe(true);
    expect(adresToegestaan('10.0.0.1')).toBe(false);
    delete process.env.WEBHOOK_LOKAAL;
  });

  it('are checked again when connecting: this machine by name or by IP literal is refused, nothing is sent', async () => {
    delete process.env.WEBHOOK_LOKAAL;
    const o = await ontvanger();
    try {
      for (const host of ['localhost', 'localhost.', '127.0.0.1', '127.1', '[::ffff:127.0.0.1]']) {
        const u = await verstuur(`http://${host}:${o.poort}/x`, { 'Content-Type': 'application/json' }, '{}');
        expect(u, host).toMatchObject({ http_status: null, fout: 'EADDRNOTPUBLIC' });
      }
      expect(o.ontvangen).toHaveLength(0);
    } finally {
      await o.sluit();
    }
  });

  it('a name is refused at delivery when any address it resolves to is not public (registration cannot know)', async () => {
    delete process.env.WEBHOOK_LOKAAL;
    const zoek = (lookup: ReturnType<typeof veiligeLookupMet>, naam: string) =>
      new Promise<string>((resolve) => lookup(naam, { all: true }, (err) => resolve(err ? String((err as NodeJS.ErrnoException).code) : 'ok')));
    // The real resolver: localhost is in every /etc/hosts.
    expect(await zoek(veiligeLookup, 'localhost')).toBe('EADDRNOTPUBLIC');
    // A resolver table: one private address among public ones is enough to refuse the name.
    const tabel: Record<string, string[]> = {
      'hooks.example.org': ['93.184.215.14', '2606:2800:220:1:248:1893:25c8:1946'],
      'rebind.example.org': ['93.184.215.14', '10.0.0.7'],
      'meta.example.org': ['169.254.169.254'],
      'v6.example.org': ['2606:2800:220:1::1', 'fd00::7'],
    };
    const lookup = veiligeLookupMet(() => false, (naam, _o, cb) =>
      cb(null, (tabel[naam] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))));
    expect(await zoek(lookup, 'hooks.example.org')).toBe('ok');
    expect(await zoek(lookup, 'rebind.example.org')).toBe('EADDRNOTPUBLIC');
    expect(await zoek(lookup, 'meta.example.org')).toBe('EADDRNOTPUBLIC');
    expect(await zoek(lookup, 'v6.example.org')).toBe('EADDRNOTPUBLIC');
    expect(await zoek(lookup, 'leeg.example.org')).toBe('EADDRNOTPUBLIC');
  });

  it.each(ADRESSEN)('delivery check: %s -> %s', async (url, verwacht) => {
    delete process.env.WEBHOOK_LOKAAL;
    expect(bestemmingBezwaar(new URL(url)) === null ? 'ok' : 'geweigerd').toBe(verwacht);
    expect(urlBezwaar(url) === null ? 'ok' : 'geweigerd').toBe(verwacht);
    // A refused address is never connected to (an accepted one would be: not tried here, it is the internet).
    if (verwacht === 'geweigerd') expect(await verstuur(url, {}, '{}')).toMatchObject({ http_status: null, fout: 'EADDRNOTPUBLIC' });
  });
});

describe('volglijst.wijziging payloads', () => {
  it('are split in parts of at most ALERTS_PER_LEVERING alerts', () => {
    const alerts = Array.from({ length: ALERTS_PER_LEVERING + 1 }, (_, i) => ({ alert_id: i + 1, gebruiker_id: 'a', entiteit_type: 'vestiging', entiteit_id: `V${i}`, wijziging_type: 'gewijzigd' }));
    const e = volglijstWijzigingen({ versie_id: 7, peildatum: '2026-05-01' }, alerts, new Date());
    expect(e.map((x) => [x.data.deel, x.data.delen, x.data.alerts.length])).toEqual([[1, 2, ALERTS_PER_LEVERING], [2, 2, 1]]);
    expect(e[1].data.alerts[0]).toMatchObject({ entiteit_id: `V${ALERTS_PER_LEVERING}`, wijziging: '/v1/distributiemonitor/versies/7/wijzigingen?entiteit=V500' });
  });
});

interface Ontvangen {
  pad: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local receiver: records every request; `antwoord(pad, n)` decides the status of the n-th request to a path. */
async function ontvanger(antwoord: (pad: string, n: number) => number = () => 200) {
  const ontvangen: Ontvangen[] = [];
  const tellers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const delen: Buffer[] = [];
    req.on('data', (c: Buffer) => delen.push(c));
    req.on('end', () => {
      const pad = req.url ?? '/';
      const n = (tellers.get(pad) ?? 0) + 1;
      tellers.set(pad, n);
      ontvangen.push({ pad, headers: req.headers, body: Buffer.concat(delen).toString('utf8') });
      res.writeHead(antwoord(pad, n)).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const poort = (server.address() as AddressInfo).port;
  return { poort, ontvangen, sluit: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(['pglite', 'postgresql'] as const)('webhooks on %s', (kind) => {
  const db = useTestDatabase(kind, `nlods-webhooks-${kind}-`);
  beforeAll(() => {
    process.env.TOEGANG = 'aan';
    process.env.WEBHOOK_LOKAAL = 'aan';
  });
  afterAll(() => {
    process.env.TOEGANG = 'uit';
    delete process.env.WEBHOOK_LOKAAL;
  });

  const call = async (op: Operation, method: string, url: string, sleutel: string | null, body?: unknown, params: Record<string, string> = {}) => {
    const headers: Record<string, string> = { ...(sleutel ? { 'X-Api-Key': sleutel } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) };
    const res = await route(op)[method as 'GET'](new Request(`http://localhost${url}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) }), { params: Promise.resolve(params) });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  it('registration refuses exactly the addresses delivery refuses: 400 naming url', { timeout: SLOW }, async () => {
    delete process.env.WEBHOOK_LOKAAL;
    try {
      const k = await geefSleutelUit(getDb(), 'enterprise', { naam: 'T', email: 't@example.org', gebruik: 'test' }, 1000);
      const W = '/v1/distributiemonitor/webhooks';
      for (const [url, verwacht] of ADRESSEN) {
        const r = await call(monitorWebhookRegistreren, 'POST', W, k.sleutel, { url, soorten: ['dataset_versie.gepubliceerd'] });
        expect(r.status === 200 ? 'ok' : 'geweigerd', url).toBe(verwacht);
        expect(bestemmingBezwaar(new URL(url)) === null ? 'ok' : 'geweigerd', url).toBe(verwacht);
        if (r.status === 200) {
          const id = String(r.body.data.webhook_id);
          expect((await call(monitorWebhookVerwijderen, 'DELETE', `${W}/${id}`, k.sleutel, undefined, { id })).status).toBe(200);
        } else {
          expect(r.body, url).toMatchObject({ status: 400, errorCode: 'bad_request', invalid_params: [{ name: 'url', in: 'body' }] });
        }
      }
    } finally {
      process.env.WEBHOOK_LOKAAL = 'aan';
    }
  });

  it('delivers a takeover of a watched vestiging, signed, to that account only; retries on the schedule', { timeout: SLOW }, async () => {
    // Receiver: /ok answers 200, /wankel 503 twice then 200, /dood always 500, /weg 410.
    const o = await ontvanger((pad, n) => (pad === '/wankel' ? (n <= 2 ? 503 : 200) : pad === '/dood' ? 500 : pad === '/weg' ? 410 : 200));
    try {
      const H = lei('WB');
      const kantoren = [{ id: 'e0000000-0000-4000-8000-000000000001', naam: 'Bewaakt Kantoor B.V.', kvk: '61000001', adres: 'Markt 7', postcode: '3511 AC', plaats: 'Utrecht' }];
      const entiteiten = [
        { lei: lei('61000001'), naam: 'Bewaakt Kantoor B.V.', kvk: '61000001', plaats: 'Utrecht' },
        { lei: H, naam: 'Overnemer Holding N.V.', kvk: '61000099', plaats: 'Utrecht' },
      ];
      const V = vestigingId('61000001', '3511 AC', '7');
      const publiceer = async (naam: string, datum: string, relaties: { kind: string; ouder: string; start: string }[]) => {
        const f = schrijfMarkt(path.join(db.dir(), naam), naam, { kantoren, entiteiten, relaties, datum });
        // The AFM full export carries no date (the peildatum is given here), so the hand-made XML of the same offices
        // is byte-identical every month, while the real export is a new file every day: each month's file is published
        // as that month's version on purpose (forceer: past the same-file check).
        await importFsp({ file: f.afm, peildatum: new Date(`${datum}T06:00:00Z`), forceer: true });
        await importLei({ file: f.lei, rr: f.rr, peildatum: new Date(`${datum}T06:00:00Z`), parseWorker: false });
        return recomputeMonitor(getDb());
      };
      await publiceer('h1', '2026-04-01', []);
      const a = await geefSleutelUit(getDb(), 'enterprise', { naam: 'A', email: 'a@example.org', gebruik: 'test' }, 1000);
      const c = await geefSleutelUit(getDb(), 'enterprise', { naam: 'C', email: 'c@example.org', gebruik: 'test' }, 1000);
      const s = await geefSleutelUit(getDb(), 'standard', { naam: 'S', email: 's@example.org', gebruik: 'test' });
      const W = '/v1/distributiemonitor/webhooks';
      const url = (p: string) => `http://127.0.0.1:${o.poort}${p}`;
      const beide = ['dataset_versie.gepubliceerd', 'volglijst.wijziging'];

      // Tiers: no key 401, standard 403 naming enterprise; a bad address 400.
      expect((await call(monitorWebhooks, 'GET', W, null)).status).toBe(401);
      expect((await call(monitorWebhookRegistreren, 'POST', W, s.sleutel, { url: url('/ok'), soorten: beide })).body).toMatchObject({ status: 403, errorCode: 'forbidden_tier', vereiste_tier: 'enterprise' });
      expect((await call(monitorWebhookRegistreren, 'POST', W, a.sleutel, { url: 'https://192.168.0.5/hook', soorten: beide })).status).toBe(400);
      expect((await call(monitorWebhookRegistreren, 'POST', W, a.sleutel, { url: url('/ok'), soorten: ['alles'] })).status).toBe(400);

      const ok = (await call(monitorWebhookRegistreren, 'POST', W, a.sleutel, { url: url('/ok'), soorten: beide, omschrijving: 'productie' })).body.data;
      expect(ok).toMatchObject({ url: url('/ok'), soorten: beide, omschrijving: 'productie' });
      expect(ok.geheim).toMatch(/^whsec_/);
      const wankel = (await call(monitorWebhookRegistreren, 'POST', W, a.sleutel, { url: url('/wankel'), soorten: ['dataset_versie.gepubliceerd'] })).body.data;
      const dood = (await call(monitorWebhookRegistreren, 'POST', W, a.sleutel, { url: url('/dood'), soorten: ['dataset_versie.gepubliceerd'] })).body.data;
      const weg = (await call(monitorWebhookRegistreren, 'POST', W, a.sleutel, { url: url('/weg'), soorten: ['dataset_versie.gepubliceerd'] })).body.data;
      const lijst = (await call(monitorWebhooks, 'GET', W, a.sleutel)).body.data.webhooks;
      expect(lijst.map((w: any) => w.url)).toEqual([url('/ok'), url('/wankel'), url('/dood'), url('/weg')]);
      expect(JSON.stringify(lijst)).not.toContain(ok.geheim); // the secret is shown once

      // Another key: nothing to see, and A's webhook is not found (404, not 403).
      expect((await call(monitorWebhooks, 'GET', W, c.sleutel)).body.data.webhooks).toEqual([]);
      const id = String(ok.webhook_id);
      expect((await call(monitorWebhookPing, 'POST', `${W}/${id}/ping`, c.sleutel, undefined, { id })).status).toBe(404);
      expect((await call(monitorWebhookLeveringen, 'GET', `${W}/${id}/leveringen`, c.sleutel, undefined, { id })).status).toBe(404);
      expect((await call(monitorWebhookVerwijderen, 'DELETE', `${W}/${id}`, c.sleutel, undefined, { id })).status).toBe(404);

      // Ping: sent now, signed.
      const p = (await call(monitorWebhookPing, 'POST', `${W}/${id}/ping`, a.sleutel, undefined, { id })).body.data;
      expect(p).toMatchObject({ webhook_id: ok.webhook_id, gelukt: true, http_status: 200, fout: null });
      const pingBericht = o.ontvangen.at(-1)!;
      expect(pingBericht.headers['x-nlod-event']).toBe('ping');
      expect(verifieerHandtekening(ok.geheim, pingBericht.headers['x-nlod-signature'] as string, pingBericht.body)).toBe(true);

      // A watches V under two gebruiker_ids; C watches nothing. Then H takes V over.
      for (const g of ['analist-1', 'analist-2']) {
        expect((await call(monitorVolglijstToevoegen, 'POST', `/v1/distributiemonitor/alerts/volglijst?gebruiker_id=${g}`, a.sleutel, { entiteit_type: 'vestiging', entiteit_id: V })).status).toBe(200);
      }
      o.ontvangen.length = 0;
      const v2 = await publiceer('h2', '2026-05-01', [{ kind: lei('61000001'), ouder: H, start: '2026-04-15' }]);
      const t0 = new Date();
      expect(await bezorgWebhooks(getDb(), { nu: () => t0 })).toEqual({ afgeleverd: 2, wachtend: 2, mislukt: 1, geannuleerd: 0 });

      const naarOk = o.ontvangen.filter((x) => x.pad === '/ok');
      expect(naarOk.map((x) => x.headers['x-nlod-event']).sort()).toEqual(beide);
      for (const x of o.ontvangen) {
        const geheim = { '/ok': ok.geheim, '/wankel': wankel.geheim, '/dood': dood.geheim, '/weg': weg.geheim }[x.pad]!;
        expect(verifieerHandtekening(geheim, x.headers['x-nlod-signature'] as string, x.body)).toBe(true);
      }
      const versie = JSON.parse(naarOk.find((x) => x.headers['x-nlod-event'] === 'dataset_versie.gepubliceerd')!.body);
      expect(versie).toMatchObject({ soort: 'dataset_versie.gepubliceerd', api_versie: '1.0.0-beta', data: { versie_id: v2.versie_id, peildatum: '2026-05-01', samenvatting: { vestiging: { overgenomen: 1 } }, links: { wijzigingen: `/v1/distributiemonitor/versies/${v2.versie_id}/wijzigingen` } } });
      const alerts = JSON.parse(naarOk.find((x) => x.headers['x-nlod-event'] === 'volglijst.wijziging')!.body);
      expect(alerts.data).toMatchObject({ versie_id: v2.versie_id, deel: 1, delen: 1 });
      expect(alerts.data.alerts.map((x: any) => [x.gebruiker_id, x.entiteit_id, x.wijziging_type])).toEqual([
        ['analist-1', V, 'overgenomen'],
        ['analist-2', V, 'overgenomen'],
      ]);
      // The same alert is in analist-1's tijdlijn as unread; C's is empty.
      const feed = (await call(monitorTijdlijn, 'GET', '/v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=analist-1&ongelezen=true', a.sleutel)).body.data;
      expect(feed.alerts.map((x: any) => x.alert_id)).toEqual([alerts.data.alerts[0].alert_id]);
      expect((await call(monitorTijdlijn, 'GET', '/v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=analist-1', c.sleutel)).body.data.totaal).toBe(0);

      // Retries: nothing is due before a minute has passed; /wankel succeeds on its third attempt, with the
      // same event id and body every time.
      const op = (m: number) => () => new Date(t0.getTime() + m * MIN);
      expect(await bezorgWebhooks(getDb(), { nu: op(0.5) })).toEqual({ afgeleverd: 0, wachtend: 0, mislukt: 0, geannuleerd: 0 });
      expect(await bezorgWebhooks(getDb(), { nu: op(1) })).toEqual({ afgeleverd: 0, wachtend: 2, mislukt: 0, geannuleerd: 0 });
      expect(await bezorgWebhooks(getDb(), { nu: op(2) })).toEqual({ afgeleverd: 0, wachtend: 0, mislukt: 0, geannuleerd: 0 });
      expect(await bezorgWebhooks(getDb(), { nu: op(3) })).toEqual({ afgeleverd: 1, wachtend: 1, mislukt: 0, geannuleerd: 0 });
      const wankelOntvangen = o.ontvangen.filter((x) => x.pad === '/wankel');
      expect(wankelOntvangen).toHaveLength(3);
      expect(new Set(wankelOntvangen.map((x) => x.body)).size).toBe(1);
      expect(new Set(wankelOntvangen.map((x) => x.headers['x-nlod-event-id'])).size).toBe(1);
      const wid = String(wankel.webhook_id);
      const log = (await call(monitorWebhookLeveringen, 'GET', `${W}/${wid}/leveringen`, a.sleutel, undefined, { id: wid })).body.data;
      expect(log).toMatchObject({ totaal: 1, leveringen: [{ status: 'afgeleverd', pogingen: 3, laatste_status: 200, volgende_poging: null }] });
      expect(log.leveringen[0].log.map((x: any) => [x.pogingnummer, x.http_status, x.fout])).toEqual([[1, 503, 'HTTP 503'], [2, 503, 'HTTP 503'], [3, 200, null]]);

      // /dood: tried on the schedule (each round at the moment the next attempt is due) until 24 hours after
      // the event, then mislukt: 29 attempts in all.
      const did = String(dood.webhook_id);
      const doodLevering = async () => (await call(monitorWebhookLeveringen, 'GET', `${W}/${did}/leveringen`, a.sleutel, undefined, { id: did })).body.data.leveringen[0];
      let rondes = 0;
      for (let l = await doodLevering(); l.status === 'wachtend' && rondes < 100; l = await doodLevering(), rondes++) {
        const due = new Date(l.volgende_poging);
        await bezorgWebhooks(getDb(), { nu: () => due });
      }
      const doodLog = await doodLevering();
      expect(doodLog).toMatchObject({ status: 'mislukt', pogingen: 29, laatste_status: 500, volgende_poging: null });
      expect(Date.parse(doodLog.log.at(-1).op) - t0.getTime()).toBe(1383 * MIN);
      // /weg answered 410 Gone: given up at once.
      const gid = String(weg.webhook_id);
      expect((await call(monitorWebhookLeveringen, 'GET', `${W}/${gid}/leveringen`, a.sleutel, undefined, { id: gid })).body.data.leveringen).toMatchObject([{ status: 'mislukt', pogingen: 1, laatste_status: 410 }]);

      // Removing a webhook cancels what still waits for it; a revoked key's deliveries are cancelled at send time.
      const v3 = await publiceer('h3', '2026-06-01', []);
      expect(v3.versie_id).not.toBeNull();
      expect((await call(monitorWebhookVerwijderen, 'DELETE', `${W}/${wid}`, a.sleutel, undefined, { id: wid })).body.data).toMatchObject({ verwijderd: true });
      expect((await call(monitorWebhookLeveringen, 'GET', `${W}/${wid}/leveringen`, a.sleutel, undefined, { id: wid })).status).toBe(404);
      await trekIn(getDb(), a.prefix);
      const voor = o.ontvangen.length;
      const na = await bezorgWebhooks(getDb());
      expect(na.afgeleverd).toBe(0);
      // v3 undid the takeover: /ok's two events, /dood's and /weg's; /wankel's was cancelled when it was removed.
      expect(na.geannuleerd).toBe(4);
      expect(o.ontvangen.length).toBe(voor);
    } finally {
      await o.sluit();
    }
  });
});
