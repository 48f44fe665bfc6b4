// @ts-check

// Served with every page and route answered by Next (README, "Limits and security"). Next's
// pages carry inline bootstrap scripts and React sets inline styles, hence 'unsafe-inline'
// for those two; everything else may come from this origin only, and no one may frame us.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Dashboard URLs hold environment keys: never send them to another site.
  { key: "Referrer-Policy", value: "same-origin" },
];

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
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
};

module.exports = nextConfig;
