import { createHash, randomBytes, randomUUID } from "node:crypto";
import { v7 as uuidv7 } from "uuid";

// Flagsmith's environment keys are shortuuid values: 22 characters from this
// 57-character alphabet (no 0, 1, I, O, l). SDK users paste them around, so we keep the look.
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

export function generateShortKey(length = 22): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 228 && out.length < length) out += ALPHABET[byte % 57];
    }
  }
  return out;
}

export const generateEnvironmentKey = () => generateShortKey();
export const generateServerKey = () => `ser.${generateShortKey()}`;
export const generateUuid = () => randomUUID();

/**
 * For rows created at SDK rate (identities): a version 7 UUID starts with the time, so new
 * values land at the end of the unique index instead of on a random page, which roughly
 * halves the pages each identity insert dirties.
 */
export const generateTimeOrderedUuid = () => uuidv7();

// Server-side SDK keys are stored as sha256 digests: a leaked database does not leak working
// keys, and checking one costs a hash of 26 characters on the SDK fast lane (never bcrypt:
// the keys are random, so a fast hash is as good as a slow one).
export const SERVER_KEY_PREFIX_LENGTH = 8;

export function hashServerKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The key as listed after creation: its first characters, the rest masked, same length. */
export function maskServerKey(prefix: string, length = 26): string {
  return prefix + "*".repeat(Math.max(0, length - prefix.length));
}
