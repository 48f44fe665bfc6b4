// Dashboard tests in Debian's Chromium against the production server (dist/server.mjs, the
// bundle of server/main.ts, over a `next build` output) on a fresh SQLite database.
// scripts/test.sh builds first; run on its own, the config uses NEXT_DIST_DIR, else `.next`
// if built, else builds `.next-e2e` (and the server bundle if it is missing).
import { defineConfig } from "@playwright/test";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const distDir =
  process.env.NEXT_DIST_DIR || (existsSync(path.join(".next", "BUILD_ID")) ? ".next" : ".next-e2e");
// The runner evaluates this file before forking workers, so one database per run.
process.env.ENSIGN_E2E_DATABASE_URL ??= `file:${path.join(mkdtempSync(path.join(tmpdir(), "ensign-e2e-")), "e2e.db")}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  globalTeardown: "./e2e/support/global-teardown.ts",
  // Spec files run side by side against the one server: each test signs up its own account
  // and seeds its own organisation, so none sees another's data. Tests inside a file still run
  // in order. E2E_WORKERS=1 gives the old one-at-a-time run.
  fullyParallel: false,
  workers: Math.max(1, Number(process.env.E2E_WORKERS) || 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    headless: true,
    screenshot: "only-on-failure",
    // A failed test keeps its trace (each action's DOM snapshot, network, console, sources) but
    // not the screencast: Chromium encoding a JPEG of every frame of every test was about a
    // third of the stage's CPU (measured on 9 tests: 67-77 s of CPU with it, 49-50 s without),
    // and on a loaded machine it made tests time out. In CI, where a failed test is retried
    // once, only the retry records one: recording every test's snapshots cost the walk 8% of
    // its time (e2e/a11y.spec.ts alone: 219 s with, 202 s without; the workers' CPU 56 → 31 s).
    // `--trace on` still gives a full one.
    trace: { mode: process.env.CI ? "on-first-retry" : "retain-on-failure", screenshots: false },
    launchOptions: {
      // Debian's chromium-headless-shell: the headless-only build Playwright itself runs for
      // headless tests. Against the full browser (package chromium, in its new headless mode) on
      // 25 tests of 6 specs: 151 s of wall time and 295 s of CPU, against 91-95 s and 172-180 s
      // with the shell and software compositing without the GPU process's rasteriser (the two
      // flags below). CHROMIUM_PATH=/usr/bin/chromium runs the full browser instead.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--disable-gpu-compositing",
        "--disable-software-rasterizer",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: [
      existsSync(path.join(distDir, "BUILD_ID")) ? "" : "npx next build && ",
      existsSync("dist/server.mjs") ? "" : "npm run build:server && ",
      "exec node dist/server.mjs",
    ].join(""),
    url: `${baseURL}/health/readiness/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.ENSIGN_E2E_DATABASE_URL,
      // No NEXTAUTH_URL, as after a bare `npm start`: next-auth answers on the request's
      // origin (lib/auth/start-up.ts), and e2e/auth.spec.ts checks where sign-out lands.
      NEXTAUTH_SECRET: "ensign-e2e-secret",
      ENSIGN_BCRYPT_ROUNDS: "4",
      // e2e/webhooks.spec.ts receives deliveries on 127.0.0.1.
      ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      // e2e/flagsmith-import.spec.ts imports from a second Ensign on 127.0.0.1.
      ENSIGN_IMPORT_ALLOW_LOOPBACK: "true",
    },
  },
});
