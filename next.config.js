// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Parallel builds (tests, benchmarks) can each use their own output directory.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // SDKs call paths with a trailing slash (Flagsmith's routes); keep them as sent.
  trailingSlash: true,
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (CI runs it); not twice per build.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pg", "@prisma/adapter-pg"],
};

module.exports = nextConfig;
