// npm run drift:basis: writes lib/sources/drift-bekend.json, the field paths of every source's recorded
// answers (the known format; lib/sources/drift-baseline.ts). Run after adding or updating a recording.
import fs from 'node:fs';
import path from 'node:path';
import { buildBaseline } from '../lib/sources/drift-baseline';

const root = path.join(__dirname, '..');
const out = path.join(root, 'lib/sources/drift-bekend.json');
const baseline = buildBaseline(path.join(root, 'test/upstream/fixtures'));
fs.writeFileSync(out, JSON.stringify(baseline, null, 1) + '\n');
console.log(`${path.relative(root, out)}: ${Object.keys(baseline).length} bronnen, ${Object.values(baseline).reduce((n, p) => n + p.length, 0)} velden`);
