// Server-side SDK keys are stored as sha256 digests: a leaked database does not leak working
// keys, and checking one costs a hash of 26 characters on the SDK fast lane (never bcrypt:
// the keys are random, so a fast hash is as good as a slow one).
import { createHash } from "node:crypto";

export const SERVER_KEY_PREFIX_LENGTH = 8;

export function hashServerKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The key as listed after creation: its first characters, the rest masked, same length. */
export function maskServerKey(prefix: string, length = 26): string {
  return prefix + "*".repeat(Math.max(0, length - prefix.length));
}
