// SSE fan-out: opens N streams of one environment on a running Ensign, measures the server's
// memory per open stream (RSS and heap), then changes a flag through the admin API and
// measures how long the change takes to reach the first and the last stream, from sending the
// write and from its answer, and the server's own time from announcing the change to writing
// the last stream (GET /health/metrics/, when ENSIGN_DEBUG_METRICS=1). Used by bench/run.ts,
// and runnable alone (it then starts its own server on a fresh SQLite database):
//   npx tsx bench/sse-fanout.ts --streams=10000 [--changes=3]
// Streams are raw sockets read as bytes, so the client's own cost stays small next to the
// server's (it still shares the machine's cores with the server).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/server";

export type FanoutResult = {
  streams: number;
  openSeconds: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  kbPerStream: number;
  /** Heap used per open stream (KB), when the server's debug metrics are on; not after a full GC. */
  heapKbPerStream: number | null;
  /** Per change: from sending the write to the first, the median and the last stream hearing of it. */
  firstMs: number[];
  p50Ms: number[];
  lastMs: number[];
  /** Per change: from the write's answer to the last stream (0 if all heard before it). */
  lastAfterAnswerMs: number[];
  /** Per change: the server's time from announcing the change to writing the last stream, and the CPU time of its writes. */
  serverFanoutMs: number[];
  serverFanoutCpuMs: number[];
  missed: number;
  /** Events the first stream heard in all: 1 (its opening) + one per change, unless a change sent more. */
  eventsHeard: number;
};

/** Server settings that let `streams` streams of one environment from one address open (lib/sdk/sse/limits.ts). */
export function sseCapsFor(streams: number): Record<string, string> {
  const cap = String(Math.max(streams, 1));
  return {
    ENSIGN_SSE_MAX_STREAMS: cap,
    ENSIGN_SSE_MAX_STREAMS_PER_ENVIRONMENT: cap,
    ENSIGN_SSE_MAX_STREAMS_PER_ADDRESS: cap,
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** `before`: the events it had heard when the change being timed was sent. */
type Stream = { socket: Socket; events: number; before: number; heardAt: number | null };

const EVENT = Buffer.from("event: environment_updated");

/** Occurrences of the event's name in a chunk (an event never spans two: each is one write). */
function countEvents(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(EVENT); at !== -1; at = chunk.indexOf(EVENT, at + EVENT.length)) count += 1;
  return count;
}

function openStream(port: number, envKey: string, onEvent: (stream: Stream) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { socket: connect(port, "127.0.0.1"), events: 0, before: 0, heardAt: null };
    stream.socket.once("error", reject);
    stream.socket.once("connect", () =>
      stream.socket.write(
        `GET /sse/environments/${envKey}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    stream.socket.on("data", (chunk: Buffer) => {
      const count = countEvents(chunk);
      if (count === 0) return;
      stream.events += count;
      if (stream.events === count) resolve(stream);
      onEvent(stream);
    });
  });
}

type ServerMetrics = {
  memory: { heap_used_bytes: number };
  sse?: { last_fanout: { streams: number; ms: number; cpu_ms: number } | null };
};

/** GET /health/metrics/, or null when the server's debug metrics are off. */
async function serverMetrics(port: number): Promise<ServerMetrics | null> {
  const res = await fetch(`http://127.0.0.1:${port}/health/metrics/`).catch(() => null);
  return res?.ok ? ((await res.json()) as ServerMetrics) : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureSseFanout(options: {
  port: number;
  pid: number;
  envKey: string;
  streams: number;
  /** Changes made one after the other (default 3). */
  changes?: number;
  /** Makes a change to the environment (a flag update through the admin API). */
  change: () => Promise<void>;
}): Promise<FanoutResult> {
  const { port, pid, envKey, streams: count } = options;
  const changes = options.changes ?? 3;
  await sleep(1000);
  const rssBeforeMb = rssMb(pid);
  const heapBefore = (await serverMetrics(port))?.memory.heap_used_bytes ?? null;
  let sentAt = 0;
  let heard = 0;
  let allHeard: () => void = () => undefined;
  const onEvent = (stream: Stream) => {
    if (sentAt === 0 || stream.heardAt !== null || stream.events <= stream.before) return;
    stream.heardAt = performance.now();
    if (++heard === count) allHeard();
  };
  const opened: Stream[] = [];
  const started = performance.now();
  const BATCH = 250;
  for (let i = 0; i < count; i += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, () => openStream(port, envKey, onEvent)),
    );
    opened.push(...batch);
  }
  const openSeconds = (performance.now() - started) / 1000;
  await sleep(2000); // let the server settle before reading its memory
  const rssAfterMb = rssMb(pid);
  const heapAfter = (await serverMetrics(port))?.memory.heap_used_bytes ?? null;
  const result: FanoutResult = {
    streams: count,
    openSeconds: Math.round(openSeconds * 10) / 10,
    rssBeforeMb: Math.round(rssBeforeMb),
    rssAfterMb: Math.round(rssAfterMb),
    kbPerStream: Math.round(((rssAfterMb - rssBeforeMb) * 1024 * 10) / count) / 10,
    heapKbPerStream:
      heapBefore === null || heapAfter === null
        ? null
        : Math.round(((heapAfter - heapBefore) / 1024 / count) * 10) / 10,
    firstMs: [],
    p50Ms: [],
    lastMs: [],
    lastAfterAnswerMs: [],
    serverFanoutMs: [],
    serverFanoutCpuMs: [],
    missed: 0,
    eventsHeard: 0,
  };
  for (let change = 0; change < changes; change += 1) {
    await sleep(500);
    for (const stream of opened) {
      stream.heardAt = null;
      stream.before = stream.events;
    }
    heard = 0;
    const done = new Promise<void>((resolve) => (allHeard = resolve));
    sentAt = performance.now();
    await options.change();
    const answeredAt = performance.now();
    await Promise.race([done, sleep(15_000)]);
    const delays = opened
      .filter((s) => s.heardAt !== null)
      .map((s) => s.heardAt! - sentAt)
      .sort((a, b) => a - b);
    result.missed += count - delays.length;
    if (delays.length === 0) continue;
    const last = delays[delays.length - 1];
    result.firstMs.push(Math.round(delays[0]));
    result.p50Ms.push(Math.round(delays[Math.floor(delays.length / 2)]));
    result.lastMs.push(Math.round(last));
    result.lastAfterAnswerMs.push(Math.round(Math.max(0, last - (answeredAt - sentAt))));
    const fanout = (await serverMetrics(port))?.sse?.last_fanout;
    if (fanout) {
      result.serverFanoutMs.push(fanout.ms);
      result.serverFanoutCpuMs.push(fanout.cpu_ms);
    }
    sentAt = 0;
  }
  await sleep(500);
  result.eventsHeard = opened[0]?.events ?? 0;
  for (const stream of opened) stream.socket.destroy();
  return result;
}

export function describeFanout(r: FanoutResult): string {
  const list = (values: number[]) => (values.length ? values.join(", ") : "n/a");
  const heap = r.heapKbPerStream === null ? "" : `, heap ${r.heapKbPerStream} KB per stream`;
  return [
    `SSE fan-out: ${r.streams.toLocaleString()} streams opened in ${r.openSeconds} s; RSS ${r.rssBeforeMb} → ${r.rssAfterMb} MB ` +
      `(${r.kbPerStream} KB per stream${heap}); ${r.firstMs.length} changes, each (ms):`,
    `  from sending the write: first stream ${list(r.firstMs)}; half ${list(r.p50Ms)}; all ${list(r.lastMs)}`,
    `  from the write's answer to the last stream: ${list(r.lastAfterAnswerMs)}`,
    `  server, from announcing the change to writing the last stream: ${list(r.serverFanoutMs)} (CPU ${list(r.serverFanoutCpuMs)})`,
    `  stream events missed: ${r.missed}; the first stream heard ${r.eventsHeard} events (its opening + the changes)`,
  ].join("\n");
}

async function main() {
  const args = Object.fromEntries(
    process.argv.slice(2).map((a) => {
      const [k, v] = a.replace(/^--/, "").split("=");
      return [k, v ?? "true"];
    }),
  );
  const root = path.resolve(import.meta.dirname, "..");
  const streams = Number(args.streams ?? 1000);
  const changes = Number(args.changes ?? 3);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "ensign-sse-"));
  const child = spawn(
    process.execPath,
    ["--max-old-space-size=160", "--min-semi-space-size=8", "--max-semi-space-size=8", "dist/server.mjs"],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${path.join(dir, "ensign.db")}`,
        NODE_ENV: "production",
        NEXTAUTH_SECRET: "bench",
        ENSIGN_DEBUG_METRICS: "1",
        ...sseCapsFor(streams),
      },
      stdio: "ignore",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${url}/health/liveness/`)).ok) break;
      } catch {
        if (i > 300) throw new Error("server did not start");
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const post = async (p: string, body: unknown, token?: string, method = "POST") => {
      const res = await fetch(url + p, {
        method,
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Token ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { key: token } = await post("/api/v1/auth/users/", {
      email: "sse@example.com",
      password: "bench-password",
    });
    const org = await post("/api/v1/organisations/", { name: "SSE" }, token);
    const project = await post("/api/v1/projects/", { name: "SSE", organisation: org.id }, token);
    const env = await post("/api/v1/environments/", { name: "Production", project: project.id }, token);
    await post(`/api/v1/projects/${project.id}/features/`, { name: "fanout_flag" }, token);
    const states = await (
      await fetch(`${url}/api/v1/environments/${env.api_key}/featurestates/?feature_name=fanout_flag`, {
        headers: { Authorization: `Token ${token}` },
      })
    ).json();
    const stateId = states.results[0].id;
    let enabled = Boolean(states.results[0].enabled);
    const result = await measureSseFanout({
      port,
      pid: child.pid!,
      envKey: env.api_key,
      streams,
      changes,
      change: async () => {
        enabled = !enabled;
        await post(
          `/api/v1/environments/${env.api_key}/featurestates/${stateId}/`,
          { enabled },
          token,
          "PATCH",
        );
      },
    });
    console.log(describeFanout(result));
  } finally {
    child.kill("SIGTERM");
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
