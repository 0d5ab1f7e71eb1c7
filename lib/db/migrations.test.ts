import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const { pendingSchemaChanges } = await import(/* @vite-ignore */ pathToFileURL(path.join(root, 'scripts/db-migrate.mjs')).href);

describe('prisma/migrations', () => {
  it('matches prisma/schema.prisma (run `npm run db:migration -- <name>` after a schema change)', { timeout: 60_000 }, async () => {
    expect(await pendingSchemaChanges()).toBeNull();
  });

  it('creates pg_trgm in the first migration and has a PostgreSQL lock file', () => {
    const dir = path.join(root, 'prisma', 'migrations');
    const first = fs.readdirSync(dir).filter((d) => fs.existsSync(path.join(dir, d, 'migration.sql'))).sort()[0];
    expect(fs.readFileSync(path.join(dir, first, 'migration.sql'), 'utf8')).toMatch(/CREATE EXTENSION IF NOT EXISTS "pg_trgm"/);
    expect(fs.readFileSync(path.join(dir, 'migration_lock.toml'), 'utf8')).toMatch(/provider = "postgresql"/);
  });
});
