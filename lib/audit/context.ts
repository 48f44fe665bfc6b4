// Who is making the current request. The route wrapper (lib/route/handler.ts) runs each
// authenticated handler inside this context, so the write functions that record audit
// entries read the author here instead of every route passing it down. The store lives on
// globalThis: Next's route bundle and the custom server bundle each load this module.
import { AsyncLocalStorage } from "node:async_hooks";

/** masterApiKeyId: the organisation API key the request came with (userId is its hidden account). */
export type Actor = { userId: number; masterApiKeyId?: number };

const storage = ((globalThis as Record<symbol, AsyncLocalStorage<Actor>>)[
  Symbol.for("ensign.audit.actor")
] ??= new AsyncLocalStorage<Actor>());

export function runAsActor<T>(actor: Actor | undefined, fn: () => T): T {
  return actor ? storage.run(actor, fn) : fn();
}

/** The account behind the current request; undefined for changes the server makes itself. */
export function currentActor(): Actor | undefined {
  return storage.getStore();
}
