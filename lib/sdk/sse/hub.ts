// Server-sent event streams of environment changes, on Flagsmith's realtime protocol: each
// stream receives `environment_updated` with `{"updated_at": <epoch seconds>}` whenever its
// environment's snapshot is recompiled with a newer document time. Snapshots are recompiled
// after this process's writes and, through the revision poll, after other instances' writes,
// so every instance's streams hear of every change within the poll interval (250 ms).
// One timer sends keep-alive comments to every stream; a stream costs its socket and one Set
// entry, nothing per stream per change beyond one write of a shared buffer.
import { onSnapshotCompiled, watchEnvironment } from "../cache";
import type { SdkSnapshot } from "../snapshot";

/** What the hub needs of a response: node:http's ServerResponse fits. */
export type SseSink = {
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(): void;
  readonly writableLength: number;
  once(event: "close", listener: () => void): unknown;
};

/** `release` lets the cache forget the environment again (see watchEnvironment). */
type Channel = { sinks: Set<SseSink>; updatedAtMs: number; release: () => void };

type Hub = {
  channels: Map<number, Channel>;
  keepAlive: ReturnType<typeof setInterval> | null;
  unsubscribe: (() => void) | null;
  closing: boolean;
};

const KEEP_ALIVE_MS = Number(process.env.ENSIGN_SSE_KEEPALIVE_MS ?? 25_000);
/** A stream this far behind (a client that stopped reading) is dropped rather than buffered. */
const MAX_BUFFERED_BYTES = 64 * 1024;
const KEEP_ALIVE = Buffer.from(": keep-alive\n\n");
// EventSource reconnects after this many ms when a stream drops (the browser default is ~3 s).
const PREAMBLE = Buffer.from("retry: 2000\n\n");

const hub = ((globalThis as Record<symbol, Hub>)[Symbol.for("ensign.sse.hub")] ??= {
  channels: new Map(),
  keepAlive: null,
  unsubscribe: null,
  closing: false,
});

/** The event every stream of an environment receives when it changes. */
export function environmentUpdatedEvent(updatedAtMs: number): Buffer {
  return Buffer.from(
    `event: environment_updated\ndata: ${JSON.stringify({ updated_at: updatedAtMs / 1000 })}\n\n`,
  );
}

function send(channel: Channel, chunk: Buffer) {
  for (const sink of channel.sinks) {
    if (sink.writableLength > MAX_BUFFERED_BYTES) {
      channel.sinks.delete(sink);
      sink.destroy();
    } else sink.write(chunk);
  }
}

function announce(snapshot: SdkSnapshot) {
  const channel = hub.channels.get(snapshot.environmentId);
  const updatedAtMs = snapshot.updatedAt.getTime();
  if (!channel || updatedAtMs <= channel.updatedAtMs) return;
  channel.updatedAtMs = updatedAtMs;
  send(channel, environmentUpdatedEvent(updatedAtMs));
}

function ensureStarted() {
  hub.unsubscribe ??= onSnapshotCompiled(announce);
  if (!hub.keepAlive) {
    hub.keepAlive = setInterval(() => {
      for (const channel of hub.channels.values()) send(channel, KEEP_ALIVE);
    }, KEEP_ALIVE_MS);
    hub.keepAlive.unref?.();
  }
}

/**
 * Adds a stream for the snapshot's environment. The caller has written the response headers;
 * the stream opens with the environment's current time, so a client that reconnects after
 * missing an event still learns of the change.
 */
export function openStream(snapshot: SdkSnapshot, sink: SseSink): void {
  if (hub.closing) {
    sink.end();
    return;
  }
  ensureStarted();
  let channel = hub.channels.get(snapshot.environmentId);
  if (!channel) {
    channel = {
      sinks: new Set(),
      updatedAtMs: snapshot.updatedAt.getTime(),
      // Its snapshot may be dropped from the cache; its changes must still be heard.
      release: watchEnvironment(snapshot),
    };
    hub.channels.set(snapshot.environmentId, channel);
  }
  const { environmentId } = snapshot;
  const joined = channel;
  joined.sinks.add(sink);
  sink.write(PREAMBLE);
  sink.write(environmentUpdatedEvent(Math.max(joined.updatedAtMs, snapshot.updatedAt.getTime())));
  sink.once("close", () => {
    joined.sinks.delete(sink);
    if (joined.sinks.size === 0 && hub.channels.get(environmentId) === joined) {
      hub.channels.delete(environmentId);
      joined.release();
    }
  });
}

/** Open streams, all environments together. */
export function countStreams(): number {
  let count = 0;
  for (const channel of hub.channels.values()) count += channel.sinks.size;
  return count;
}

/** Ends every stream and refuses new ones (shutdown: the server cannot close while they are open). */
export function closeAllStreams(): void {
  hub.closing = true;
  if (hub.keepAlive) clearInterval(hub.keepAlive);
  hub.keepAlive = null;
  hub.unsubscribe?.();
  hub.unsubscribe = null;
  for (const channel of hub.channels.values()) {
    for (const sink of channel.sinks) sink.end();
    channel.release();
  }
  hub.channels.clear();
}
