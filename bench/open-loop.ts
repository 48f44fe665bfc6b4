// Open-loop load: requests leave on a fixed schedule whatever the server does, and each
// latency counts from when its request was due, not from when it was sent. A server that
// stalls for 100 ms therefore shows every request due in those 100 ms as late, where a
// closed-loop tool (autocannon) would simply send fewer of them and hide the stall.
// The server's event-loop delay over the run comes from its GET /health/metrics/
// (ENSIGN_DEBUG_METRICS=1; the baseline answers the same path).
import { Agent, request } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";

export type OpenLoopRequest = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: () => string;
};

export type LoopDelay = { p50_ms: number; p99_ms: number; max_ms: number; count: number };

/** The server's stall attribution (lib/diagnostics/stalls.ts), as GET /health/metrics/ gives it. */
export type Stalls = {
  count: number;
  max_ms: number;
  by_cause: Record<string, { stalls: number; ms: number }>;
  last: { at_ms: number; delay_ms: number; causes: Record<string, number> }[];
  work?: Record<string, { count: number; ms: number; max_ms: number }>;
  gc?: Record<string, { count: number; ms: number; max_ms: number }>;
};

/** Stalls over one run: the difference of two reads. */
export type RunStalls = {
  count: number;
  byCause: Record<string, number>;
  worst: Stalls["last"];
  /** The SQLite checkpoint steps that held the writes (lib/db/wal-checkpoint.ts): how many, and their ms. */
  writesHeld: { count: number; ms: number };
  majorGcs: number;
};

const WRITES_HELD = "sqlite checkpoint (writes held)";

export type OpenLoopResult = {
  name: string;
  target: string;
  rate: number;
  sent: number;
  ok: number;
  failed: number;
  /** Answers per second actually received over the run. */
  achieved: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  loopDelay: LoopDelay | null;
  /**
   * The load generator's own event-loop delay over the run (ms): a late client sends late and
   * reads answers late, which counts as latency of the server; a run whose client was late by
   * more than the server's p99 measured the client.
   */
  clientLoop: { p99_ms: number; max_ms: number };
  /** p99 of the requests due in each second of the run (ms): where in the run the tail was. */
  p99BySecond: number[];
  /** Server CPU time per answered request (µs), when the caller can read the server's CPU. */
  cpuUs: number | null;
  stalls: RunStalls | null;
};

type Metrics = { loopDelay: LoopDelay | null; stalls: Stalls | null };

/** Reads the server's event-loop delay since its previous read and its stalls (null: no metric). */
export async function readMetrics(baseUrl: string): Promise<Metrics> {
  try {
    const res = await fetch(`${baseUrl}/health/metrics/`);
    if (!res.ok) return { loopDelay: null, stalls: null };
    const body = (await res.json()) as {
      event_loop_delay: { since_last_read: LoopDelay };
      stalls?: Stalls | null;
    };
    const { p50_ms, p99_ms, max_ms, count } = body.event_loop_delay.since_last_read;
    return { loopDelay: { p50_ms, p99_ms, max_ms, count }, stalls: body.stalls ?? null };
  } catch {
    return { loopDelay: null, stalls: null };
  }
}

function stallsBetween(before: Stalls | null, after: Stalls | null): RunStalls | null {
  if (!before || !after) return null;
  const byCause: Record<string, number> = {};
  for (const [cause, { ms }] of Object.entries(after.by_cause)) {
    const delta = ms - (before.by_cause[cause]?.ms ?? 0);
    if (delta > 0) byCause[cause] = Math.round(delta);
  }
  const count = after.count - before.count;
  const worst = after.last
    .slice(Math.max(0, after.last.length - count))
    .sort((a, b) => b.delay_ms - a.delay_ms)
    .slice(0, 3);
  const held = (stalls: Stalls) => stalls.work?.[WRITES_HELD] ?? { count: 0, ms: 0 };
  const writesHeld = {
    count: held(after).count - held(before).count,
    ms: Math.round(held(after).ms - held(before).ms),
  };
  // Major collections (mark-compacts) in the run: the one cause that marks the whole old space.
  const majors = (stalls: Stalls) => stalls.gc?.["gc:major"]?.count ?? 0;
  return { count, byCause, worst, writesHeld, majorGcs: majors(after) - majors(before) };
}

/** "; writes held 2× for 31 ms in all" when a checkpoint step held the writes during the run. */
const describeWritesHeld = (stalls: RunStalls) =>
  (stalls.writesHeld.count
    ? `; writes held ${stalls.writesHeld.count}× for ${stalls.writesHeld.ms} ms in all`
    : "") + `; major GCs ${stalls.majorGcs}`;

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

function send(agent: Agent, baseUrl: string, spec: OpenLoopRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const body = spec.body?.();
    const req = request(
      `${baseUrl}${spec.path}`,
      {
        agent,
        method: spec.method,
        headers:
          body === undefined ? spec.headers : { ...spec.headers, "Content-Length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve((res.statusCode ?? 500) < 300));
        res.on("error", () => resolve(false));
      },
    );
    req.on("error", () => resolve(false));
    req.end(body);
  });
}

/**
 * Sends `rate` requests per second for `seconds`, and waits for the stragglers (up to 30 s).
 * `sockets` bounds the open connections: past it requests queue in the client, which still
 * counts their wait from their due time.
 */
export async function runOpenLoop(options: {
  name: string;
  target: string;
  baseUrl: string;
  rate: number;
  seconds: number;
  sockets?: number;
  spec: OpenLoopRequest;
  /** The server's CPU time so far, in seconds. */
  cpuSeconds?: () => number;
}): Promise<OpenLoopResult> {
  const { rate, seconds, baseUrl, spec } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: options.sockets ?? 256 });
  const total = Math.round(rate * seconds);
  // An unanswered request stays at Infinity: it counts in the tail as the worst wait.
  const latencies = new Float64Array(total).fill(Number.POSITIVE_INFINITY);
  let ok = 0;
  let failed = 0;
  let sent = 0;
  let answered = 0;
  const before = await readMetrics(baseUrl); // starts the server's "since last read" window here
  const cpuBefore = options.cpuSeconds?.();
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  const start = performance.now();
  let lastAnswerAt = start;
  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - start) * rate) / 1000) + 1);
      for (; sent < due; sent += 1) {
        const dueAt = start + (sent * 1000) / rate;
        const index = sent;
        pending.push(
          send(agent, baseUrl, spec).then((success) => {
            lastAnswerAt = performance.now();
            latencies[index] = lastAnswerAt - dueAt;
            answered += 1;
            if (success) ok += 1;
            else failed += 1;
          }),
        );
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 30_000))]);
  clientLoop.disable();
  const cpu = cpuBefore === undefined ? null : options.cpuSeconds!() - cpuBefore;
  const after = await readMetrics(baseUrl);
  agent.destroy();
  const unanswered = total - answered;
  const p99BySecond: number[] = [];
  for (let from = 0; from < total; from += rate) {
    p99BySecond.push(round(percentile(latencies.slice(from, from + rate).sort(), 99)));
  }
  const sorted = latencies.sort();
  return {
    name: options.name,
    target: options.target,
    rate,
    sent: total,
    ok,
    failed: failed + unanswered,
    achieved: Math.round(answered / ((lastAnswerAt - start) / 1000)),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    p999: round(percentile(sorted, 99.9)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    loopDelay: after.loopDelay,
    p99BySecond,
    // Less the 5 ms resolution, as the server's (server/metrics.ts).
    clientLoop: {
      p99_ms: Math.max(0, round(clientLoop.percentile(99) / 1e6 - 5)),
      max_ms: Math.max(0, round(clientLoop.max / 1e6 - 5)),
    },
    cpuUs: cpu === null ? null : Math.round((cpu / Math.max(1, ok)) * 1e6),
    stalls: stallsBetween(before.stalls, after.stalls),
  };
}

const describeCauses = (byCause: Record<string, number>) =>
  Object.entries(byCause)
    .sort(([, a], [, b]) => b - a)
    .map(([cause, ms]) => `${cause} ${ms}`)
    .join(", ");

export function describeOpenLoop(r: OpenLoopResult): string {
  const loop = r.loopDelay
    ? `loop delay p50 ${r.loopDelay.p50_ms} p99 ${r.loopDelay.p99_ms} max ${r.loopDelay.max_ms} ms`
    : "loop delay n/a";
  const cpu = r.cpuUs === null ? "" : `  CPU ${r.cpuUs} µs/req`;
  const seconds = `\n    p99 by second: ${r.p99BySecond.join(" ")} ms`;
  const stalls = r.stalls
    ? `\n    stalls > 20 ms: ${r.stalls.count}${r.stalls.count ? ` (ms by cause: ${describeCauses(r.stalls.byCause)}; worst ${r.stalls.worst.map((w) => `${w.delay_ms} ms [${describeCauses(w.causes)}]`).join(", ")})` : ""}${describeWritesHeld(r.stalls)}`
    : "";
  return (
    `${r.name.padEnd(34)} ${r.target.padEnd(9)} ${String(r.rate).padStart(5)}/s offered ${String(r.achieved).padStart(5)}/s answered  ` +
    `p50 ${r.p50}  p99 ${r.p99}  p99.9 ${r.p999}  max ${r.max} ms  failed ${r.failed}  ${loop}` +
    `  client loop p99 ${r.clientLoop.p99_ms} max ${r.clientLoop.max_ms} ms${cpu}${seconds}${stalls}`
  );
}

export function openLoopTable(results: OpenLoopResult[]): string {
  const lines = [
    "| endpoint | target | offered/s | answered/s | p50 ms | p99 ms | p99.9 ms | max ms | failed | loop p50/p99/max ms | client loop p99/max ms | stalls > 20 ms (ms by cause) | CPU µs/req | p99 / p99.9 vs baseline | baseline CPU ÷ Ensign CPU |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | ---: | ---: | ---: |",
  ];
  const times = (a: number, b: number) => `${Math.round((a / b) * 10) / 10}×`;
  for (const r of results) {
    const base = results.find((b) => b.target === "baseline" && b.name === r.name && b.rate === r.rate);
    const ratio =
      r.target !== "baseline" && base ? `${times(r.p99, base.p99)} / ${times(r.p999, base.p999)}` : "";
    const cpuRatio =
      r.target !== "baseline" && base?.cpuUs && r.cpuUs
        ? `${Math.round((base.cpuUs / r.cpuUs) * 100) / 100}`
        : "";
    const loop = r.loopDelay ? `${r.loopDelay.p50_ms}/${r.loopDelay.p99_ms}/${r.loopDelay.max_ms}` : "n/a";
    const stalls = r.stalls
      ? `${r.stalls.count}${r.stalls.count ? ` (${describeCauses(r.stalls.byCause)})` : ""}${describeWritesHeld(r.stalls)}`
      : "n/a";
    lines.push(
      `| ${r.name} | ${r.target} | ${r.rate} | ${r.achieved} | ${r.p50} | ${r.p99} | ${r.p999} | ${r.max} | ${r.failed} | ${loop} | ${r.clientLoop.p99_ms}/${r.clientLoop.max_ms} | ${stalls} | ${r.cpuUs ?? ""} | ${ratio} | ${cpuRatio} |`,
    );
  }
  return lines.join("\n");
}
