// `npm run bench`: builds and starts Ensign and a raw Node baseline serving the same JSON,
// seeds the heavy profile, loads each SDK endpoint with autocannon on loopback for a bounded
// time, and prints req/s, p50, p99, RSS and the ratio to the baseline. Then it grows the
// stored identities to 1,000,000 and measures POST /api/v1/identities/ again.
// Servers run pinned to CPU 0 and the load generator to CPU 1 (one core each).
// Then the realtime parts: OFREP bulk evaluation, and SSE fan-out (N open streams, the server's
// memory per stream, and the time a flag change takes to reach all of them).
// Then open-loop runs (bench/open-loop.ts): GET /flags/ and POST /identities/ sent on a fixed
// schedule at several rates, for the baseline and Ensign, with each server's event-loop delay.
// Last, on PostgreSQL, two instances: how long a write on A takes to reach B's SSE streams and
// B's /flags/ (bench/propagation.ts).
// Options: --duration=<s> (10) --connections=<n> (50) --identities=<n> (1000000) --no-build --skip-scale
//   --closed-loop-rounds=<n> (1: baseline and Ensign alternate endpoint by endpoint, n times)
//   --sse-streams=<n> (1000) --open-loop-rates=<r,r,…> (500,1000,2000; empty to skip)
//   --open-loop-seconds=<s> (10; baseline and Ensign alternate rate by rate)
//   --open-loop-warmup=<s> (2: the same load, unrecorded, first; 0 for none)
//   --open-loop-endpoints=<word> (only the open-loop runs whose path holds it: flags, identities)
//   --open-loop-postgres (also an Ensign on PostgreSQL, --postgres-url, in the open-loop runs)
//   --ensign-cpu-prof=<dir> (Ensign writes a V8 CPU profile there at the end) --propagation-changes=<n> (50; 0 to skip) --propagation-streams=<n> (100)
//   --propagation-poll-ms=<ms> (250: B's ENSIGN_REVISION_POLL_MS)
//   --postgres-url=<admin url> (postgresql://postgres@127.0.0.1:5432/postgres; a fresh database is made there)
//   --only=realtime (OFREP and SSE fan-out) | --only=open-loop | --only=propagation
import { execFileSync, execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../tests/support/server";
import {
  describeOpenLoop,
  openLoopTable,
  runOpenLoop,
  type OpenLoopRequest,
  type OpenLoopResult,
} from "./open-loop";
import {
  createBenchDatabase,
  describePropagation,
  measurePropagation,
  type PropagationResult,
} from "./propagation";
import { randomTraits, seedHeavyProfile } from "./seed";
import { describeFanout, measureSseFanout, sseCapsFor, type FanoutResult } from "./sse-fanout";

const root = path.resolve(import.meta.dirname, "..");
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const DURATION = Number(args.duration ?? 10);
// --closed-loop-rounds=<n>: the closed-loop runs n times, baseline and Ensign alternating endpoint
// by endpoint (the one not measured stopped), so that both see the same minutes of a noisy
// machine; the report gives each round and the median of the rounds' ratios.
const CLOSED_LOOP_ROUNDS = Math.max(1, Number(args["closed-loop-rounds"] ?? 1));
const CONNECTIONS = Number(args.connections ?? 50);
const IDENTITIES = Number(args.identities ?? 1_000_000);
const SSE_STREAMS = Number(args["sse-streams"] ?? 1000);
const ONLY = args.only as "realtime" | "open-loop" | "propagation" | undefined;
const OPEN_LOOP_RATES = String(args["open-loop-rates"] ?? "500,1000,2000")
  .split(",")
  .filter(Boolean)
  .map(Number);
const OPEN_LOOP_SECONDS = Number(args["open-loop-seconds"] ?? 10);
// Each measured open-loop run is preceded by this many seconds of the same load, not recorded:
// a server just resumed (SIGCONT) or never yet asked for identities starts cold (JIT, caches,
// the client's connections), and a backlog formed in its first second lasts the whole run.
const OPEN_LOOP_WARMUP_SECONDS = Number(args["open-loop-warmup"] ?? 2);
// --open-loop-endpoints=identities (or flags): only the open-loop runs whose path holds the word.
const OPEN_LOOP_ENDPOINTS = new RegExp(String(args["open-loop-endpoints"] ?? ""));
const PROPAGATION_CHANGES = Number(args["propagation-changes"] ?? 50);
const PROPAGATION_STREAMS = Number(args["propagation-streams"] ?? 100);
const PROPAGATION_POLL_MS = Number(args["propagation-poll-ms"] ?? 250);
const POSTGRES_URL = args["postgres-url"] ?? "postgresql://postgres@127.0.0.1:5432/postgres";
// --open-loop-postgres: the open-loop runs also go to a second Ensign on a fresh PostgreSQL database.
const OPEN_LOOP_POSTGRES = args["open-loop-postgres"] === "true";
const tsx = path.join(root, "node_modules/.bin/tsx");
// Ensign runs as `npm run serve` runs it: the server bundle, with the same heap limit
// and flags (ENSIGN_HEAP_MB, default 160; 8 MB semi-spaces). The baseline is TypeScript run
// through tsx's loader.
// --ensign-cpu-prof=<dir>: Ensign writes a V8 CPU profile there when the bench ends.
const CPU_PROF_DIR = args["ensign-cpu-prof"];
const ensignCommand = [
  process.execPath,
  ...(CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : []),
  `--max-old-space-size=${process.env.ENSIGN_HEAP_MB || 160}`,
  "--min-semi-space-size=8",
  "--max-semi-space-size=8",
  // BENCH_ENSIGN_NODE_FLAGS: more Node/V8 flags for Ensign (space-separated), to try one.
  ...(process.env.BENCH_ENSIGN_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
  // BENCH_ENSIGN_BUNDLE: another build of the server (an older commit's, for a before/after).
  process.env.BENCH_ENSIGN_BUNDLE || "dist/server.mjs",
];
const node = [process.execPath, "--import", "tsx"];

if (!process.env.BENCH_PINNED) {
  // Re-run this script on CPU 1 so that the load generator never competes with a server.
  execFileSync("taskset", ["-c", "1", tsx, path.join(root, "bench/run.ts"), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_PINNED: "1" },
  });
  process.exit(0);
}

type Server = { url: string; child: ChildProcess };

function signal(child: ChildProcess, sig: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, sig);
  } catch {
    // already gone
  }
}

/** Ensign's async context switch, from GET /health/metrics/ (the bench enables it). */
async function asyncContexts(server: Server): Promise<{ quiet: boolean; times_quieted: number }> {
  const res = await fetch(`${server.url}/health/metrics/`);
  const body = (await res.json()) as { async_contexts?: { quiet: boolean; times_quieted: number } };
  return body.async_contexts ?? { quiet: false, times_quieted: 0 };
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function startServer(
  cmd: string[],
  port: number,
  env: Record<string, string>,
  probe: string,
): Promise<Server> {
  // Its own process group, so that signals reach taskset's child and anything it starts.
  const child = spawn("taskset", ["-c", "0", ...cmd], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", process.env.BENCH_SERVER_STDOUT ? "inherit" : "ignore", "inherit"],
    detached: true,
  });
  process.on("exit", () => signal(child, "SIGKILL"));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + probe, child);
  return { url, child };
}

/** SIGTERM, then up to 10 s for the process to exit (and write its CPU profile). */
async function stopGently(server: Server) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  signal(server.child, "SIGCONT");
  signal(server.child, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** A process and all its descendants, each as [pid, ppid, rss KB]. */
function processTree(pid: number): number[][] {
  const out = execSync(`ps -o pid=,ppid=,rss= -A`).toString().trim().split("\n");
  const rows = out.map((l) => l.trim().split(/\s+/).map(Number));
  const pids = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of rows) {
      if (pids.has(pp) && !pids.has(p)) {
        pids.add(p);
        grew = true;
      }
    }
  }
  return rows.filter(([p]) => pids.has(p));
}

/** Resident memory of a process and all its descendants. */
function treeRssMb(pid: number): number {
  return processTree(pid).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

const TICKS_PER_SECOND = Number(execSync("getconf CLK_TCK").toString().trim()) || 100;

/** CPU time (user + system) a process and its descendants have used, in seconds. */
function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const [p] of processTree(pid)) {
    try {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

type Result = {
  name: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU time per answered request, in microseconds: what one core's second buys. */
  cpuUs: number;
  non2xx: number;
  errors: number;
  rssMb: number;
  /** The closed-loop round (1…CLOSED_LOOP_ROUNDS); none for the runs outside them. */
  round?: number;
};

async function load(
  name: string,
  target: string,
  server: Server,
  opts: Partial<autocannon.Options> & { path: string },
): Promise<Result> {
  const base = { url: server.url + opts.path, connections: CONNECTIONS, ...opts };
  await autocannon({ ...base, duration: 2 }); // warm-up: JIT, caches, connection pools
  const cpuBefore = treeCpuSeconds(server.child.pid!);
  const r = await autocannon({ ...base, duration: DURATION });
  const cpu = treeCpuSeconds(server.child.pid!) - cpuBefore;
  const result = {
    name,
    target,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs: Math.round((cpu / Math.max(1, r.requests.total)) * 1e6),
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    rssMb: Math.round(treeRssMb(server.child.pid!)),
  };
  console.log(
    `${name.padEnd(34)} ${target.padEnd(9)} ${String(result.rps).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  CPU ${result.cpuUs} µs/req  RSS ${result.rssMb} MB  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  return result;
}

/** OFREP bulk evaluations, each for its own targeting key and five traits. */
function ofrepRequests(): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      setupRequest: (req) => {
        const i = n++;
        const traits = Object.fromEntries(randomTraits(i).map((t) => [t.trait_key, t.trait_value]));
        return {
          ...req,
          body: JSON.stringify({ context: { targetingKey: `ofrep-${i % 10_000}`, ...traits } }),
        };
      },
    },
  ];
}

function identityRequests(prefix: string, range: number, acked: Set<string>): autocannon.Request[] {
  let n = 0;
  return [
    {
      method: "POST",
      setupRequest: (req, context) => {
        const i = Math.floor(Math.random() * range);
        const identifier = `${prefix}${i}`;
        (context as Record<string, string>).identifier = identifier;
        return { ...req, body: JSON.stringify({ identifier, traits: randomTraits(n++) }) };
      },
      onResponse: (status, _body, context) => {
        if (status === 200) acked.add((context as Record<string, string>).identifier);
      },
    },
  ];
}

async function main() {
  if (args["no-build"] !== "true") execSync("npm run build", { cwd: root, stdio: "inherit" });
  const dir = mkdtempSync(path.join(tmpdir(), "ensign-bench-"));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `file:${path.join(dir, "ensign.db")}`;
  const ensignPort = await freePort();
  const ensign = await startServer(
    ensignCommand,
    ensignPort,
    {
      PORT: String(ensignPort),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      NEXTAUTH_SECRET: "bench",
      // The open-loop runs read the event-loop delay from GET /health/metrics/.
      ENSIGN_DEBUG_METRICS: "1",
      // The fan-out opens every stream of one environment from one address.
      ...sseCapsFor(SSE_STREAMS),
    },
    "/health/liveness/",
  );
  let fanout: FanoutResult | null = null;
  let propagation: PropagationResult | null = null;
  const openLoop: OpenLoopResult[] = [];
  try {
    const post = async (p: string, body: unknown, token?: string, envKey?: string) => {
      const res = await fetch(ensign.url + p, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Token ${token}` } : {}),
          ...(envKey ? { "X-Environment-Key": envKey } : {}),
        },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { key: token } = await post("/api/v1/auth/users/", {
      email: "bench@example.com",
      password: "bench-password",
    });
    const org = await post("/api/v1/organisations/", { name: "Bench" }, token);
    const project = await post("/api/v1/projects/", { name: "Heavy", organisation: org.id }, token);
    const env = await post("/api/v1/environments/", { name: "Production", project: project.id }, token);
    const serverKey = (await post(`/api/v1/environments/${env.api_key}/api-keys/`, { name: "bench" }, token))
      .key;
    console.log("seeding the heavy profile (50 features, 15 segments × 15 conditions, overrides)…");
    await seedHeavyProfile((p, init) => post(p, init?.body, token), project.id, env.id, env.api_key);

    const get = async (p: string, key: string) =>
      (await fetch(ensign.url + p, { headers: { "X-Environment-Key": key } })).text();
    const flags = await get("/api/v1/flags/", env.api_key);
    const document = await get("/api/v1/environment-document/", serverKey);
    const identity = await post(
      "/api/v1/identities/",
      { identifier: "probe", traits: randomTraits(1) },
      undefined,
      env.api_key,
    );
    writeFileSync(path.join(dir, "flags.json"), flags);
    writeFileSync(path.join(dir, "document.json"), document);
    writeFileSync(path.join(dir, "identity.json"), JSON.stringify(identity));
    console.log(
      `flags body ${flags.length} B, document ${document.length} B, identity answer ${JSON.stringify(identity).length} B`,
    );

    const results: Result[] = [];
    const client = { "X-Environment-Key": env.api_key, "Content-Type": "application/json" };
    const server = { "X-Environment-Key": serverKey };
    const runClosed = ONLY === undefined;
    const runOpen = (ONLY === undefined || ONLY === "open-loop") && OPEN_LOOP_RATES.length > 0;
    // A resumed server sees the time it was stopped as one long event-loop delay: let its stall
    // recorder settle that before the next run reads its metrics.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 250));
    // Baseline and Ensign alternate, rate by rate, so that both see the same machine load; the
    // one not measured is stopped (SIGSTOP) so that it takes no CPU.
    const openLoopOnce = async (target: string, on: Server, rate: number, envKey = env.api_key) => {
      for (const spec of openLoopSpecs(target, envKey).filter((s) => OPEN_LOOP_ENDPOINTS.test(s.name))) {
        if (OPEN_LOOP_WARMUP_SECONDS > 0) {
          await runOpenLoop({ ...spec, target, baseUrl: on.url, rate, seconds: OPEN_LOOP_WARMUP_SECONDS });
        }
        const r = await runOpenLoop({
          ...spec,
          target,
          baseUrl: on.url,
          rate,
          seconds: OPEN_LOOP_SECONDS,
          cpuSeconds: () => treeCpuSeconds(on.child.pid!),
        });
        console.log(describeOpenLoop(r));
        openLoop.push(r);
      }
    };
    if (runClosed || runOpen) {
      const baselinePort = await freePort();
      const baseline = await startServer(
        [
          ...node,
          "bench/baseline-server.ts",
          String(baselinePort),
          ...["flags.json", "document.json", "identity.json"].map((f) => path.join(dir, f)),
          path.join(dir, "baseline.db"),
        ],
        baselinePort,
        {},
        "/api/v1/flags/",
      );
      signal(ensign.child, "SIGSTOP"); // one server on CPU 0 at a time
      if (runClosed) {
        const acked = new Set<string>();
        const specs: { name: string; opts: (target: string, round: number) => Parameters<typeof load>[3] }[] =
          [
            { name: "GET /api/v1/flags/", opts: () => ({ path: "/api/v1/flags/", headers: client }) },
            {
              name: "GET /api/v1/environment-document/",
              opts: () => ({ path: "/api/v1/environment-document/", headers: server }),
            },
            {
              name: "POST /api/v1/identities/ (5 traits)",
              opts: (target, round) => ({
                path: "/api/v1/identities/",
                headers: client,
                requests: identityRequests(
                  `${target === "baseline" ? "base" : "load"}${round}-`,
                  100_000,
                  target === "baseline" ? new Set() : acked,
                ),
              }),
            },
          ];
        // Baseline running, Ensign stopped, at the start of each step; the same at the end.
        for (let round = 1; round <= CLOSED_LOOP_ROUNDS; round++) {
          for (const spec of specs) {
            results.push({
              ...(await load(spec.name, "baseline", baseline, spec.opts("baseline", round))),
              round,
            });
            signal(baseline.child, "SIGSTOP");
            signal(ensign.child, "SIGCONT");
            await settle();
            const before = await asyncContexts(ensign);
            results.push({ ...(await load(spec.name, "ensign", ensign, spec.opts("ensign", round))), round });
            const after = await asyncContexts(ensign);
            // Async context tracking costs every request while it is on (server/quiet-contexts.ts).
            console.log(
              `  async context tracking during the run: ${before.quiet && after.quiet && before.times_quieted === after.times_quieted ? "off" : "on at times"}`,
            );
            signal(ensign.child, "SIGSTOP");
            signal(baseline.child, "SIGCONT");
            await settle();
          }
        }
        signal(ensign.child, "SIGCONT");
        await verifyAcknowledged(ensign.url, env.api_key, token, acked);
        // What the identity answers kept between calls (bounded; lib/sdk/identities/respond.ts).
        const metrics = await (await fetch(`${ensign.url}/health/metrics/`)).json();
        console.log(`identity answers kept: ${JSON.stringify(metrics.identity_answers)}`);
        signal(ensign.child, "SIGSTOP");
      }
      const onPostgres = runOpen && OPEN_LOOP_POSTGRES ? await startSeededPostgresInstance() : null;
      if (onPostgres) signal(onPostgres.server.child, "SIGSTOP");
      if (runOpen) {
        for (const rate of OPEN_LOOP_RATES) {
          await openLoopOnce("baseline", baseline, rate);
          signal(baseline.child, "SIGSTOP");
          signal(ensign.child, "SIGCONT");
          await settle();
          await openLoopOnce("ensign", ensign, rate);
          signal(ensign.child, "SIGSTOP");
          if (onPostgres) {
            signal(onPostgres.server.child, "SIGCONT");
            await settle();
            await openLoopOnce("ensign-pg", onPostgres.server, rate, onPostgres.envKey);
            signal(onPostgres.server.child, "SIGSTOP");
          }
          signal(baseline.child, "SIGCONT");
          await settle();
        }
      }
      if (onPostgres) await onPostgres.close();
      signal(baseline.child, "SIGKILL");
      signal(ensign.child, "SIGCONT");
    }

    if (ONLY === undefined || ONLY === "realtime") {
      results.push(
        await load("POST /ofrep/v1/evaluate/flags (bulk, no context)", "ensign", ensign, {
          path: "/ofrep/v1/evaluate/flags",
          method: "POST",
          headers: client,
          body: "{}",
        }),
      );
      results.push(
        await load("POST /ofrep/v1/evaluate/flags (bulk, key + 5 traits)", "ensign", ensign, {
          path: "/ofrep/v1/evaluate/flags",
          headers: client,
          requests: ofrepRequests(),
        }),
      );
      const states = await (
        await fetch(`${ensign.url}/api/v1/environments/${env.api_key}/featurestates/?page_size=1`, {
          headers: { Authorization: `Token ${token}` },
        })
      ).json();
      const state = states.results[0];
      let enabled = Boolean(state.enabled);
      fanout = await measureSseFanout({
        port: ensignPort,
        pid: ensign.child.pid!,
        envKey: env.api_key,
        streams: SSE_STREAMS,
        change: async () => {
          enabled = !enabled;
          const res = await fetch(
            `${ensign.url}/api/v1/environments/${env.api_key}/featurestates/${state.id}/`,
            {
              method: "PATCH",
              headers: { Authorization: `Token ${token}`, "Content-Type": "application/json" },
              body: JSON.stringify({ enabled }),
            },
          );
          if (!res.ok) throw new Error(`flag change: ${res.status}`);
        },
      });
      console.log(describeFanout(fanout));
    }

    if (args["skip-scale"] !== "true" && ONLY === undefined) {
      console.log(`growing stored identities to ${IDENTITIES.toLocaleString()}…`);
      const started = Date.now();
      execFileSync(tsx, ["bench/grow-identities.ts", String(env.id), String(IDENTITIES)], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: "inherit",
      });
      console.log(`  inserted in ${Math.round((Date.now() - started) / 1000)} s`);
      results.push(
        await load(`POST /api/v1/identities/ @ ${IDENTITIES / 1e6}M`, "ensign", ensign, {
          path: "/api/v1/identities/",
          headers: client,
          requests: identityRequests("grown-", IDENTITIES, new Set()),
        }),
      );
    }
    if ((ONLY === undefined || ONLY === "propagation") && PROPAGATION_CHANGES > 0) {
      signal(ensign.child, "SIGSTOP"); // A and B take CPU 0
      try {
        propagation = await runPropagation();
        console.log(describePropagation(propagation));
      } finally {
        signal(ensign.child, "SIGCONT");
      }
    }
    report(results, fanout, openLoop, propagation);
  } finally {
    if (CPU_PROF_DIR || process.env.BENCH_ENSIGN_NODE_FLAGS?.includes("--heap-prof"))
      await stopGently(ensign);
    signal(ensign.child, "SIGKILL");
    // The databases and bodies (tens to hundreds of MB a run); BENCH_KEEP_FILES=1 keeps them.
    if (!process.env.BENCH_KEEP_FILES) rmSync(dir, { recursive: true, force: true });
    else console.log(`files kept in ${dir}`);
  }
}

/** The open-loop requests: the client's flags, and identities each with five traits. */
function openLoopSpecs(target: string, envKey: string): { name: string; spec: OpenLoopRequest }[] {
  let n = 0;
  return [
    {
      name: "GET /api/v1/flags/",
      spec: { method: "GET", path: "/api/v1/flags/", headers: { "X-Environment-Key": envKey } },
    },
    {
      name: "POST /api/v1/identities/ (5 traits)",
      spec: {
        method: "POST",
        path: "/api/v1/identities/",
        headers: { "X-Environment-Key": envKey, "Content-Type": "application/json" },
        body: () => {
          const i = n++;
          return JSON.stringify({ identifier: `open-${target}-${i % 100_000}`, traits: randomTraits(i) });
        },
      },
    },
  ];
}

/** An Ensign on a fresh PostgreSQL database with the heavy profile, for the open-loop runs. */
async function startSeededPostgresInstance(): Promise<{
  server: Server;
  envKey: string;
  close: () => Promise<void>;
}> {
  const database = await createBenchDatabase(POSTGRES_URL);
  const port = await freePort();
  const server = await startServer(
    ensignCommand,
    port,
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      NODE_ENV: "production",
      NEXTAUTH_SECRET: "bench",
      ENSIGN_DEBUG_METRICS: "1",
    },
    "/health/liveness/",
  );
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(server.url + p, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Token ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { key: token } = await post("/api/v1/auth/users/", {
    email: "bench-pg@example.com",
    password: "bench-password",
  });
  const org = await post("/api/v1/organisations/", { name: "Bench" }, token);
  const project = await post("/api/v1/projects/", { name: "Heavy", organisation: org.id }, token);
  const env = await post("/api/v1/environments/", { name: "Production", project: project.id }, token);
  console.log("seeding the heavy profile on PostgreSQL…");
  await seedHeavyProfile((p, init) => post(p, init?.body, token), project.id, env.id, env.api_key);
  return {
    server,
    envKey: env.api_key,
    close: async () => {
      signal(server.child, "SIGKILL");
      await database.drop().catch(() => undefined);
    },
  };
}

/** Two instances on a fresh PostgreSQL database: A takes the writes, B the streams and reads. */
async function runPropagation(): Promise<PropagationResult> {
  const database = await createBenchDatabase(POSTGRES_URL);
  const servers: Server[] = [];
  try {
    const start = async (pollMs: number) => {
      const port = await freePort();
      const env = {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        NODE_ENV: "production",
        NEXTAUTH_SECRET: "bench",
        ENSIGN_REVISION_POLL_MS: String(pollMs),
        ...sseCapsFor(PROPAGATION_STREAMS),
      };
      const server = await startServer(ensignCommand, port, env, "/health/liveness/");
      servers.push(server);
      return { ...server, port };
    };
    // One after the other: both would apply the migrations of the fresh database at once.
    const a = await start(250);
    const b = await start(PROPAGATION_POLL_MS);
    const call = async (p: string, body: unknown, token?: string) => {
      const res = await fetch(a.url + p, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Token ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { key: token } = await call("/api/v1/auth/users/", {
      email: "propagation@example.com",
      password: "bench-password",
    });
    const org = await call("/api/v1/organisations/", { name: "Propagation" }, token);
    const project = await call("/api/v1/projects/", { name: "Propagation", organisation: org.id }, token);
    const env = await call("/api/v1/environments/", { name: "Production", project: project.id }, token);
    await call(`/api/v1/projects/${project.id}/features/`, { name: "propagation_flag" }, token);
    const states = await (
      await fetch(
        `${a.url}/api/v1/environments/${env.api_key}/featurestates/?feature_name=propagation_flag`,
        {
          headers: { Authorization: `Token ${token}` },
        },
      )
    ).json();
    return await measurePropagation({
      urlA: a.url,
      urlB: b.url,
      portB: b.port,
      token,
      envKey: env.api_key,
      featureName: "propagation_flag",
      stateId: states.results[0].id,
      streams: PROPAGATION_STREAMS,
      changes: PROPAGATION_CHANGES,
      pollMs: PROPAGATION_POLL_MS,
    });
  } finally {
    for (const server of servers) signal(server.child, "SIGKILL");
    await database.drop().catch(() => undefined);
  }
}

/** Every identity whose POST was answered 200 must be stored (in-flight ones may be too). */
async function verifyAcknowledged(url: string, envKey: string, token: string, acked: Set<string>) {
  const stored = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await fetch(
      `${url}/api/v1/environments/${envKey}/identities/?q=load&page_size=999&page=${page}`,
      {
        headers: { Authorization: `Token ${token}` },
      },
    );
    const body = (await res.json()) as { next: string | null; results: { identifier: string }[] };
    for (const identity of body.results) stored.add(identity.identifier);
    if (!body.next) break;
  }
  const lost = [...acked].filter((identifier) => !stored.has(identifier)).length;
  console.log(
    `acknowledged identities: ${acked.size}, stored: ${stored.size}, ${lost ? `LOST: ${lost}` : "none lost"}`,
  );
}

function report(
  results: Result[],
  fanout: FanoutResult | null,
  openLoop: OpenLoopResult[],
  propagation: PropagationResult | null,
) {
  const lines = [
    `| endpoint | target | req/s | p50 ms | p99 ms | CPU µs/req | RSS MB | vs baseline |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
  ];
  // An Ensign row's baseline: the same endpoint's in the same round (the first round's for the
  // rows outside the rounds, such as the grown store's).
  const baselineOf = (r: Result) =>
    results.find(
      (b) =>
        b.target === "baseline" && r.name.startsWith(b.name.split(" @")[0]) && b.round === (r.round ?? 1),
    );
  const rounds = CLOSED_LOOP_ROUNDS > 1;
  for (const r of results) {
    const base = baselineOf(r);
    const ratio = r.target === "ensign" && base ? `${Math.round((r.rps / base.rps) * 100)}%` : "";
    const name = rounds && r.round ? `${r.name}, round ${r.round}` : r.name;
    lines.push(
      `| ${name} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuUs} | ${r.rssMb} | ${ratio} |`,
    );
  }
  if (rounds) {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    lines.push(
      "",
      `Medians over ${CLOSED_LOOP_ROUNDS} rounds (baseline CPU ÷ Ensign CPU is the issue's CPU ratio):`,
      "",
    );
    for (const name of new Set(results.filter((r) => r.round).map((r) => r.name))) {
      const pairs = results
        .filter((r) => r.name === name && r.target === "ensign" && r.round)
        .map((r) => [r, baselineOf(r)!] as const);
      const cpu = pairs.map(([e, b]) => b.cpuUs / e.cpuUs);
      const rps = pairs.map(([e, b]) => e.rps / b.rps);
      lines.push(
        `- ${name}: CPU ratio ${median(cpu).toFixed(2)} (rounds ${cpu.map((x) => x.toFixed(2)).join(", ")}), throughput ${Math.round(median(rps) * 100)}% of the baseline's`,
      );
    }
  }
  const cpu = readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
  const header = `Ensign benchmark, ${new Date().toISOString()}, ${cpu}, node ${process.version}, ${DURATION} s per run, ${CONNECTIONS} connections, server on one core, autocannon on the other.`;
  const sections = [header];
  if (results.length) sections.push(lines.join("\n"));
  if (fanout) sections.push(describeFanout(fanout));
  if (openLoop.length) {
    sections.push(
      `Open loop, ${OPEN_LOOP_SECONDS} s per rate after ${OPEN_LOOP_WARMUP_SECONDS} s of warm-up (latency from each request's due time; loop = the server's event-loop delay over the run):\n\n${openLoopTable(openLoop)}`,
    );
  }
  if (propagation) sections.push(describePropagation(propagation));
  const text = `${sections.join("\n\n")}\n`;
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/latest.md"), text);
  console.log(`\n${text}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
