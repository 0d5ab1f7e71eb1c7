#!/usr/bin/env node
// Vendors Scalar's standalone browser bundle (the API reference, /referentie) into vendor/scalar/, so that the
// project does not install @scalar/api-reference: its 24 @scalar/* packages declare Node >= 22, and Node never
// imports them here (the browser runs the one file). docs/http.md "Node version and engines".
//
//   npm run vendor:scalar [-- VERSION]      (default: the version in vendor/scalar/bron.json)
//
// Fetches the package tarball with `npm pack` from the npm registry, checks it against the registry's
// dist.integrity, and writes:
//   vendor/scalar/standalone.js.br  package/dist/browser/standalone.js, brotli quality 11 (served as is to
//                                   clients that accept br; app/(site)/referentie/bundle.ts)
//   vendor/scalar/LICENSE           the package's licence: its LICENSE file, or (1.72 ships none; package.json
//                                   says "MIT") the MIT text of the Scalar repository's LICENSE
//   vendor/scalar/bron.json         version, tarball URL, integrity and the sha-256 of the uncompressed file
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const PACKAGE = '@scalar/api-reference';
const BUNDLE = 'package/dist/browser/standalone.js';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'vendor', 'scalar');

const stop = (message) => {
  console.error(`vendor:scalar: ${message}`);
  process.exit(1);
};

function currentVersion() {
  try {
    return JSON.parse(readFileSync(path.join(target, 'bron.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

const version = process.argv[2] ?? currentVersion();
if (!version || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) stop(`geef een versie (X.Y.Z), niet ${JSON.stringify(version)}`);
const spec = `${PACKAGE}@${version}`;

/** The MIT licence as github.com/scalar/scalar/blob/main/LICENSE words it (the packages name MIT and ship no file). */
const SCALAR_MIT = `MIT License

Copyright (c) 2023-present Scalar

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

/** The tarball's own LICENSE when it has one; else the Scalar MIT text, provided package.json says MIT. */
function packageLicence(work, tarball) {
  const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n');
  const own = listed.find((f) => /^package\/(LICEN[CS]E|COPYING)(\.(md|txt))?$/i.test(f));
  if (own) {
    execFileSync('tar', ['-xzf', tarball, '-C', work, own]);
    return readFileSync(path.join(work, own));
  }
  const { license } = JSON.parse(readFileSync(path.join(work, 'package', 'package.json'), 'utf8'));
  if (license !== 'MIT') stop(`licentie ${JSON.stringify(license)} zonder LICENSE-bestand in het pakket: controleer ze voor je vendort`);
  return SCALAR_MIT;
}

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
const dist = JSON.parse(npm(['view', spec, 'dist', '--json']));
if (!dist?.integrity || !dist?.tarball) stop(`de registry noemt geen dist.integrity/tarball voor ${spec}`);

const work = mkdtempSync(path.join(os.tmpdir(), 'vendor-scalar-'));
try {
  const [packed] = JSON.parse(npm(['pack', spec, '--pack-destination', work, '--json'], work));
  const tarball = path.join(work, packed.filename);
  // The integrity of the bytes we have, against what the registry publishes (sha512, as npm writes it).
  const [algorithm] = dist.integrity.split('-');
  const integrity = `${algorithm}-${createHash(algorithm).update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== dist.integrity) stop(`integriteit van ${packed.filename} klopt niet: ${integrity}, registry ${dist.integrity}`);

  execFileSync('tar', ['-xzf', tarball, '-C', work, BUNDLE, 'package/package.json']);
  const bundle = readFileSync(path.join(work, BUNDLE));
  const licence = packageLicence(work, tarball);
  const br = zlib.brotliCompressSync(bundle, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bundle.length,
    },
  });
  if (!zlib.brotliDecompressSync(br).equals(bundle)) stop('brotli geeft niet dezelfde bytes terug');

  mkdirSync(target, { recursive: true });
  writeFileSync(path.join(target, 'standalone.js.br'), br);
  writeFileSync(path.join(target, 'LICENSE'), licence);
  const bron = {
    package: PACKAGE,
    version,
    tarball: dist.tarball,
    integrity: dist.integrity,
    license: JSON.parse(readFileSync(path.join(work, 'package', 'package.json'), 'utf8')).license,
    file: BUNDLE.replace(/^package\//, ''),
    bytes: bundle.length,
    sha256: createHash('sha256').update(bundle).digest('hex'),
    br_bytes: br.length,
  };
  writeFileSync(path.join(target, 'bron.json'), `${JSON.stringify(bron, null, 2)}\n`);
  console.log(`vendor/scalar: ${spec}, ${bundle.length} bytes, brotli 11: ${br.length} bytes`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
