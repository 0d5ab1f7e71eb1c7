// Integration tests: a real `next start` of the built app against the replay upstream, on the backend
// chosen by DATABASE_URL (embedded PGlite when unset). scripts/test-all.mjs runs this once per backend.
import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  test: {
    include: ['test/integration/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/integration/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
