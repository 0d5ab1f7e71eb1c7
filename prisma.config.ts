// Prisma CLI configuration (Prisma 7 keeps the datasource url here, not in schema.prisma).
//
// Offline: Prisma's CLI normally downloads a native `schema-engine` binary. We point it at
// scripts/prisma-schema-engine-shim.mjs, which runs the WASM schema engine shipped in node_modules,
// so `prisma generate` and `prisma migrate dev|deploy|status|diff` work without internet.
//
// Which database:
// - DATABASE_URL=postgres://... or postgresql://...: `prisma migrate ...` CLI commands work against it.
// - Otherwise the service uses embedded PGlite (./data/pglite, or PGLITE_DIR). The Prisma CLI cannot
//   open PGlite: use `npm run db:migrate` / `npm run db:status` / `npm run db:migration -- <name>`
//   (scripts/db-migrate.mjs), which handle both backends. `prisma generate` needs no database.
import path from 'node:path';
import { defineConfig } from 'prisma/config';

const root = import.meta.dirname ?? process.cwd();
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(root, 'scripts/prisma-schema-engine-shim.mjs');

const url = process.env.DATABASE_URL;
const isPostgresUrl = !!url && /^postgres(ql)?:\/\//i.test(url);

export default defineConfig({
  schema: path.join(root, 'prisma/schema.prisma'),
  migrations: { path: path.join(root, 'prisma/migrations') },
  datasource: isPostgresUrl ? { url, shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL } : {},
});
