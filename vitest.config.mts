import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const UNIT = ["lib/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"];
const UNIT_ISOLATED = [
  "lib/api/error-response.test.ts",
  "lib/api/public-origin.test.ts",
  "lib/auth/csrf.test.ts",
  "lib/auth/passwords.test.ts",
  "lib/auth/session.test.ts",
  "lib/db/client.test.ts",
  "lib/db/revision.test.ts",
  "lib/db/sqlite-connection.test.ts",
  "lib/diagnostics/stalls.test.ts",
  "lib/impact/worker.test.ts",
  "lib/migration/source-network.test.ts",
  "lib/sdk/cache.test.ts",
  "lib/sdk/load.test.ts",
  "lib/webhooks/network.test.ts",
  "scripts/migrate.test.ts",
  "server/request-body.test.ts",
];

// API test files run this many at a time (ENSIGN_API_WORKERS), each worker against its own
// server and database (tests/support/global-setup.ts, worker-server.ts). Default 1: on the
// 2-core machine each extra server's warm-up cost more than the parallelism gave back in every
// measurement so far (README, "Test it").
const apiWorkers = Math.max(1, Number(process.env.ENSIGN_API_WORKERS) || 1);
// API test files share their worker process (vitest's `isolate: false`) instead of each starting
// a new one that imports and transforms vitest, the test helpers and their dependencies again:
// 1.4 s of CPU per file measured on 8 files (about 80 files per database). Nothing in
// tests/support keeps module state, no API test mocks modules or changes process.env, and each
// file still gets its worker's server through the setup file below. ENSIGN_API_ISOLATE=1 gives
// each file its own process again.
const apiIsolate = process.env.ENSIGN_API_ISOLATE === "1";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      // Unit test files share their worker process (`isolate: false`): a new process per file cost
      // more CPU than the tests themselves (75 s of CPU against 33 s for the same 776 tests). The
      // files below keep a process each: they set process.env, mock modules or timers, open the
      // database client (a module-level singleton bound to the file's own DATABASE_URL) or read
      // process-wide recorders that another file's work would fill.
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT,
          exclude: [...UNIT_ISOLATED, ...configDefaults.exclude],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      // These start migration engines, worker threads and databases: on a loaded 2-core machine a
      // test among them took 5-9 s, past vitest's default 5 s. A timeout here is not an assertion.
      { extends: true, test: { name: "unit-isolated", include: UNIT_ISOLATED, testTimeout: 60_000 } },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/worker-server.ts"],
          // Generous: some tests start servers of their own, slow on a loaded 2-core machine
          // with other workers' servers busy beside them. A timeout here is not an assertion.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: apiWorkers,
          isolate: apiIsolate,
          // Its own group: the unit project keeps vitest's default worker count.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
