// SSE fan-out: opens N streams of one environment on a running Ensign, measures the server's
// resident memory per open stream, then changes a flag through the admin API and measures how
// long the change takes to reach every stream. Used by bench/run.ts, and runnable alone (it
// then starts its own server on a fresh SQLite database):
//   npx tsx bench/sse-fanout.ts --streams=10000
// Streams are raw sockets, so the client's own cost stays small next to the server's.
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
  /** From sending the write to the first and to the last stream hearing of it. */
  firstMs: number;
  p50Ms: number;
  lastMs: number;
  missed: number;
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

type Stream = { socket: Socket; events: number; heardAt: number | null };

function openStream(port: number, envKey: string, onEvent: (stream: Stream) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { socket: connect(port, "127.0.0.1"), events: 0, heardAt: null };
    stream.socket.setEncoding("utf8");
    stream.socket.once("error", reject);
    stream.socket.once("connect", () =>
      stream.socket.write(
        `GET /sse/environments/${envKey}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    stream.socket.on("data", (chunk: string) => {
      const count = chunk.split("event: environment_updated").length - 1;
      if (count === 0) return;
      stream.events += count;
      if (stream.events === 1) resolve(stream);
      onEvent(stream);
    });
  });
}

export async function measureSseFanout(options: {
  port: number;
  pid: number;
  envKey: string;
  streams: number;
  /** Makes a change to the environment (a flag update through the admin API). */
  change: () => Promise<void>;
}): Promise<FanoutResult> {
  const { port, pid, envKey, streams: count } = options;
  await new Promise((r) => setTimeout(r, 1000));
  const rssBeforeMb = rssMb(pid);
  let sentAt = 0;
  let heard = 0;
  let allHeard: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allHeard = resolve));
  const onEvent = (stream: Stream) => {
    if (sentAt === 0 || stream.heardAt !== null || stream.events < 2) return;
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
  await new Promise((r) => setTimeout(r, 2000)); // let the server settle before reading RSS
  const rssAfterMb = rssMb(pid);
  sentAt = performance.now();
  await options.change();
  await Promise.race([done, new Promise((r) => setTimeout(r, 15_000))]);
  const delays = opened
    .filter((s) => s.heardAt !== null)
    .map((s) => s.heardAt! - sentAt)
    .sort((a, b) => a - b);
  for (const stream of opened) stream.socket.destroy();
  return {
    streams: count,
    openSeconds: Math.round(openSeconds * 10) / 10,
    rssBeforeMb: Math.round(rssBeforeMb),
    rssAfterMb: Math.round(rssAfterMb),
    kbPerStream: Math.round(((rssAfterMb - rssBeforeMb) * 1024 * 10) / count) / 10,
    firstMs: Math.round(delays[0] ?? NaN),
    p50Ms: Math.round(delays[Math.floor(delays.length / 2)] ?? NaN),
    lastMs: Math.round(delays[delays.length - 1] ?? NaN),
    missed: count - delays.length,
  };
}

export function describeFanout(r: FanoutResult): string {
  return (
    `SSE fan-out: ${r.streams.toLocaleString()} streams opened in ${r.openSeconds} s; RSS ${r.rssBeforeMb} → ${r.rssAfterMb} MB ` +
    `(${r.kbPerStream} KB per stream); change reached the first stream in ${r.firstMs} ms, half in ${r.p50Ms} ms, ` +
    `all in ${r.lastMs} ms (missed ${r.missed})`
  );
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
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "ensign-sse-"));
  const child = spawn(
    process.execPath,
    ["--max-old-space-size=160", "--max-semi-space-size=8", "dist/server.mjs"],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${path.join(dir, "ensign.db")}`,
        NODE_ENV: "production",
        NEXTAUTH_SECRET: "bench",
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
    const result = await measureSseFanout({
      port,
      pid: child.pid!,
      envKey: env.api_key,
      streams,
      change: () =>
        post(
          `/api/v1/environments/${env.api_key}/featurestates/${stateId}/`,
          { enabled: true },
          token,
          "PATCH",
        ),
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
