// Cross-instance propagation on PostgreSQL: two Ensign instances on one database; N SSE
// streams open on B; M times, a flag's value is changed through A's admin API, and the time
// from sending that write to the first and the last of B's streams hearing of it, and to B's
// /flags/ serving the new value, is recorded. Used by bench/run.ts.
import { connect, type Socket } from "node:net";
import pg from "pg";

export type PropagationResult = {
  changes: number;
  streams: number;
  pollMs: number;
  /** Per change, ms from sending the write on A. */
  firstStreamMs: number[];
  lastStreamMs: number[];
  flagsMs: number[];
  writeMs: number[];
  /** Per change, ms from A's answer to B's last stream and to B's /flags/ (the NOTIFY path's own cost). */
  lastStreamAfterAnswerMs: number[];
  flagsAfterAnswerMs: number[];
  missed: number;
};

/** A fresh PostgreSQL database next to `adminUrl`'s; drop() removes it. */
export async function createBenchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ensign_bench_${Date.now().toString(36)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

type Stream = { socket: Socket; events: number };

function openStream(port: number, envKey: string, onEvent: () => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { socket: connect(port, "127.0.0.1"), events: 0 };
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
      if (stream.events === count) resolve(stream);
      onEvent();
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measurePropagation(options: {
  urlA: string;
  urlB: string;
  portB: number;
  token: string;
  envKey: string;
  featureName: string;
  stateId: number;
  streams: number;
  changes: number;
  pollMs: number;
}): Promise<PropagationResult> {
  const { urlA, urlB, envKey, featureName, changes } = options;
  // The stream events seen so far, and a wake-up for whoever waits on them.
  let wake: () => void = () => undefined;
  const opened: Stream[] = [];
  for (let i = 0; i < options.streams; i += 100) {
    const batch = Array.from({ length: Math.min(100, options.streams - i) }, () =>
      openStream(options.portB, envKey, () => wake()),
    );
    opened.push(...(await Promise.all(batch)));
  }
  const result: PropagationResult = {
    changes,
    streams: options.streams,
    pollMs: options.pollMs,
    firstStreamMs: [],
    lastStreamMs: [],
    flagsMs: [],
    writeMs: [],
    lastStreamAfterAnswerMs: [],
    flagsAfterAnswerMs: [],
    missed: 0,
  };
  const flagValueOnB = async () => {
    const res = await fetch(`${urlB}/api/v1/flags/`, { headers: { "X-Environment-Key": envKey } });
    const flags = (await res.json()) as { feature: { name: string }; feature_state_value: unknown }[];
    return flags.find((f) => f.feature.name === featureName)?.feature_state_value;
  };
  for (let change = 0; change < changes; change += 1) {
    const value = `propagation-${change}`;
    const before = opened.map((s) => s.events);
    const sentAt = performance.now();
    let first: number | null = null;
    let last: number | null = null;
    const heard = new Set<number>();
    const streamsDone = new Promise<void>((resolve) => {
      wake = () => {
        const now = performance.now();
        opened.forEach((s, i) => {
          if (s.events > before[i] && !heard.has(i)) {
            heard.add(i);
            first ??= now;
            if (heard.size === opened.length) {
              last = now;
              resolve();
            }
          }
        });
      };
      if (opened.length === 0) resolve();
    });
    const write = fetch(`${urlA}/api/v1/environments/${envKey}/featurestates/${options.stateId}/`, {
      method: "PATCH",
      headers: { Authorization: `Token ${options.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ feature_state_value: value }),
    }).then((res) => {
      if (!res.ok) throw new Error(`write on A: ${res.status}`);
      const answeredMs = performance.now() - sentAt;
      result.writeMs.push(answeredMs);
      return answeredMs;
    });
    const answeredMs = await write;
    const flagsAt = await (async () => {
      const deadline = sentAt + 10_000;
      while (performance.now() < deadline) {
        if ((await flagValueOnB()) === value) return performance.now() - sentAt;
        await sleep(2);
      }
      return null;
    })();
    await Promise.race([streamsDone, sleep(10_000)]);
    if (flagsAt === null || last === null) result.missed += 1;
    if (flagsAt !== null) {
      result.flagsMs.push(flagsAt);
      result.flagsAfterAnswerMs.push(Math.max(0, flagsAt - answeredMs));
    }
    if (first !== null) result.firstStreamMs.push((first as number) - sentAt);
    if (last !== null) {
      result.lastStreamMs.push((last as number) - sentAt);
      result.lastStreamAfterAnswerMs.push(Math.max(0, (last as number) - sentAt - answeredMs));
    }
    await sleep(20);
  }
  for (const stream of opened) stream.socket.destroy();
  return result;
}

function stats(values: number[]): string {
  if (values.length === 0) return "n/a";
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const f = (ms: number) => Math.round(ms * 10) / 10;
  return `median ${f(at(50))} p99 ${f(at(99))} max ${f(sorted[sorted.length - 1])} ms`;
}

/** The three changes that took longest from A's answer to B's last stream, each with its timings. */
function slowest(r: PropagationResult): string {
  const at = (xs: number[], i: number) => (xs[i] === undefined ? "-" : String(Math.round(xs[i] * 10) / 10));
  return r.lastStreamAfterAnswerMs
    .map((ms, i) => [ms, i] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 3)
    .map(
      ([, i]) =>
        `#${i + 1}: ${at(r.writeMs, i)} / ${at(r.firstStreamMs, i)} / ${at(r.lastStreamMs, i)} / ${at(r.flagsMs, i)}`,
    )
    .join(", ");
}

export function describePropagation(r: PropagationResult): string {
  return [
    `Propagation A → B (PostgreSQL, LISTEN/NOTIFY, B's poll every ${r.pollMs} ms), ${r.changes} changes, ${r.streams} SSE streams on B, from sending the write on A:`,
    `  write answered on A:        ${stats(r.writeMs)}`,
    `  first SSE stream on B:      ${stats(r.firstStreamMs)}`,
    `  last SSE stream on B:       ${stats(r.lastStreamMs)}`,
    `  B's /flags/ serves the value: ${stats(r.flagsMs)}`,
    `  from A's answer (0 when B was first): last SSE stream ${stats(r.lastStreamAfterAnswerMs)}; /flags/ ${stats(r.flagsAfterAnswerMs)}`,
    `  slowest from A's answer (change: write on A / B's first stream / B's last stream / B's /flags/, ms from sending): ${slowest(r)}`,
    `  changes not seen everywhere within 10 s: ${r.missed}`,
  ].join("\n");
}
