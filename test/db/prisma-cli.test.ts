// The Prisma CLI itself works without internet against a PostgreSQL server: `migrate deploy` applies
// the project's one migration history and `migrate status` agrees, through the WASM schema-engine shim
// (prisma.config.ts). All traffic is pointed at a closed local proxy port so a download attempt fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres } from './test-database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pgMissing = postgresMissing;

let cluster: { url: string; stop: () => Promise<void> } | undefined;
const offline = { HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9', http_proxy: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost', CHECKPOINT_DISABLE: '1', PRISMA_HIDE_UPDATE_MESSAGE: '1' };

function prisma(args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...offline, DATABASE_URL: cluster!.url },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe.skipIf(pgMissing)('Prisma CLI offline on PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startPostgres(fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-prisma-cli-')));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('migrate deploy applies the migration history and migrate status reports it up to date', () => {
    const deploy = prisma(['migrate', 'deploy']);
    expect(deploy.out).toMatch(/applied|All migrations have been successfully applied/i);
    expect(deploy.status).toBe(0);
    const status = prisma(['migrate', 'status']);
    expect(status.out).toMatch(/Database schema is up to date/);
    expect(status.status).toBe(0);
  }, 120_000);
});
