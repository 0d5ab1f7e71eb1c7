// Scalar's standalone browser bundle, vendored in vendor/scalar (scripts/vendor-scalar.mjs): the file brotli
// 11-compressed (standalone.js.br, 0.94 MB of 4.35 MB) and bron.json (version, tarball, integrity, sha-256).
// The project does not install @scalar/api-reference (its packages declare Node >= 22; Node never imports the
// bundle, the browser runs it: docs/http.md). Read at request time from the project root, so `next build` never
// bundles or copies it; each form is read or decompressed once per process and kept in memory.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** vendor/scalar/bron.json, as scripts/vendor-scalar.mjs writes it. */
export interface ScalarBron {
  package: string;
  version: string;
  tarball: string;
  integrity: string;
  file: string;
  /** Length and sha-256 (hex) of the uncompressed bundle. */
  bytes: number;
  sha256: string;
}

/** The vendored bundle: its provenance, the brotli bytes as stored, and the identity bytes on demand. */
export interface ScalarBundle {
  bron: ScalarBron;
  br: Buffer;
  identity: () => Promise<Buffer>;
}

/** The directory of the vendored files. */
export const scalarDir = (): string => path.join(process.cwd(), 'vendor', 'scalar');

const brotliDecompress = promisify(zlib.brotliDecompress);

let loaded: Promise<ScalarBundle> | null = null;

async function load(): Promise<ScalarBundle> {
  const dir = scalarDir();
  const [bron, br] = await Promise.all([
    readFile(path.join(dir, 'bron.json'), 'utf8').then((text) => JSON.parse(text) as ScalarBron),
    readFile(path.join(dir, 'standalone.js.br')),
  ]);
  let identity: Promise<Buffer> | null = null;
  return {
    bron,
    br,
    // Decompressed the first time a client without br asks (zlib's thread pool), then kept.
    identity: () => (identity ??= brotliDecompress(br)),
  };
}

/** The vendored bundle, or null when vendor/scalar is missing (then asked again next time). */
export async function scalarBundle(): Promise<ScalarBundle | null> {
  loaded ??= load();
  try {
    return await loaded;
  } catch {
    loaded = null;
    return null;
  }
}

/** The vendored version (busts the year-long browser cache after an update), or 'onbekend'. */
export async function scalarVersion(): Promise<string> {
  return (await scalarBundle())?.bron.version ?? 'onbekend';
}

/** The strong ETag of the bundle: of its identity bytes (bron.json's sha-256), whichever coding goes out. */
export const scalarEtag = (bron: ScalarBron): string => `"${bron.sha256.slice(0, 32)}"`;
