/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', '@prisma/client', '@prisma/adapter-pg', 'pg'],
  typescript: { ignoreBuildErrors: false },
};
export default nextConfig;
