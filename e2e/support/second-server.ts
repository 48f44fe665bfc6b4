// A second Ensign server for the specs that need settings of their own (e.g. single sign-on):
// the same production build as the main one, on its own port and its own SQLite database.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startSecondEnsign(port: number, env: Record<string, string>) {
  const distDir =
    process.env.NEXT_DIST_DIR || (existsSync(path.join(".next", "BUILD_ID")) ? ".next" : ".next-e2e");
  const database = path.join(mkdtempSync(path.join(tmpdir(), "ensign-e2e-second-")), "second.db");
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${database}`,
      NEXTAUTH_SECRET: "ensign-e2e-second-secret",
      NEXTAUTH_URL: url,
      ENSIGN_BCRYPT_ROUNDS: "4",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Ensign exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Ensign did not start in time:\n${output}`);
    }
    // The answer is read to its end: a body left unread keeps its connection busy, and the
    // server's graceful stop then waited out its 5 s grace for it (as tests/support/server.ts).
    const ready = await fetch(`${url}/health/readiness/`).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
