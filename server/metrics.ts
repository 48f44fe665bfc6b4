// GET /health/metrics/: a debug view of the event loop's delay (node:perf_hooks) and of each
// stall over 20 ms with what ran during it (lib/diagnostics/stalls.ts), to attribute tail
// latency to its causes. Off unless ENSIGN_DEBUG_METRICS=1, and even then answered only to a
// client on loopback without forwarding headers (a reverse proxy on the same host would make
// every client look local): it is never served to the internet by default. Otherwise the path
// falls through to the app's 404.
import type { IncomingMessage, ServerResponse } from "node:http";
import { monitorEventLoopDelay, type RecordableHistogram } from "node:perf_hooks";
import { startStallRecorder, stallSummary } from "@/lib/diagnostics/stalls";
import { identityAnswerMemory } from "@/lib/sdk/identities/respond";
import { lastFanout, openStreamCount } from "@/lib/sdk/sse/hub";
import type { QuietContexts } from "./quiet-contexts";
import { sendJson } from "./respond";

const METRICS_PATH = /^\/health\/metrics\/?(?:\?.*)?$/;
/** How often the delay is sampled: a stall shorter than this may go unseen. */
const RESOLUTION_MS = 5;
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

export type DelaySummary = { count: number; p50_ms: number; p99_ms: number; max_ms: number; mean_ms: number };

/** Node records the time between samples: the delay is what exceeds the sampling interval. */
const ms = (ns: number) => Math.max(0, Math.round(ns / 10_000 - RESOLUTION_MS * 100) / 100);

/** The histogram's percentiles in milliseconds (zeros before its first sample). */
export function summariseDelay(
  histogram: RecordableHistogram | ReturnType<typeof monitorEventLoopDelay>,
): DelaySummary {
  const count = histogram.count;
  if (count === 0) return { count: 0, p50_ms: 0, p99_ms: 0, max_ms: 0, mean_ms: 0 };
  return {
    count,
    p50_ms: ms(histogram.percentile(50)),
    p99_ms: ms(histogram.percentile(99)),
    max_ms: ms(histogram.max),
    mean_ms: ms(histogram.mean),
  };
}

export function isMetricsEnabled(env: Record<string, string | undefined>): boolean {
  return env.ENSIGN_DEBUG_METRICS === "1" || env.ENSIGN_DEBUG_METRICS === "true";
}

export function isLocalDirectRequest(req: IncomingMessage): boolean {
  return (
    LOOPBACK.has(req.socket.remoteAddress ?? "") && FORWARDING_HEADERS.every((name) => !(name in req.headers))
  );
}

/** Starts the histograms when enabled; returns the handler (true when it answered). */
export function createMetricsEndpoint(
  env: Record<string, string | undefined>,
  contexts?: Pick<QuietContexts, "quiet" | "timesQuieted">,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  if (!isMetricsEnabled(env)) return () => false;
  const sinceStart = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const sinceRead = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  sinceStart.enable();
  sinceRead.enable();
  startStallRecorder();
  const startedAt = Date.now();
  let readAt = startedAt;
  return (req, res) => {
    if (req.method !== "GET" || !METRICS_PATH.test(req.url ?? "") || !isLocalDirectRequest(req)) return false;
    const now = Date.now();
    const fanout = lastFanout();
    const body = {
      event_loop_delay: {
        resolution_ms: RESOLUTION_MS,
        since_start: { seconds: (now - startedAt) / 1000, ...summariseDelay(sinceStart) },
        since_last_read: { seconds: (now - readAt) / 1000, ...summariseDelay(sinceRead) },
      },
      // Each event-loop delay over 20 ms and what ran during it (lib/diagnostics/stalls.ts).
      stalls: stallSummary(),
      memory: { heap_used_bytes: process.memoryUsage().heapUsed, rss_bytes: process.memoryUsage.rss() },
      // The last change's fan-out: streams open then, and ms from its announcement to the last write.
      sse: {
        open_streams: openStreamCount(),
        last_fanout: fanout && { streams: fanout.streams, ms: fanout.ms, cpu_ms: fanout.cpuMs },
      },
      // Whether async context tracking is switched off now, and how often it was (server/quiet-contexts.ts).
      async_contexts: { quiet: contexts?.quiet ?? false, times_quieted: contexts?.timesQuieted ?? 0 },
      // Segment matches remembered and flags arrays compiled for identity answers, both bounded.
      identity_answers: identityAnswerMemory(),
    };
    sinceRead.reset();
    readAt = now;
    sendJson(res, 200, body, { "Cache-Control": "no-store" });
    return true;
  };
}
