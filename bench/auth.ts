// `npx tsx bench/auth.ts` (after `npm run build`): what sign-ins cost everyone else, and
// whether their timing tells which emails have accounts. Starts Ensign on a fresh SQLite
// database with the production bcrypt cost (10), then prints:
// - p50/p99 of GET /api/v1/flags/ alone, and while 100 logins run at once;
// - the median time of a wrong-password log-in for a known and for an unknown email.
// Options: --workers=<n> sets ENSIGN_PASSWORD_WORKERS (0 = hash on the event loop, as before).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEnsign } from "../tests/support/server";

const workers = process.argv.find((a) => a.startsWith("--workers="))?.split("=")[1];
const dir = mkdtempSync(path.join(tmpdir(), "ensign-bench-auth-"));
const starting = startEnsign({
  databaseUrl: `file:${path.join(dir, "bench.db")}`,
  env: {
    ENSIGN_BCRYPT_ROUNDS: "10",
    // The limits would answer 429 long before this benchmark is done.
    ENSIGN_LOGIN_MAX_FAILURES_PER_ACCOUNT: "0",
    ENSIGN_LOGIN_MAX_FAILURES_PER_ADDRESS: "0",
    ...(workers === undefined ? {} : { ENSIGN_PASSWORD_WORKERS: workers }),
  },
});

let server: Awaited<typeof starting>;

async function post(pathname: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Token ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function main() {
  server = await starting;
  try {
    const email = "bench@example.com";
    const password = "bench-password-1";
    const token = (await post("/api/v1/auth/users/", { email, password })).body.key as string;
    const org = (await post("/api/v1/organisations/", { name: "Bench" }, token)).body.id;
    const project = (await post("/api/v1/projects/", { name: "Bench", organisation: org }, token)).body.id;
    const envKey = (await post("/api/v1/environments/", { name: "Bench", project }, token)).body
      .api_key as string;
    const flags = () =>
      fetch(`${server.url}/api/v1/flags/`, { headers: { "X-Environment-Key": envKey } }).then((r) =>
        r.text(),
      );
    for (let i = 0; i < 50; i++) await flags();

    const alone: number[] = [];
    for (let i = 0; i < 200; i++) alone.push(await timed(flags));

    const loaded: number[] = [];
    let done = false;
    const logins = Promise.all(
      Array.from({ length: 100 }, () => post("/api/v1/auth/login/", { email, password })),
    ).then(() => (done = true));
    while (!done) {
      loaded.push(await timed(flags));
      await new Promise((r) => setTimeout(r, 5));
    }
    await logins;

    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 30; i++) {
      known.push(await timed(() => post("/api/v1/auth/login/", { email, password: "wrong-password" })));
      unknown.push(
        await timed(() => post("/api/v1/auth/login/", { email: `nobody${i}@example.com`, password: "x" })),
      );
    }

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`password workers: ${workers ?? "default"}`);
    console.log(
      `/flags/ alone:                 p50 ${ms(percentile(alone, 50))}  p99 ${ms(percentile(alone, 99))}`,
    );
    console.log(
      `/flags/ during 100 logins:     p50 ${ms(percentile(loaded, 50))}  p99 ${ms(percentile(loaded, 99))}  max ${ms(Math.max(...loaded))}  (${loaded.length} requests)`,
    );
    console.log(`wrong password, known email:   median ${ms(percentile(known, 50))}`);
    console.log(`wrong password, unknown email: median ${ms(percentile(unknown, 50))}`);
  } finally {
    await server.stop();
  }
}

void main();
