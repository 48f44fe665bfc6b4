// The production server's request limits, read once from the environment (README, "Limits
// and security"). A malformed value stops start-up rather than silently serving unlimited.

/** Largest request body accepted on any path (ENSIGN_MAX_BODY_BYTES); larger ones get a 413. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Bytes of request bodies being handled at once (ENSIGN_MAX_BODY_BYTES_IN_FLIGHT): past it a
 * body gets a 503 instead of memory. A body can cost ten times its size while it is parsed and
 * checked (a 1 MB password: ~10 MB), so 16 of 1 MB at once exhausted the default 160 MB heap;
 * 4 MB survives 80 at once. SDK bodies are a few KB: thousands fit.
 */
export const DEFAULT_MAX_BODY_BYTES_IN_FLIGHT = 4 * 1024 * 1024;

/**
 * Share of ENSIGN_MAX_BODY_BYTES_IN_FLIGHT one client address may hold at once, in percent
 * (ENSIGN_BODY_BYTES_PER_ADDRESS_PERCENT): one address alone cannot take the whole budget.
 * An address holding nothing may always start one body.
 */
export const DEFAULT_BODY_BYTES_PER_ADDRESS_PERCENT = 25;

/**
 * A request body must start within this time after the request's headers
 * (ENSIGN_BODY_START_TIMEOUT_MS), and it is also the window the minimum rate is measured over.
 */
export const DEFAULT_BODY_START_TIMEOUT_MS = 5_000;

/**
 * The slowest a body may arrive once started (ENSIGN_BODY_MIN_BYTES_PER_SECOND), measured over
 * each start-timeout window: a 1 MB body at this rate arrives within the request timeout.
 */
export const DEFAULT_BODY_MIN_BYTES_PER_SECOND = 10 * 1024;

/** Time to receive a request's headers (ENSIGN_HEADERS_TIMEOUT_MS; Node's own default is 60 s). */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;

/** Time to receive a whole request, headers and body (ENSIGN_REQUEST_TIMEOUT_MS; Node's: 300 s). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Heap in use, as a percent of V8's heap limit, past which new requests get a 503
 * (ENSIGN_HEAP_GUARD_PERCENT; 0 turns the guard off).
 */
export const DEFAULT_HEAP_GUARD_PERCENT = 90;

type Env = Record<string, string | undefined>;

function readWhole(env: Env, name: string, fallback: number, unit: string, min = 1, max = Infinity): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Infinity ? (min === 1 ? "a positive" : `a ${min} or larger`) : `a ${min} to ${max}`;
    throw new Error(`${name} must be ${range} whole number of ${unit}, not "${raw}"`);
  }
  return value;
}

const readBytes = (env: Env, name: string, fallback: number) => readWhole(env, name, fallback, "bytes");

export function readMaxBodyBytes(env: Env = process.env): number {
  return readBytes(env, "ENSIGN_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES);
}

export function readMaxBodyBytesInFlight(env: Env = process.env): number {
  return readBytes(env, "ENSIGN_MAX_BODY_BYTES_IN_FLIGHT", DEFAULT_MAX_BODY_BYTES_IN_FLIGHT);
}

/** The timing and sharing rules of request bodies, and the server's own timeouts. */
export function readTransportLimits(env: Env = process.env) {
  const addressPercent = readWhole(
    env,
    "ENSIGN_BODY_BYTES_PER_ADDRESS_PERCENT",
    DEFAULT_BODY_BYTES_PER_ADDRESS_PERCENT,
    "percent",
    1,
    100,
  );
  const limits = {
    maxBodyBytesInFlightPerAddress: Math.floor((readMaxBodyBytesInFlight(env) * addressPercent) / 100),
    bodyStartTimeoutMs: readWhole(env, "ENSIGN_BODY_START_TIMEOUT_MS", DEFAULT_BODY_START_TIMEOUT_MS, "ms"),
    bodyMinBytesPerSecond: readWhole(
      env,
      "ENSIGN_BODY_MIN_BYTES_PER_SECOND",
      DEFAULT_BODY_MIN_BYTES_PER_SECOND,
      "bytes",
    ),
    headersTimeoutMs: readWhole(env, "ENSIGN_HEADERS_TIMEOUT_MS", DEFAULT_HEADERS_TIMEOUT_MS, "ms"),
    requestTimeoutMs: readWhole(env, "ENSIGN_REQUEST_TIMEOUT_MS", DEFAULT_REQUEST_TIMEOUT_MS, "ms"),
    heapGuardPercent: readWhole(
      env,
      "ENSIGN_HEAP_GUARD_PERCENT",
      DEFAULT_HEAP_GUARD_PERCENT,
      "percent",
      0,
      100,
    ),
  };
  // Node refuses a headers timeout longer than the request timeout it is part of.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error("ENSIGN_HEADERS_TIMEOUT_MS must not be longer than ENSIGN_REQUEST_TIMEOUT_MS");
  }
  return limits;
}

let maxBodyBytes: number | undefined;

/** The body cap of this process (read from the environment on first use). */
export function maxRequestBodyBytes(): number {
  maxBodyBytes ??= readMaxBodyBytes();
  return maxBodyBytes;
}
