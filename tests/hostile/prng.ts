// The hostile suite's only source of randomness: a small seeded generator (mulberry32), so a
// run that failed replays exactly with ENSIGN_HOSTILE_SEED set to the seed it printed.
import { randomInt } from "node:crypto";

export type Rng = {
  seed: number;
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [0, maxExclusive). */
  int: (maxExclusive: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (probability: number) => boolean;
  /** Lower-case letters and digits. */
  word: (length: number) => string;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(items.length)],
    chance: (probability) => next() < probability,
    word: (length) => Array.from({ length }, () => alphabet[int(alphabet.length)]).join(""),
  };
}

/** ENSIGN_HOSTILE_SEED when set (a whole number), otherwise a fresh one. */
export function hostileSeed(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ENSIGN_HOSTILE_SEED?.trim();
  if (!raw) return randomInt(1, 2 ** 31);
  if (!/^\d+$/.test(raw) || Number(raw) >= 2 ** 32) {
    throw new Error(`ENSIGN_HOSTILE_SEED must be a whole number below 2^32, not "${raw}"`);
  }
  return Number(raw);
}

/** A positive whole-number setting of the suite, or its default. */
export function hostileSetting(name: string, fallback: number, env = process.env): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive whole number`);
  return Number(raw);
}
