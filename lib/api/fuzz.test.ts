// Hostile input over every parameter of every declared operation, through the route handlers themselves:
// the table below (control characters, very long text, unicode, numbers out of every range, duplicates,
// prototype keys, path traversal, percent-encoding) is sent to each parameter the OpenAPI document derives
// from the declarations, the other parameters valid. Whatever the value, the answer is no 5xx except a
// 502/503 the declaration allows (lib/api/statuses.ts: declared, or 502 derived from a live upstream; upstreams
// are the replay server; the registers hold their small examples and the monitor is derived from them), every
// error is
// problem+json, and every call ends well within the operation's budget. The table grows with the registry.
import { describe, expect, it } from 'vitest';
import { operations } from './registry';
import { buildOpenApi } from './openapi';
import { answerableStatuses } from './statuses';
import { route } from './route';
import type { Operation } from './operation';
import { urlParams, validValue } from '@/test/conformance/invalid-values';
import { useTestDatabase } from '@/test/db/test-database';
import { metReplay } from '@/test/upstream/met-replay';
// The registers' small example exports and the monitor derived from them, so that filters reach the database (a NUL there was a 500).
import { publishRegisters } from '@/test/conformance/publish';
import { sources } from '@/lib/sources/registry';

type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, { operationId: string; parameters?: (Param | { $ref: string })[] }>> };

/** Values every parameter gets, whatever its type. */
const ANY: string[] = [
  '\u0000',
  'Dam\u0000rak',
  '\t',
  'a\nb',
  '\u001f',
  '\u007f',
  '',
  ' ',
  'x'.repeat(5_000),
  '%00',
  '%',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..\\..\\windows',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '😀'.repeat(40),
  '\uFFFD\uFFFF',
  '\u202Egnp.exe',
  'Ω≈ç√∫',
  'İstanbul',
  '__proto__',
  '[object Object]',
];

/** Extra values for numeric parameters. */
const NUMERIC: string[] = ['-1', '0', '-0', '1e309', '99999999999999999999', '-99999999999999999999', 'NaN', 'Infinity', '0x10', '1_000', '١٢٣', '1.5', '1,5', '+1'];

/** Extra values for text parameters with a pattern or an enum: almost right is the interesting case. */
const NEAR: (valid: string) => string[] = (valid) => [valid.toLowerCase(), ` ${valid} `, `${valid}\u0000`, valid.repeat(50), `${valid}/../x`];

function hostileValues(p: Param): string[] {
  const s = p.schema;
  const values = [...ANY];
  if (s.type === 'integer' || s.type === 'number') values.push(...NUMERIC);
  const valid = validValue(p);
  if (valid !== undefined) values.push(...NEAR(valid));
  return values;
}

interface Case {
  op: Operation;
  url: string;
  params: Record<string, string>;
  label: string;
}

/** The URL and raw path parameters (as Next.js passes them: still percent-encoded) of one call. */
function request(op: Operation, params: Param[], set: (p: Param) => string[] | undefined, extra = ''): Omit<Case, 'label'> {
  let url = op.path;
  const raw: Record<string, string> = {};
  const query = new URLSearchParams();
  for (const p of params) {
    const values = set(p);
    if (values === undefined) continue;
    if (p.in === 'path') {
      const encoded = encodeURIComponent(values[0]);
      url = url.replace(`{${p.name}}`, encoded);
      raw[p.name] = encoded;
    } else {
      for (const v of values) query.append(p.name, v);
    }
  }
  const qs = [query.toString(), extra].filter(Boolean).join('&');
  return { op, url: qs ? `${url}?${qs}` : url, params: raw };
}

/** Every hostile call derived from the declarations. */
function cases(): Case[] {
  const doc = buildOpenApi(operations) as unknown as Doc;
  const byId = new Map(Object.values(doc.paths).flatMap((ops) => Object.values(ops)).map((o) => [o.operationId, urlParams(o)]));
  const out: Case[] = [];
  for (const op of operations) {
    const params = byId.get(op.id) ?? [];
    const valid = (p: Param) => {
      const v = validValue(p);
      return p.required || p.in === 'path' ? (v === undefined ? undefined : [v]) : undefined;
    };
    // Without hostile values: the operation answers at all, and refuses prototype keys and unknown keys.
    out.push({ ...request(op, params, valid), label: `${op.id} valid` });
    out.push({ ...request(op, params, valid, '__proto__=x&constructor=y&prototype=z&toString=1'), label: `${op.id} prototype keys` });
    for (const target of params) {
      for (const value of hostileValues(target)) {
        out.push({ ...request(op, params, (p) => (p === target ? [value] : valid(p))), label: `${op.id} ${target.name}=${JSON.stringify(value.slice(0, 40))}` });
      }
      if (target.in === 'query') {
        const v = validValue(target) ?? 'x';
        out.push({ ...request(op, params, (p) => (p === target ? [v, v] : valid(p))), label: `${op.id} ${target.name} twice` });
      }
    }
  }
  return out;
}

/** A generous bound per call: source budgets are seconds, the replay server answers at once. */
const CALL_BOUND_MS = 20_000;

async function call(c: Case): Promise<string | null> {
  const started = performance.now();
  const handler = route(c.op)[c.op.method];
  const init: RequestInit = c.op.method === 'GET' ? {} : { method: c.op.method, body: c.op.body ? '\u0000{"__proto__":{"x":1}}' : undefined, headers: { 'content-type': c.op.body?.contentTypes[0] ?? 'application/json' } };
  const res = await handler(new Request(`http://localhost${c.url}`, init), { params: Promise.resolve(c.params) });
  const ms = performance.now() - started;
  const type = res.headers.get('content-type') ?? '';
  await res.arrayBuffer();
  const problems: string[] = [];
  if (res.status >= 500 && !([502, 503].includes(res.status) && answerableStatuses(c.op).includes(res.status))) problems.push(`status ${res.status}`);
  if (res.status >= 400 && !type.startsWith('application/problem+json')) problems.push(`error as ${type || 'no content type'}`);
  if (ms > CALL_BOUND_MS) problems.push(`${Math.round(ms)} ms`);
  return problems.length ? `${c.label} (${c.url.slice(0, 120)}): ${problems.join(', ')}` : null;
}

describe('hostile input over every parameter of every operation', () => {
  useTestDatabase('pglite', 'nlods-fuzz-');
  const replay = metReplay({ env: { BRON_TIMEOUT_MS: '2000' } });

  it('covers every operation and every declared parameter', () => {
    const all = cases();
    for (const op of operations) expect(all.some((c) => c.op === op), op.id).toBe(true);
    const doc = buildOpenApi(operations) as unknown as Doc;
    const declared = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).flatMap((o) => urlParams(o).map((p) => `${o.operationId} ${p.name}=`));
    for (const d of declared) expect(all.some((c) => c.label.startsWith(d)), d).toBe(true);
  });

  // First, before anything is cached or imported: every upstream failing, no register published.
  it('with every upstream failing and no register imported, answers only a 502/503 that the OpenAPI document declares', { timeout: 240_000 }, async () => {
    for (const s of sources) replay.replay().setFault(s.id, { kind: 'http500' });
    const doc = buildOpenApi(operations) as unknown as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };
    const documented = new Map(Object.values(doc.paths).flatMap((ops) => Object.values(ops)).map((o) => [o.operationId, Object.keys(o.responses)]));
    const valid = cases().filter((c) => c.label.endsWith(' valid'));
    const seen: { op: string; status: number }[] = [];
    const undocumented: string[] = [];
    for (let i = 0; i < valid.length; i += 8) {
      await Promise.all(
        valid.slice(i, i + 8).map(async (c) => {
          const res = await route(c.op)[c.op.method](new Request(`http://localhost${c.url}`, c.op.method === 'GET' ? {} : { method: c.op.method }), { params: Promise.resolve(c.params) });
          await res.arrayBuffer();
          seen.push({ op: c.op.id, status: res.status });
          if (res.status >= 500 && !(documented.get(c.op.id) ?? []).includes(String(res.status))) undocumented.push(`${c.op.id} ${c.url}: ${res.status}`);
          if (res.status >= 500) expect(answerableStatuses(c.op), c.op.id).toContain(res.status);
        }),
      );
    }
    expect(undocumented).toEqual([]);
    // Not vacuous: the station list (whose spec names only 200) failed with its source, and so did the registers.
    expect(seen).toContainEqual({ op: 'airnet-stations', status: 502 });
    expect(seen).toContainEqual({ op: 'fsp-register', status: 503 });
  });

  it('answers without a 5xx (except a declared 502/503), always as problem+json on errors', { timeout: 240_000 }, async () => {
    await publishRegisters();
    const all = cases();
    const failures: string[] = [];
    // A few calls at a time: quick, and not a load test.
    for (let i = 0; i < all.length; i += 8) {
      const batch = await Promise.all(all.slice(i, i + 8).map(call));
      failures.push(...batch.filter((f): f is string => f !== null));
    }
    expect(failures).toEqual([]);
  });
});
