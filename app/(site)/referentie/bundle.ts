// Where Scalar's standalone browser bundle lives on disk, and which version it is. Resolved at request time
// from the project root, so `next build` never bundles or copies the 4 MB file. The package declares Node >= 22
// (as every @scalar/* package since 1.47): Node never imports it here, it only reads this file (docs/http.md).
// scripts/http-edge.mjs sends the file compressed once per process (brotli 11: 0.94 MB).
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = ['@scalar', 'api-reference'];

/** Candidate package directories: Node's resolution from the project root first, then a walk up to node_modules. */
function packageDirs(): string[] {
  const root = process.cwd();
  const dirs: string[] = [];
  try {
    // The package exports only '.', which resolves to <pkg>/dist/index.js.
    const entry = createRequire(path.join(root, 'package.json')).resolve(PACKAGE.join('/'));
    dirs.push(path.resolve(path.dirname(entry), '..'));
  } catch {
    // fall through to the directory walk
  }
  for (let dir = root; ; dir = path.dirname(dir)) {
    dirs.push(path.join(dir, 'node_modules', ...PACKAGE));
    if (path.dirname(dir) === dir) break;
  }
  return dirs;
}

/** The absolute path of dist/browser/standalone.js, or null when the package is not installed. */
export async function scalarBundlePath(): Promise<string | null> {
  for (const dir of packageDirs()) {
    const file = path.join(dir, 'dist', 'browser', 'standalone.js');
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/** The installed version of @scalar/api-reference (used to bust the long browser cache), or 'onbekend'. */
export async function scalarVersion(): Promise<string> {
  const file = await scalarBundlePath();
  if (!file) return 'onbekend';
  try {
    const pkg = JSON.parse(await readFile(path.resolve(file, '..', '..', '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'onbekend';
  } catch {
    return 'onbekend';
  }
}
