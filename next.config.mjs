/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // scripts/serve.mjs compresses (gzip and brotli, the big static documents once per process: http-edge.mjs).
  compress: false,
  // A trailing slash under /v1 is a 404 problem (Dutch API Design Rules), answered by serve.mjs; pages are
  // redirected there to the path without it, as Next.js would.
  skipTrailingSlashRedirect: true,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/client', '@prisma/adapter-pg', 'pg'],
  typescript: { ignoreBuildErrors: false },
};
export default nextConfig;
