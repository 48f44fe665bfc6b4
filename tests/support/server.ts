// Starts the real production server (server/main.ts over the `next build` output) as a
// child process on a free port, and waits until it answers.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export type RunningEnsign = { url: string; port: number; process: ChildProcess; stop: () => Promise<void> };

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export async function startEnsign(options: {
  databaseUrl: string;
  port?: number;
  env?: Record<string, string>;
  /** Node options before the script, e.g. `--max-old-space-size=160` as `npm run serve` passes. */
  nodeArgs?: string[];
}): Promise<RunningEnsign> {
  const built =
    existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID")) &&
    existsSync(path.join(root, "dist/server.mjs"));
  if (!built) {
    throw new Error("No production build: run `npm run build` before the API tests (npm test does).");
  }
  const port = options.port ?? (await freePort());
  // As `npm run serve` starts it: the server bundle that `npm run build` writes.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "dist/server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      NEXTAUTH_SECRET: "ensign-test-secret",
      NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      ENSIGN_BCRYPT_ROUNDS: "4",
      // The API tests receive webhooks on 127.0.0.1, which the default network policy
      // refuses. Every instance on the shared database must allow it (any of them may send
      // a delivery); tests/api/webhook-network.test.ts sets "false" on its own database.
      ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a loaded machine, with other workers' servers starting too, start-up is slow.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Ensign exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/health/readiness/`);
      // Read to the end: a body left unread keeps the connection busy, and the server's
      // graceful stop then waits out its 5 s grace for it (every test server's stop did).
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`Ensign did not start in time:\n${output}`);
  }
  return {
    url,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        // A process killed by a signal (out of memory: SIGABRT) has no exit code, only a signal.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
