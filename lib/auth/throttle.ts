// Limits on failed sign-ins, per account and per client address, counted in the database so
// every instance on it enforces the same limits. A sliding window estimated from two fixed
// windows: the previous window's count, weighted by how much of it still overlaps the
// sliding one, plus the current window's. Only failures count, so an address that signs in
// correctly is never slowed, and one account's failures never block another account.
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

/** Throws ThrottledError (429, Retry-After) when the account or the address is over its limit. */
export async function assertLoginAllowed(subject: LoginSubject, now = Date.now()): Promise<void> {
  const { windowSeconds, perAccount, perAddress } = loginLimits();
  if (perAccount <= 0 && perAddress <= 0) return;
  const window = Math.floor(now / 1000 / windowSeconds);
  const elapsed = now / 1000 / windowSeconds - window;
  const checks = [{ key: addressKey(subject.address), limit: perAddress }];
  if (subject.email !== undefined) checks.push({ key: accountKey(subject.email), limit: perAccount });
  const rows = await db.loginAttempt.findMany({
    where: { key: { in: checks.map((c) => c.key) }, windowStart: { in: [window - 1, window] } },
  });
  const count = (key: string, start: number) =>
    rows.find((r) => r.key === key && r.windowStart === start)?.count ?? 0;
  const wait = Math.max(
    ...checks.map(({ key, limit }) =>
      secondsUntilAllowed({
        previous: count(key, window - 1),
        current: count(key, window),
        limit,
        elapsed,
        windowSeconds,
      }),
    ),
  );
  if (wait > 0) throw new ThrottledError(wait);
}

/** Counts one failed sign-in against the account and the address. */
export async function recordLoginFailure(subject: LoginSubject, now = Date.now()): Promise<void> {
  const { windowSeconds } = loginLimits();
  const window = Math.floor(now / 1000 / windowSeconds);
  // One statement per key: an atomic increment whichever instance writes at the same time.
  const keys = [addressKey(subject.address)];
  if (subject.email !== undefined) keys.push(accountKey(subject.email));
  for (const key of keys) {
    await db.$executeRaw`INSERT INTO "LoginAttempt" ("key", "windowStart", "count") VALUES (${key}, ${window}, 1)
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "LoginAttempt"."count" + 1`;
  }
  await db.loginAttempt.deleteMany({ where: { windowStart: { lt: window - 1 } } });
}
