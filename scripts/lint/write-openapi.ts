// Writes the generated OpenAPI document to a file (run with tsx; no server needed).
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '../../lib/api/openapi';
import { operations } from '../../lib/api/registry';

const out = process.argv[2] ?? '.openapi/openapi.json';
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(buildOpenApi(operations), null, 2));
console.log(`OpenAPI-document geschreven naar ${out} (${operations.length} operaties)`);
