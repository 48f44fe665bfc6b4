// Limits on failed sign-ins, per account and per client address, counted in the database so
// every instance on it enforces the same limits. A sliding window estimated from two fixed
// windows: the previous window's count, weighted by how much of it still overlaps the
// sliding one, plus the current window's. Only failures count, so an address that signs in
// correctly is never slowed, and one account's failures never block another account. An
// attempt is counted before its password is checked and uncounted if it succeeds, so
// parallel guesses cannot all pass a limit that was read before any of them failed.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { ThrottledError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";

/** Without an email only the address counts (a sign-up probing for a taken email). */
export type LoginSubject = { email?: string; address: string };

export type LoginLimits = { windowSeconds: number; perAccount: number; perAddress: number };

function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** 0 turns a limit off. */
export function loginLimits(): LoginLimits {
  return {
    windowSeconds: Math.max(1, envNumber("ENSIGN_LOGIN_WINDOW_SECONDS", 900)),
    perAccount: envNumber("ENSIGN_LOGIN_MAX_FAILURES_PER_ACCOUNT", 10),
    perAddress: envNumber("ENSIGN_LOGIN_MAX_FAILURES_PER_ADDRESS", 50),
  };
}

// Emails are stored hashed: the table also counts attempts on addresses that have no account.
const accountKey = (email: string) =>
  `account:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Seconds until the sliding count drops below `limit`, or 0 if it is below already.
 * `elapsed` is the fraction of the current window that has passed.
 */
export function secondsUntilAllowed({
  previous,
  current,
  limit,
  elapsed,
  windowSeconds,
}: {
  previous: number;
  current: number;
  limit: number;
  elapsed: number;
  windowSeconds: number;
}): number {
  if (limit <= 0 || previous * (1 - elapsed) + current < limit) return 0;
  const fraction =
    current >= limit ? 1 - elapsed + (1 - limit / current) : 1 - (limit - current) / previous - elapsed;
  return Math.max(1, Math.ceil(fraction * windowSeconds));
}

/**
 * One sign-in attempt, counted before its password is checked: held until settled. Parallel
 * guesses each take a place in the count first, so no more of them than the limit allows
 * ever reach a password check, on any instance.
 */
export type LoginReservation = { keys: string[]; window: number; settled: boolean };

const held = new AsyncLocalStorage<{ subject: LoginSubject; reservation: LoginReservation }>();

const sameSubject = (a: LoginSubject, b: LoginSubject) =>
  a.address === b.address &&
  (a.email === undefined) === (b.email === undefined) &&
  (a.email === undefined || accountKey(a.email) === accountKey(b.email ?? ""));

/** Adds one to a key's count in a window and answers the new count, in one statement. */
async function increment(key: string, window: number): Promise<number> {
  const rows = await db.$queryRaw<{ count: number | bigint }[]>`
    INSERT INTO "LoginAttempt" ("key", "windowStart", "count") VALUES (${key}, ${window}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "LoginAttempt"."count" + 1
    RETURNING "count"`;
  return Number(rows[0].count);
}

async function decrement(keys: string[], window: number): Promise<void> {
  await db.loginAttempt.updateMany({
    where: { key: { in: keys }, windowStart: window, count: { gt: 0 } },
    data: { count: { decrement: 1 } },
  });
}

/**
 * Reserves a sign-in attempt for the account and the address: it counts as a failure until
 * released. Over either limit, the reservation is undone and ThrottledError (429,
 * Retry-After) is thrown. Inside `holdLoginReservation` for the same subject, the held
 * reservation is answered instead of a second one.
 */
export async function reserveLoginAttempt(
  subject: LoginSubject,
  now = Date.now(),
): Promise<LoginReservation> {
  const outer = held.getStore();
  if (outer && !outer.reservation.settled && sameSubject(outer.subject, subject)) return outer.reservation;
  const { windowSeconds, perAccount, perAddress } = loginLimits();
  const window = Math.floor(now / 1000 / windowSeconds);
  const checks = [{ key: addressKey(subject.address), limit: perAddress }];
  if (subject.email !== undefined) checks.push({ key: accountKey(subject.email), limit: perAccount });
  const active = checks.filter((c) => c.limit > 0);
  const reservation: LoginReservation = { keys: active.map((c) => c.key), window, settled: false };
  if (active.length === 0) return reservation;
  // Counted first, read after: each attempt sees the attempts taken before it, itself included.
  const counts = new Map<string, number>();
  for (const { key } of active) counts.set(key, await increment(key, window));
  const previous = await db.loginAttempt.findMany({
    where: { key: { in: reservation.keys }, windowStart: window - 1 },
  });
  const elapsed = now / 1000 / windowSeconds - window;
  const wait = Math.max(
    ...active.map(({ key, limit }) =>
      secondsUntilAllowed({
        previous: previous.find((r) => r.key === key)?.count ?? 0,
        current: (counts.get(key) ?? 1) - 1,
        limit,
        elapsed,
        windowSeconds,
      }),
    ),
  );
  if (wait > 0) {
    // A refused attempt checks no password: it is no failure.
    await releaseLoginAttempt(reservation);
    throw new ThrottledError(wait);
  }
  return reservation;
}

/** The attempt succeeded (or never checked a password): it no longer counts. */
export async function releaseLoginAttempt(reservation: LoginReservation): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  if (reservation.keys.length > 0) await decrement(reservation.keys, reservation.window);
}

/** The attempt failed: it stays counted. Windows before the previous one are dropped. */
export async function keepLoginFailure(reservation: LoginReservation): Promise<void> {
  if (reservation.settled) return;
  reservation.settled = true;
  await db.loginAttempt.deleteMany({ where: { windowStart: { lt: reservation.window - 1 } } });
}

/**
 * Runs `fn` holding a reservation made outside it (the dashboard's sign-in reserves before
 * next-auth runs, so it can answer 429): reserveLoginAttempt for the same subject inside answers
 * it. Whatever `fn` leaves unsettled is released: no password was checked.
 */
export async function holdLoginReservation<T>(
  subject: LoginSubject,
  reservation: LoginReservation,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await held.run({ subject, reservation }, fn);
  } finally {
    await releaseLoginAttempt(reservation);
  }
}
