// Whether the production build (.next) is at least as new as the sources it was built from: `npm start`
// builds when it is not; tests that start the built app (test/integration) check it first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** True when .next/BUILD_ID exists and is not older than app/, lib/, components/, prisma/ and the config files. */
export function buildIsCurrent(root = ROOT) {
  const id = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(id)) return false;
  const built = fs.statSync(id).mtimeMs;
  const sources = Math.max(
    ...['app', 'lib', 'components', 'prisma'].map((d) => newestMtime(path.join(root, d))),
    ...['next.config.mjs', 'package.json', 'instrumentation.ts'].map((f) => (fs.existsSync(path.join(root, f)) ? fs.statSync(path.join(root, f)).mtimeMs : 0)),
  );
  return built >= sources;
}
