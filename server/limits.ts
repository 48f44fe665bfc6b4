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

type Env = Record<string, string | undefined>;

function readBytes(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const bytes = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new Error(`${name} must be a positive whole number of bytes, not "${raw}"`);
  }
  return bytes;
}

export function readMaxBodyBytes(env: Env = process.env): number {
  return readBytes(env, "ENSIGN_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES);
}

export function readMaxBodyBytesInFlight(env: Env = process.env): number {
  return readBytes(env, "ENSIGN_MAX_BODY_BYTES_IN_FLIGHT", DEFAULT_MAX_BODY_BYTES_IN_FLIGHT);
}

let maxBodyBytes: number | undefined;

/** The body cap of this process (read from the environment on first use). */
export function maxRequestBodyBytes(): number {
  maxBodyBytes ??= readMaxBodyBytes();
  return maxBodyBytes;
}
