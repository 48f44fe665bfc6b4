import path from "node:path";
import { defineConfig } from "vitest/config";

// API test files run this many at a time (ENSIGN_API_WORKERS), each worker against its own
// server and database (tests/support/global-setup.ts, worker-server.ts). Default 1: on the
// 2-core machine each extra server's warm-up cost more than the parallelism gave back in every
// measurement so far (README, "Test it").
const apiWorkers = Math.max(1, Number(process.env.ENSIGN_API_WORKERS) || 1);
// ENSIGN_API_ISOLATE=0: API test files share their worker process (vitest's `isolate: false`)
// instead of each starting a new one that imports and transforms vitest, the test helpers and
// their dependencies again: 1.4 s of CPU per file measured on 8 files (about 80 files per
// database). Nothing in tests/support keeps module state, no API test mocks modules or changes
// process.env, and each file still gets its worker's server through the setup file below. Not
// yet the default: the whole suite has not yet passed with it.
const apiIsolate = process.env.ENSIGN_API_ISOLATE !== "0";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["lib/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
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
