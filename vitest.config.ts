// Unit tests: every *.test.ts(x) next to the code (lib/, components/, jobs/, app/, scripts/) and under test/,
// except the integration suite (test/integration, its own config: vitest.integration.config.ts) and the
// browser tests (e2e/, Playwright). Run: `npx vitest run` or `node scripts/test-all.mjs --only unit`.
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: { '@': root },
  },
  test: {
    root,
    environment: 'node',
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: [
      ...configDefaults.exclude,
      'test/integration/**',
      'e2e/**',
      '.next/**',
      'data/**',
      'lib/generated/**',
      'test-results/**',
      'playwright-report/**',
    ],
    // Unit tests call routes without a database of their own; the access tests switch it on where they test it.
    env: { TOEGANG: 'uit' },
    testTimeout: 10_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
  },
});
