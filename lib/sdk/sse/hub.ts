// Server-sent event streams of environment changes, on Flagsmith's realtime protocol: each
// stream receives `environment_updated` with `{"updated_at": <epoch seconds>}` whenever its
// environment's snapshot is recompiled with a newer document time. Snapshots are recompiled
// after this process's writes and, through the revision poll, after other instances' writes,
// so every instance's streams hear of every change within the poll interval (250 ms).
// One timer sends keep-alive comments to every stream; a stream costs its socket and one Set
// entry, nothing per stream per change beyond one write of a shared buffer. The streams open
// at once are capped per environment, per client address and in total (./limits.ts).
import { ApiError } from "@/lib/api/errors";
import { onSnapshotCompiled, watchEnvironment } from "../cache";
import type { SdkSnapshot } from "../snapshot";
import { STREAM_RETRY_AFTER_SECONDS, streamCaps, type StreamCaps } from "./limits";

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
  /** Open streams per client address. */
  addresses: Map<string, number>;
  total: number;
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
  addresses: new Map(),
  total: 0,
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

/** 503 with Retry-After: a stream past one of the caps. */
export class TooManyStreamsError extends ApiError {
  constructor(detail: string) {
    super(503, { detail }, { "Retry-After": String(STREAM_RETRY_AFTER_SECONDS) });
  }
}

export const TOO_MANY_STREAMS = {
  address: "Too many open streams from this address: try again later.",
  environment: "This environment has too many open streams: try again later.",
  total: "The server has too many open streams: try again later.",
};

/** Throws TooManyStreamsError unless one more stream of the environment from `address` fits. */
export function admitStream(environmentId: number, address: string, caps: StreamCaps = streamCaps()): void {
  if ((hub.addresses.get(address) ?? 0) >= caps.perAddress)
    throw new TooManyStreamsError(TOO_MANY_STREAMS.address);
  if ((hub.channels.get(environmentId)?.sinks.size ?? 0) >= caps.perEnvironment)
    throw new TooManyStreamsError(TOO_MANY_STREAMS.environment);
  if (hub.total >= caps.total) throw new TooManyStreamsError(TOO_MANY_STREAMS.total);
}

/**
 * Adds a stream for the snapshot's environment, counted against `address` until it closes.
 * The caller has checked admitStream and written the response headers in the same turn of
 * the event loop; the stream opens with the environment's current time, so a client that
 * reconnects after missing an event still learns of the change.
 */
export function openStream(snapshot: SdkSnapshot, sink: SseSink, address: string): void {
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
  hub.total += 1;
  hub.addresses.set(address, (hub.addresses.get(address) ?? 0) + 1);
  sink.write(PREAMBLE);
  sink.write(environmentUpdatedEvent(Math.max(joined.updatedAtMs, snapshot.updatedAt.getTime())));
  sink.once("close", () => {
    joined.sinks.delete(sink);
    if (joined.sinks.size === 0 && hub.channels.get(environmentId) === joined) {
      hub.channels.delete(environmentId);
      joined.release();
    }
    hub.total -= 1;
    const left = (hub.addresses.get(address) ?? 1) - 1;
    if (left > 0) hub.addresses.set(address, left);
    else hub.addresses.delete(address);
  });
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
