#!/usr/bin/env node
// Generates the OpenAPI document and runs both linters on it: Redocly (OpenAPI 3.1 validity and good
// practice) and Spectral with the Dutch API Design Rules ruleset. Exit code 1 when either reports errors.
// usage: npm run lint:openapi [-- path/to/openapi.json]   (a given file is linted as is)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } }).status ?? 1;

let file = process.argv[2];
if (!file) {
  file = '.openapi/openapi.json';
  if (run(bin('tsx'), ['scripts/lint/write-openapi.ts', file]) !== 0) process.exit(1);
}
const redocly = run(bin('redocly'), ['lint', file, '--config', 'redocly.yaml']);
const spectral = run(bin('spectral'), ['lint', '-r', 'scripts/lint/ruleset.yaml', '--fail-severity', 'error', file]);
console.log(`redocly: ${redocly === 0 ? 'geslaagd' : 'fouten'}; spectral (API Design Rules): ${spectral === 0 ? 'geslaagd' : 'fouten'}`);
process.exit(redocly === 0 && spectral === 0 ? 0 : 1);
