// Tells the other instances on the same PostgreSQL database which environments a write
// changed, through LISTEN/NOTIFY on one channel, so they recompile those snapshots (and tell
// their SSE streams) within milliseconds instead of at their next revision poll. The NOTIFY
// is sent inside the write's transaction: PostgreSQL delivers it when the transaction commits
// (never before, never for one rolled back), so it costs the commit no extra round trip and
// cannot be lost between the commit and a later send. The poll stays as the safety net: a
// notification is lost when the listener is disconnected. SQLite (one instance) needs none of this.
// The payload is "<instance> <ids>", so an instance skips its own writes (it already knows).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { databaseUrl, isPostgresUrl, type DbOrTx } from "./client";

export const REVISION_CHANNEL = "ensign_revisions";
/** PostgreSQL refuses payloads of 8000 bytes or more: past this, "all". */
const MAX_PAYLOAD_CHARS = 7000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

type ChannelState = { instance: string };
// On globalThis: Next's route bundle and the custom server load their own copies of this
// module, and both must sign with the one instance id that the listener skips.
const state = ((globalThis as Record<symbol, ChannelState>)[Symbol.for("ensign.revision.channel")] ??= {
  instance: randomBytes(6).toString("hex"),
});

export type ChangedEnvironments = number[] | "all";

/** The NOTIFY payload for a change (the environments, or "all" when they would not fit). */
export function formatRevisionPayload(instance: string, ids: ChangedEnvironments): string {
  const list = ids === "all" ? "all" : ids.join(",");
  return `${instance} ${list.length > MAX_PAYLOAD_CHARS ? "all" : list}`;
}

/** The sender and environments of a payload; null for one this code did not write. */
export function parseRevisionPayload(payload: string): { instance: string; ids: ChangedEnvironments } | null {
  const match = /^([0-9a-f]+) (all|\d+(?:,\d+)*)$/.exec(payload);
  if (!match) return null;
  return { instance: match[1], ids: match[2] === "all" ? "all" : match[2].split(",").map(Number) };
}

/**
 * Tells the other instances of the change, through `client`: in a transaction, the write's
 * own, so that PostgreSQL delivers the notification when (and only if) it commits.
 */
export async function publishRevisionChange(client: DbOrTx, ids: ChangedEnvironments): Promise<void> {
  if (!isPostgresUrl(databaseUrl()) || (ids !== "all" && ids.length === 0)) return;
  // executeRaw: pg_notify returns void, a column type that queryRaw cannot read.
  await client.$executeRawUnsafe(
    "SELECT pg_notify($1, $2)",
    REVISION_CHANNEL,
    formatRevisionPayload(state.instance, ids),
  );
}

export type RevisionListener = {
  /** Another instance's change. */
  onChange: (ids: ChangedEnvironments) => void;
  /** (Re)connected: changes sent while disconnected were missed, so look at every revision. */
  onConnect: () => void;
};

/**
 * Holds one dedicated connection LISTENing on the channel, reconnecting with backoff (logged
 * once per outage). Returns the stop function; on SQLite it does nothing.
 */
export function listenForRevisionChanges(listener: RevisionListener): () => void {
  const url = databaseUrl();
  if (!isPostgresUrl(url)) return () => undefined;
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let loggedOutage = false;

  const scheduleReconnect = (error: unknown) => {
    if (stopped || retry) return;
    if (!loggedOutage) {
      loggedOutage = true;
      console.error(
        "[ensign] revision LISTEN connection lost; other instances' changes arrive by the poll until it is back:",
        error instanceof Error ? error.message : error,
      );
    }
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref?.();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel !== REVISION_CHANNEL || !message.payload) return;
      const parsed = parseRevisionPayload(message.payload);
      if (parsed && parsed.instance !== state.instance) listener.onChange(parsed.ids);
    });
    const drop = (error: unknown) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners("notification");
      next.end().catch(() => undefined);
      scheduleReconnect(error);
    };
    next.on("error", drop);
    next.on("end", () => drop(new Error("connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN ${REVISION_CHANNEL}`);
      if (stopped || client !== next) return;
      // The idle connection must not keep a finishing process alive.
      (next as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      if (loggedOutage) console.log("[ensign] revision LISTEN connection restored");
      loggedOutage = false;
      retryMs = FIRST_RETRY_MS;
      listener.onConnect();
    } catch (error) {
      drop(error);
    }
  };

  void connect();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    current?.end().catch(() => undefined);
  };
}
