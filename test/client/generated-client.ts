// The acceptance check of issue 23 for client authors: TypeScript types generated from the OpenAPI document
// with openapi-typescript, and a caller that calls EVERY operation through openapi-fetch with its parameter
// examples (or typed placeholders) and reads `data` of the success result without a cast and without a null
// check. Type-checking that caller with the repository's TypeScript (the native tsc CLI) proves the document
// is usable as it is. Used by generated-client.test.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

type Json = Record<string, unknown>;
type Doc = { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };

const root = path.resolve(__dirname, '../..');
const METHODS = ['get', 'post', 'delete', 'put', 'patch'] as const;

/** A value of a JSON schema's type: its example, default, const or first enum value, else a typed placeholder. */
export function sample(schema: Json | undefined, doc: Doc, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (typeof schema.$ref === 'string') return sample(doc.components.schemas[schema.$ref.split('/').pop()!], doc, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], doc, depth + 1);
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s) => sample(s as Json, doc, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((k) => [k, sample(props[k], doc, depth + 1)]));
    }
    case 'array':
      return Number(schema.minItems ?? 0) > 0 ? [sample(schema.items as Json, doc, depth + 1)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && Number.isSafeInteger(schema.minimum) ? Math.max(schema.minimum, 0) : 1;
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'email' ? 'naam@voorbeeld.nl' : 'x';
    default:
      return null;
  }
}

/** The caller's source: one block per operation, each reading `data` of the success result. */
export function callerSource(doc: Doc): { source: string; calls: number } {
  const lines: string[] = [
    "import createClient from 'openapi-fetch';",
    "import type { paths } from './schema';",
    '',
        '// JSON answers and JSON problems (application/problem+json); the CSV variant (text/csv) is asked for separately.',
    "const client = createClient<paths, `application/${string}json`>({ baseUrl: 'http://localhost:3000/v1' });",
    '',
    '/** Compiles only when T cannot be undefined: `data` of a success answer is always there. */',
    'function lees<T>(waarde: undefined extends T ? never : T): T {',
    '  return waarde;',
    '}',
    '',
    'export async function roepAllesAan(): Promise<unknown[]> {',
    '  const gelezen: unknown[] = [];',
  ];
  let calls = 0;
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      calls++;
      const params: Record<string, Record<string, unknown>> = {};
      for (const prm of (op.parameters ?? []) as Json[]) {
        if (prm.$ref || !prm.required) continue;
        const where = prm.in as string;
        params[where] ??= {};
        params[where][prm.name as string] = prm.example ?? sample(prm.schema as Json, doc);
      }
      const init: string[] = [];
      if (Object.keys(params).length > 0) init.push(`params: ${JSON.stringify(params)}`);
      const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content;
      if (body?.['application/json']) init.push(`body: ${JSON.stringify(sample(body['application/json'].schema, doc))}`);
      else if (body) init.push(`body: '<bestand/>', bodySerializer: (b: string) => b`);
      const ok = ((op.responses as Json)['200'] as { content?: Record<string, unknown> } | undefined)?.content ?? {};
      const v = `r${calls}`;
      lines.push(`  // ${op.operationId}`);
      lines.push(`  const ${v} = await client.${method.toUpperCase()}('${p}'${init.length ? `, { ${init.join(', ')} }` : ''});`);
      if (ok['application/json']) {
        lines.push(`  if (${v}.error) throw new Error(${v}.error.detail);`);
        lines.push(`  gelezen.push(lees(${v}.data.data));`);
      }
    }
  }
  lines.push('  return gelezen;', '}', '');
  return { source: lines.join('\n'), calls };
}

/**
 * Generates schema.d.ts from `doc` (openapi-typescript) and caller.ts from `callerDoc` (what a client sends and
 * reads: by default the same document) in dir, and type-checks them; tsc's output and status.
 */
export function generateAndCheck(doc: Doc, dir: string, callerDoc: Doc = doc): { status: number; output: string; calls: number } {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
  const gen = spawnSync(
    process.execPath,
    ['--import', path.join(root, 'test/client/typescript-5.mjs'), path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), path.join(dir, 'openapi.json'), '-o', path.join(dir, 'schema.d.ts')],
    { encoding: 'utf8', cwd: root },
  );
  if (gen.status !== 0) return { status: gen.status ?? 1, output: `openapi-typescript: ${gen.stderr}${gen.stdout}`, calls: 0 };
  const { source, calls } = callerSource(callerDoc);
  fs.writeFileSync(path.join(dir, 'caller.ts'), source);
  const fetchTypes = path.join(root, 'node_modules/openapi-fetch/dist/index.d.mts');
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'esnext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        paths: { 'openapi-fetch': [fetchTypes] },
      },
      files: ['caller.ts', 'schema.d.ts'],
    }),
  );
  const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['--noEmit', '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8', cwd: dir });
  return { status: tsc.status ?? 1, output: `${tsc.stdout}${tsc.stderr}`, calls };
}
