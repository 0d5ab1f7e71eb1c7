// Every GET operation's 200 answer holds to its own OpenAPI schema. Each GET operation that answers JSON is
// called through its route handler with valid parameters (the registers hold their small example exports,
// the monitor is derived from them, upstreams are the replay server), and every 200 body is validated with
// ajv (draft 2020-12, with formats) against that operation's 200 schema in the generated document, $refs
// resolved in the document itself, as a client generator reads it. Every GET operation must reach a 200.
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/registry';
import { buildOpenApi } from '@/lib/api/openapi';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { geefSleutelUit } from '@/lib/access/store';
import { registreerWebhook, plaatsPing } from '@/lib/access/webhooks/store';
import { volg } from '@/lib/access/volglijst';
import { useTestDatabase } from '@/test/db/test-database';
import { metReplay } from '@/test/upstream/met-replay';
import { urlParams, validValue } from './invalid-values';
import { publishMarket, publishRegisters } from './publish';
import { responseValidator, type ResponseValidator, type UndeclaredDate } from './validate';

type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, { operationId: string; parameters?: unknown[] }>> };

/** GET operations that answer JSON (the PDF report and the version export are files: out of scope here). */
const jsonGets = operations.filter((op) => op.method === 'GET' && !op.produces);

/** Operations that cannot reach a 200 in this set-up, with the reason. Keep it empty. */
const CANNOT_REACH: Record<string, string> = {};

interface Call {
  /** Label for failures: operation id plus what the call varies. */
  label: string;
  op: Operation;
  /** Without the key: the free preview's answer (the monitor answers per tier). */
  withoutKey?: boolean;
}

/** The state the calls share: the enterprise key and ids read from the test data. */
interface World {
  key: string;
  ids: Record<string, string>;
}

/** Ids of the test data, read from list answers of the same data (so the table follows the fixtures). */
async function readIds(key: string): Promise<Record<string, string>> {
  const data = async (id: string, url: string) => {
    const op = operations.find((o) => o.id === id)!;
    const res = await route(op).GET(new Request(`http://localhost${url}`, { headers: { 'X-Api-Key': key } }), { params: Promise.resolve({}) });
    expect(res.status, url).toBe(200);
    return ((await res.json()) as { data: any }).data;
  };
  const fsp = await data('fsp-instellingen', '/v1/fsp/instellingen?rijen=1');
  const charity = await data('charity-instellingen', '/v1/charity/instellingen?rijen=1');
  const finreg = await data('finreg-instellingen', '/v1/finreg/instellingen?rijen=1');
  const lei = await data('lei-entiteiten', '/v1/lei/entiteiten?rijen=50');
  const withKvk = lei.entiteiten.find((r: { kvk_nummer?: string | null }) => r.kvk_nummer) ?? lei.entiteiten[0];
  const hoofdholdings = await data('distributiemonitor-hoofdholdings', '/v1/distributiemonitor/hoofdholdings');
  const vestigingen = await data('distributiemonitor-vestigingen', '/v1/distributiemonitor/vestigingen?rijen=1');
  const versies = await data('distributiemonitor-versies', '/v1/distributiemonitor/versies');
  return {
    fsp: fsp.instellingen[0].id,
    charity: charity.instellingen[0].rsin,
    finreg: finreg.instellingen[0].relatienummer,
    lei: withKvk.lei,
    kvk: withKvk.kvk_nummer,
    hoofdholding: hoofdholdings.hoofdholdings[0].hoofdholding_id,
    vestiging: vestigingen.vestigingen[0].vestiging_id,
    versie: String(versies.versies[0].versie_id),
  };
}

/** Values by parameter name where the declared example is not in the replayed recordings (an address, a ruling, a law). */
const BY_NAME: Record<string, string> = {
  postcode: '3012BR',
  huisnummer: '42',
  ecli: 'ECLI:NL:RBAMS:2010:BO3979',
  bwb_id: 'BWBR0002458',
  artikel: '3',
};

/** Parameter values per operation beyond the examples of the declaration: ids that exist in the test data. */
const PARAMS: Record<string, (w: World) => Record<string, string>> = {
  // 3012BR 42 has the additions A to D: these two answer for one of them only.
  'verduurzaming-pand': () => ({ toevoeging: 'A' }),
  'pand-woningtype': () => ({ toevoeging: 'A' }),
  'addrreg-lookup': () => ({ id: 'adr-bf54db721969487ed33ba84d9973c702' }),
  'fsp-instelling': (w) => ({ id: w.ids.fsp }),
  'charity-instelling': (w) => ({ id: w.ids.charity }),
  'finreg-instelling': (w) => ({ relatienummer: w.ids.finreg }),
  'lei-entiteit': (w) => ({ lei: w.ids.lei }),
  'lei-kvk': (w) => ({ kvk_nummer: w.ids.kvk }),
  'distributiemonitor-hoofdholding-structuur': (w) => ({ id: w.ids.hoofdholding }),
  'distributiemonitor-relaties': (w) => ({ instelling_id: w.ids.hoofdholding }),
  'distributiemonitor-versie-wijzigingen': (w) => ({ id: w.ids.versie }),
  'distributiemonitor-webhook-leveringen': (w) => ({ id: w.ids.webhook }),
};

/** Extra calls with optional parameters that change the answer's shape (one more body each). */
const EXTRA: { id: string; params: (w: World) => Record<string, string | undefined>; withoutKey?: boolean }[] = [
  // The monitor without a key (free_preview: the latest year only).
  ...jsonGets.filter((op) => op.api === 'distributiemonitor' && !op.sleutelVerplicht).map((op) => ({ id: op.id, params: () => ({}), withoutKey: true })),
  { id: 'distributiemonitor-benchmark', params: (w) => ({ vestiging_id: w.ids.vestiging }) },
  // A second recorded address (a detached house in Hoogeveen) for every address operation.
  // A recorded point in Rotterdam (parcels, buildings and an address around it) for every point operation.
  ...jsonGets.filter((op) => op.path.includes('{lon}/{lat}')).map((op) => ({ id: op.id, params: () => ({ lon: '4.4776', lat: '51.9156' }) })),
  ...jsonGets.filter((op) => op.path.includes('{postcode}/{huisnummer}')).map((op) => ({ id: op.id, params: () => ({ postcode: '7906LE', huisnummer: '5', toevoeging: undefined }) })),
];

/** The calls: one per JSON GET operation, plus the extra shapes. */
function calls(doc: Doc, w: World): (Call & { url: string; path: Record<string, string> })[] {
  const out: (Call & { url: string; path: Record<string, string> })[] = [];
  const build = (op: Operation, label: string, over: Record<string, string | undefined>, withoutKey = false) => {
    const declared = urlParams(doc.paths[op.path.slice('/v1'.length)].get) as Param[];
    let url = op.path;
    const path: Record<string, string> = {};
    const query = new URLSearchParams();
    for (const p of declared) {
      const value = over[p.name] ?? (p.required ? (BY_NAME[p.name] ?? validValue(p)) : undefined);
      if (value === undefined) continue;
      if (p.in === 'path') {
        const encoded = encodeURIComponent(value);
        url = url.replace(`{${p.name}}`, encoded);
        path[p.name] = encoded;
      } else {
        query.set(p.name, value);
      }
    }
    const qs = query.toString();
    out.push({ label, op, url: qs ? `${url}?${qs}` : url, path, withoutKey });
  };
  for (const op of jsonGets) build(op, op.id, PARAMS[op.id]?.(w) ?? {});
  for (const e of EXTRA) {
    const label = `${e.id} ${e.withoutKey ? 'without key' : JSON.stringify(e.params(w))}`;
    build(operations.find((o) => o.id === e.id)!, label, { ...(PARAMS[e.id]?.(w) ?? {}), ...e.params(w) }, e.withoutKey);
  }
  return out;
}

// On both backends: dates and numbers come back from PGlite and PostgreSQL drivers in their own types.
describe.each(['pglite', 'postgresql'] as const)('every GET operation answers as its OpenAPI schema says (%s)', (kind) => {
  const testDb = useTestDatabase(kind, `nlods-responses-${kind}-`);
  metReplay({ env: { BRON_TIMEOUT_MS: '5000', DATASET_LOKAAL: 'aan' } });
  const saved = { TOEGANG: process.env.TOEGANG, RATE_LIMIT_PREVIEW: process.env.RATE_LIMIT_PREVIEW, RATE_LIMIT_OVERIG: process.env.RATE_LIMIT_OVERIG };
  const doc = buildOpenApi(operations) as unknown as Doc;
  let validate: ResponseValidator;
  const undeclared: UndeclaredDate[] = [];
  let world: World;

  beforeAll(async () => {
    validate = responseValidator(doc, (d) => undeclared.push(d));
    // Access on, so the key-only operations (watch list, alerts, webhooks, the key) answer for an enterprise key.
    process.env.TOEGANG = 'aan';
    process.env.RATE_LIMIT_PREVIEW = '100000';
    process.env.RATE_LIMIT_OVERIG = '100000';
    await publishRegisters();
    await publishMarket(testDb.dir());
    const db = getDb();
    const k = await geefSleutelUit(db, 'enterprise', { naam: 'Schema', email: 'schema@example.org', gebruik: 'test' });
    const ids = await readIds(k.sleutel);
    const webhook = await registreerWebhook(db, k.id, { url: 'https://example.org/hook', soorten: ['dataset_versie.gepubliceerd'] });
    await plaatsPing(db, webhook!.webhook_id);
    await volg(db, k.id, 'analist-1', 'vestiging', ids.vestiging);
    world = { key: k.sleutel, ids: { ...ids, webhook: String(webhook!.webhook_id) } };
    return () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    };
  }, 240_000);

  it('calls every GET operation that answers JSON', () => {
    const called = new Set(calls(doc, world).map((c) => c.op.id));
    expect(jsonGets.filter((op) => !called.has(op.id)).map((op) => op.id)).toEqual([]);
  });

  it('validates every 200 body against the operation\'s 200 schema; every operation reaches a 200', { timeout: 240_000 }, async () => {
    const violations: string[] = [];
    const not200: string[] = [];
    const validated = new Set<string>();
    for (const c of calls(doc, world)) {
      const headers: Record<string, string> = c.withoutKey ? {} : { 'X-Api-Key': world.key };
      const res = await route(c.op).GET(new Request(`http://localhost${c.url}`, { headers }), { params: Promise.resolve(c.path) });
      const body = await res.json();
      if (res.status !== 200) {
        not200.push(`${c.label} ${c.url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        continue;
      }
      const errors = validate(c.op.id, body);
      if (errors.length) violations.push(`${c.label} ${c.url}:\n  ${errors.join('\n  ')}`);
      validated.add(c.op.id);
    }
    // Every string an answer fills with an ISO date or timestamp declares that format (format: date or date-time).
    for (const d of undeclared) violations.push(`${d.operationId} ${d.path}: ${d.format} without format`);
    expect({ violations: [...new Set(violations)], not200: not200.filter((l) => !CANNOT_REACH[l.split(' ')[0]]) }).toEqual({ violations: [], not200: [] });
    expect(validated.size).toBe(jsonGets.length - Object.keys(CANNOT_REACH).length);
  });
});
