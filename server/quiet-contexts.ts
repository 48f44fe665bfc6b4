// Async context tracking off while nobody uses it. On Node 20, once any AsyncLocalStorage has
// run a store (Next does for every request it handles; Ensign's audit actor and after-commit
// hooks do too), Node calls an init hook for every promise, tick, timer and socket write in the
// process, for good. On the SDK's fast lane, which uses no store, that bookkeeping was about a
// sixth of a `GET /flags/` answer's CPU (README, Performance).
//
// So the stores are switched off when none is in use: no `run()` under way, no request inside
// Next, for `quietMs`. The next `run()` switches its store on again (Node's own behaviour: the
// same as the first request of a fresh process). Nothing that holds a store is ever cut short:
// a `run()` counts until the promise its callback returns settles, and a request handed to
// Next counts until its response closes, however long it streams.
import { AsyncLocalStorage } from "node:async_hooks";

export type QuietContexts = {
  /** Counts a request handed to Next; call the answer when its response has closed. */
  enter(): () => void;
  /** Whether every store is switched off now. */
  readonly quiet: boolean;
  /** How many times the stores were switched off since start. */
  readonly timesQuieted: number;
  /** Restores `run()` and switches nothing off any more. */
  stop(): void;
};

const MAX_QUIET_MS = 600_000;
export const DEFAULT_QUIET_MS = 2_000;

/** ENSIGN_QUIET_CONTEXTS_MS: 0 never switches the stores off. */
export function readQuietContextsMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ENSIGN_QUIET_CONTEXTS_MS;
  if (raw === undefined || raw === "") return DEFAULT_QUIET_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_QUIET_MS)
    throw new Error(`ENSIGN_QUIET_CONTEXTS_MS must be an integer from 0 to ${MAX_QUIET_MS}, not "${raw}"`);
  return value;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  (typeof value === "object" || typeof value === "function") &&
  value !== null &&
  typeof (value as { then?: unknown }).then === "function";

type Run = (
  this: AsyncLocalStorage<unknown>,
  store: unknown,
  callback: (...args: unknown[]) => unknown,
  ...args: unknown[]
) => unknown;

/** Installs the switch for every AsyncLocalStorage of the process (call once, at start-up). */
export function startQuietContexts({ quietMs }: { quietMs: number }): QuietContexts {
  const prototype = AsyncLocalStorage.prototype as unknown as { run: Run };
  const originalRun = prototype.run;
  const stores = new Set<AsyncLocalStorage<unknown>>();
  let busy = 0; // runs under way plus requests inside Next
  let quietSince = 0;
  let timer: NodeJS.Timeout | undefined;
  let quiet = false;
  let timesQuieted = 0;
  let stopped = quietMs === 0;

  const check = () => {
    timer = undefined;
    if (stopped || busy > 0 || quiet) return;
    const left = quietSince + quietMs - performance.now();
    if (left > 0) {
      timer = setTimeout(check, left).unref();
      return;
    }
    for (const store of stores) store.disable();
    // Each comes back with its next run(); one made for a while is then not held here.
    stores.clear();
    quiet = true;
    timesQuieted += 1;
  };
  const enterBusy = () => {
    busy += 1;
    quiet = false;
  };
  const leaveBusy = () => {
    busy -= 1;
    if (busy > 0 || stopped) return;
    quietSince = performance.now();
    timer ??= setTimeout(check, quietMs).unref();
  };

  if (!stopped) {
    prototype.run = function run(this: AsyncLocalStorage<unknown>, store, callback, ...args) {
      stores.add(this);
      enterBusy();
      let result: unknown;
      try {
        result = originalRun.call(this, store, callback, ...args);
      } catch (error) {
        leaveBusy();
        throw error;
      }
      // Settled or not, the caller's own handling of the promise is untouched.
      if (isThenable(result)) result.then(leaveBusy, leaveBusy);
      else leaveBusy();
      return result;
    };
  }

  return {
    enter() {
      if (stopped) return () => undefined;
      enterBusy();
      let left = false;
      return () => {
        if (left) return;
        left = true;
        leaveBusy();
      };
    },
    get quiet() {
      return quiet;
    },
    get timesQuieted() {
      return timesQuieted;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer) clearTimeout(timer);
      prototype.run = originalRun;
    },
  };
}
