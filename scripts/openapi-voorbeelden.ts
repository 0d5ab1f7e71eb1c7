// npm run openapi:voorbeelden [-- <basis-url>] [--replay <url>] [--aanvullen]: calls every GET operation that answers JSON on a
// running demo with the examples of its parameters (path parameters and required query parameters), and writes
// one shortened 200 answer per operation to lib/api/voorbeelden.json (operationId -> envelope), which the
// OpenAPI document shows as the example of that 200 (lib/api/voorbeelden.ts); when the plain request gives no 200,
// it asks again with the examples of the optional parameters too. Then it tries every optional query parameter's
// example on its own (or, failing that, together with the others) and names those that give no 200.
//
//   basis-url        argument or VOORBEELDEN_URL, default http://localhost:3000 (without /v1)
//   NLOD_API_SLEUTEL an API key for the operations that need one (the account's own lists); without it they are skipped
//   --replay <url>   the demo's replay server (or VOORBEELDEN_REPLAY_URL, e.g. http://127.0.0.1:3999): its URLs in
//                    the answers become the real endpoints of the sources
//   --aanvullen      keep the stored example of an operation that gives no 200 in this run (e.g. upstream
//                    operations on a demo without internet); otherwise the file holds only this run's answers
//
// Operations without a 200, or whose answer breaks its declared 200 schema, are listed with the reason and get no
// example; the exit code is 0 (the unit test
// lib/api/voorbeelden.test.ts says which operations lack an example and which examples break their schema).
import fs from 'node:fs';
import path from 'node:path';
import { operations } from '../lib/api/registry';
import { API_BASE_PATH, buildOpenApi } from '../lib/api/openapi';
import { echteBronUrls, inkorten, optioneleVoorbeelden, voorbeeldOperaties, voorbeeldUrl, type VoorbeeldOperatie } from '../lib/api/voorbeelden-maken';
import { sources } from '../lib/sources/registry';
import { ajvFouten, openApiValidator } from '../lib/api/ajv-openapi';

const root = path.join(__dirname, '..');
const BESTAND = path.join(root, 'lib/api/voorbeelden.json');

async function vraag(basis: string, op: VoorbeeldOperatie, url: string, sleutel: string | undefined): Promise<{ status: number; body: unknown; reden: string }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (op.sleutelVerplicht && sleutel) headers['X-Api-Key'] = sleutel;
  try {
    const res = await fetch(basis + API_BASE_PATH + url, { headers, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      return { status: res.status, body: null, reden: `HTTP ${res.status}, geen JSON (${res.headers.get('content-type')})` };
    }
    const detail = (body as { detail?: string })?.detail;
    return { status: res.status, body, reden: res.status === 200 ? '' : `HTTP ${res.status}${detail ? `: ${detail}` : ''}` };
  } catch (e) {
    return { status: 0, body: null, reden: `geen antwoord: ${(e as Error).message}` };
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const aanvullen = args.includes('--aanvullen');
  const replayArg = args.indexOf('--replay');
  const replay = replayArg >= 0 ? args.splice(replayArg, 2)[1] : process.env.VOORBEELDEN_REPLAY_URL;
  const basis = (args.find((a) => !a.startsWith('--')) ?? process.env.VOORBEELDEN_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const sleutel = process.env.NLOD_API_SLEUTEL || undefined;
  const doc = buildOpenApi(operations) as Parameters<typeof voorbeeldOperaties>[0] & { components?: unknown };
  const ops = voorbeeldOperaties(doc);
  const validator = openApiValidator(doc);
  const schema200 = (id: string): unknown => {
    for (const methods of Object.values(doc.paths)) {
      const op = methods.get as { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } | undefined;
      if (op?.operationId === id) return op.responses?.['200']?.content?.['application/json']?.schema ?? {};
    }
    return {};
  };
  const vorige: Record<string, unknown> = fs.existsSync(BESTAND) ? JSON.parse(fs.readFileSync(BESTAND, 'utf8')) : {};
  const uit: Record<string, unknown> = {};
  const zonder: string[] = [];
  const parameterFouten: string[] = [];
  for (const op of ops) {
    if (op.sleutelVerplicht && !sleutel) {
      zonder.push(`${op.operationId}: vraagt een sleutel (zet NLOD_API_SLEUTEL)`);
    } else {
      // The plainest request first; when that gives no 200 (an address with several additions, say), the same
      // with the example of every optional parameter too.
      let url = voorbeeldUrl(op);
      let r = await vraag(basis, op, url, sleutel);
      if (r.status !== 200 && optioneleVoorbeelden(op).length > 0) {
        const alle = voorbeeldUrl(op, optioneleVoorbeelden(op));
        const r2 = await vraag(basis, op, alle, sleutel);
        if (r2.status === 200) [url, r] = [alle, r2];
      }
      // An answer that breaks the declared 200 schema is no example: the schema (or the answer) needs fixing first.
      const validate = validator(schema200(op.operationId));
      const kort = r.status === 200 ? inkorten(r.body) : undefined;
      const voorbeeld = replay ? echteBronUrls(kort, replay, sources) : kort;
      if (r.status !== 200) zonder.push(`${op.operationId}: GET ${url} → ${r.reden}`);
      else if (!validate(voorbeeld)) zonder.push(`${op.operationId}: GET ${url} → 200, maar past niet in het 200-schema: ${[...new Set(ajvFouten(validate))].join('; ')}`);
      else uit[op.operationId] = voorbeeld;
    }
    if (op.sleutelVerplicht && !sleutel) continue;
    // Every optional example once on its own; one that needs another (van with tot) passes with all examples together.
    let samen: number | null = null;
    for (const naam of optioneleVoorbeelden(op)) {
      const url = voorbeeldUrl(op, [naam]);
      const r = await vraag(basis, op, url, sleutel);
      if (r.status === 200) continue;
      samen ??= (await vraag(basis, op, voorbeeldUrl(op, optioneleVoorbeelden(op)), sleutel)).status;
      if (samen !== 200) parameterFouten.push(`${op.operationId} ${naam}: GET ${url} → ${r.reden}`);
    }
  }
  let behouden = 0;
  if (aanvullen) {
    for (const op of ops) {
      // Only an old example that still fits the 200 schema.
      if (!(op.operationId in uit) && op.operationId in vorige && validator(schema200(op.operationId))(vorige[op.operationId])) {
        uit[op.operationId] = vorige[op.operationId];
        behouden++;
      }
    }
  }
  const gesorteerd = Object.fromEntries(Object.keys(uit).sort().map((k) => [k, uit[k]]));
  fs.writeFileSync(BESTAND, JSON.stringify(gesorteerd, null, 1) + '\n');
  const nieuw = ops.length - zonder.length;
  console.log(`${path.relative(root, BESTAND)}: ${Object.keys(gesorteerd).length} van ${ops.length} operaties (${nieuw} van ${basis}${aanvullen ? `, ${behouden} behouden uit het vorige bestand` : ''}), ${fs.statSync(BESTAND).size} bytes`);
  if (zonder.length) console.log(`\nZonder voorbeeld uit ${basis} (${zonder.length}):\n  ${zonder.join('\n  ')}`);
  if (parameterFouten.length) console.log(`\nVoorbeelden van optionele parameters zonder 200 (${parameterFouten.length}):\n  ${parameterFouten.join('\n  ')}`);
}

main().catch((e) => {
  console.error(`openapi:voorbeelden: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
