// How many SSE streams the server keeps open (README, "Limits and security"): each costs
// memory for as long as it is open (measured: ~6 KB of heap, ~8 KB of RSS), so one client
// with the public client key could otherwise open streams until the process runs out of heap
// (about 12,000 did it at the default 160 MB). The defaults keep all streams within ~25 MB of
// heap, one environment within half of that, and one address within a small share of it.
// Read from the environment once.

export type StreamCaps = {
  /** Streams open on this instance, all environments and clients together. */
  total: number;
  /** Streams of one environment. */
  perEnvironment: number;
  /** Streams from one client address (lib/api/client-address.ts). */
  perAddress: number;
};

export const STREAM_CAP_SETTINGS: Record<keyof StreamCaps, { env: string; fallback: number }> = {
  total: { env: "ENSIGN_SSE_MAX_STREAMS", fallback: 4000 },
  perEnvironment: { env: "ENSIGN_SSE_MAX_STREAMS_PER_ENVIRONMENT", fallback: 2000 },
  perAddress: { env: "ENSIGN_SSE_MAX_STREAMS_PER_ADDRESS", fallback: 200 },
};

/** Seconds a refused client is asked to wait: streams are long-lived, a slot frees slowly. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** The caps in an environment; a value that is not a positive integer keeps its default. */
export function readStreamCaps(env: Record<string, string | undefined>): StreamCaps {
  const entries = Object.entries(STREAM_CAP_SETTINGS).map(([name, { env: key, fallback }]) => {
    const value = Number(env[key]);
    return [name, Number.isSafeInteger(value) && value > 0 ? value : fallback];
  });
  return Object.fromEntries(entries) as StreamCaps;
}

let caps: StreamCaps | undefined;

/** This process's caps (read on first use). */
export function streamCaps(): StreamCaps {
  caps ??= readStreamCaps(process.env);
  return caps;
}
