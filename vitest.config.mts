import path from "node:path";
import { defineConfig } from "vitest/config";

// API test files run this many at a time, each worker against its own server and database
// (tests/support/global-setup.ts, worker-server.ts). One per core of the 2-core CI machine:
// each server warms up its route modules on its own, and a third one cost more than it gave
// (README, "Test it").
const apiWorkers = Math.max(1, Number(process.env.ENSIGN_API_WORKERS) || 2);

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
          // Its own group: the unit project keeps vitest's default worker count.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
