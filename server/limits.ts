// The production server's request limits, read once from the environment (README, "Limits
// and security"). A malformed value stops start-up rather than silently serving unlimited.

/** Largest request body accepted on any path (ENSIGN_MAX_BODY_BYTES); larger ones get a 413. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function readMaxBodyBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ENSIGN_MAX_BODY_BYTES?.trim();
  if (!raw) return DEFAULT_MAX_BODY_BYTES;
  const bytes = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new Error(`ENSIGN_MAX_BODY_BYTES must be a positive whole number of bytes, not "${raw}"`);
  }
  return bytes;
}

let maxBodyBytes: number | undefined;

/** The body cap of this process (read from the environment on first use). */
export function maxRequestBodyBytes(): number {
  maxBodyBytes ??= readMaxBodyBytes();
  return maxBodyBytes;
}
