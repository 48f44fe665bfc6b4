// How often one account and one client address may send test webhooks. The test endpoint
// sends to any public URL a member names, so without a limit it is a free request cannon
// and, timing aside, a slow port scanner. A window opens at a caller's first test and lasts
// the setting's seconds; counted in this process's memory, so each instance allows its own
// share, which is enough to make scanning impractical.
//   ENSIGN_WEBHOOK_TEST_LIMIT_PER_USER     tests per account per window (default 10; 0: off)
//   ENSIGN_WEBHOOK_TEST_LIMIT_PER_ADDRESS  tests per client address per window (default 30; 0: off)
//   ENSIGN_WEBHOOK_TEST_WINDOW_SECONDS     the window (default 60)
import { ThrottledError } from "@/lib/api/errors";

export type TestLimits = { perUser: number; perAddress: number; windowSeconds: number };

function setting(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = Number(env[name]);
  return env[name] !== undefined && env[name] !== "" && Number.isSafeInteger(value) && value >= 0
    ? value
    : fallback;
}

export function testLimits(env: Record<string, string | undefined> = process.env): TestLimits {
  return {
    perUser: setting(env, "ENSIGN_WEBHOOK_TEST_LIMIT_PER_USER", 10),
    perAddress: setting(env, "ENSIGN_WEBHOOK_TEST_LIMIT_PER_ADDRESS", 30),
    windowSeconds: Math.max(1, setting(env, "ENSIGN_WEBHOOK_TEST_WINDOW_SECONDS", 60)),
  };
}

type Counter = { start: number; count: number };
/** Entries of closed windows are dropped once this many are held. */
const PRUNE_AT = 10_000;

export function createTestLimiter(limits: () => TestLimits = testLimits) {
  const counts = new Map<string, Counter>();
  return {
    /** Counts one test for the caller, or throws ThrottledError (429, Retry-After) past a limit. */
    take(caller: { userId: number; address: string }, now = Date.now()): void {
      const { perUser, perAddress, windowSeconds } = limits();
      const windowMs = windowSeconds * 1000;
      const open = (counter: Counter | undefined) =>
        counter && now - counter.start < windowMs ? counter : undefined;
      const checks = [
        { key: `user:${caller.userId}`, limit: perUser },
        { key: `address:${caller.address}`, limit: perAddress },
      ].filter((c) => c.limit > 0);
      const full = checks.flatMap((c) => {
        const counter = open(counts.get(c.key));
        return counter && counter.count >= c.limit ? [counter] : [];
      });
      if (full.length > 0) {
        const reopens = Math.max(...full.map((c) => c.start + windowMs));
        throw new ThrottledError(Math.max(1, Math.ceil((reopens - now) / 1000)));
      }
      if (counts.size >= PRUNE_AT)
        for (const [key, counter] of counts) if (!open(counter)) counts.delete(key);
      for (const c of checks) {
        const counter = open(counts.get(c.key));
        counts.set(c.key, counter ? { ...counter, count: counter.count + 1 } : { start: now, count: 1 });
      }
    },
  };
}

type Limiter = ReturnType<typeof createTestLimiter>;
const slot = Symbol.for("ensign.webhooks.testLimiter");

/** This process's limiter (one per process, whichever bundle loads this module). */
export function webhookTestLimiter(): Limiter {
  const store = globalThis as Record<symbol, Limiter | undefined>;
  return (store[slot] ??= createTestLimiter());
}
