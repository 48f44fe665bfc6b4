// Server-sent event streams of environment changes, on Flagsmith's realtime protocol: each
// stream receives `environment_updated` with `{"updated_at": <epoch seconds>}` whenever its
// environment's snapshot is recompiled with a newer document time. Snapshots are recompiled
// as soon as this process's writes commit and, on PostgreSQL, as soon as another instance's
// NOTIFY arrives (the revision poll, 250 ms, is the safety net), so streams hear of a change
// within milliseconds of it.
// Fan-out costs one shared Buffer per event and one socket write per stream: the event is
// encoded once, already framed as an HTTP/1.1 chunk (encodeEvent), and written to each
// socket as it is, with no per-stream string, JSON or framing work and no per-stream timer.
// Thousands of streams are written in slices (FANOUT_SLICE per turn of the event loop) so
// that one change does not hold every other request back. One timer sends keep-alive
// comments through the same path. The streams open at once are capped per environment, per
// client address and in total (./limits.ts).
import { ApiError } from "@/lib/api/errors";
import { onSnapshotCompiled, watchEnvironment } from "../cache";
import type { SdkSnapshot } from "../snapshot";
import { STREAM_RETRY_AFTER_SECONDS, streamCaps, type StreamCaps } from "./limits";

/**
 * What the hub needs of a stream (server/sse.ts adapts node:http's response and socket).
 * `write` sends the bytes as they are, after the response head; `chunked` says whether the
 * body is HTTP/1.1 chunked (each write is then one whole chunk) or runs until the connection
 * closes (an HTTP/1.0 client).
 */
export type SseSink = {
  readonly chunked: boolean;
  write(chunk: Uint8Array): boolean;
  end(): void;
  destroy(): void;
  readonly writableLength: number;
  once(event: "close", listener: () => void): unknown;
};

/** An SSE message encoded once for every stream: as one chunk of a chunked body, and bare. */
export type EncodedEvent = { chunked: Buffer; plain: Buffer };

/** An event on its way to a channel's streams: how far its fan-out has got. */
type Delivery = {
  event: EncodedEvent;
  rest: Iterator<SseSink>;
  /** The next stream to write (looked ahead, so that the last write completes the delivery). */
  next: IteratorResult<SseSink>;
  /** CPU time spent writing it so far (µs, user + system). */
  cpuUs: number;
  done?: (cpuUs: number) => void;
};

/** `release` lets the cache forget the environment again (see watchEnvironment). */
type Channel = {
  sinks: Set<SseSink>;
  updatedAtMs: number;
  release: () => void;
  /** Events not yet written to every stream, oldest first: each stream gets them in order. */
  queue: Delivery[];
};

export type FanoutStats = {
  /** Streams open when the event was announced, and ms from then to the last one's write. */
  streams: number;
  ms: number;
  /** CPU time of the writes alone (user + system), which the machine's load does not stretch. */
  cpuMs: number;
};

type Hub = {
  channels: Map<number, Channel>;
  /** Open streams per client address. */
  addresses: Map<string, number>;
  total: number;
  keepAlive: ReturnType<typeof setInterval> | null;
  unsubscribe: (() => void) | null;
  closing: boolean;
  /** Channels with events queued, served in turn a slice at a time. */
  pending: Set<Channel>;
  draining: boolean;
  /** The last environment_updated fan-out (GET /health/metrics/ shows it). */
  lastFanout: FanoutStats | null;
};

const KEEP_ALIVE_MS = Number(process.env.ENSIGN_SSE_KEEPALIVE_MS ?? 25_000);
/** A stream this far behind (a client that stopped reading) is dropped rather than buffered. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/**
 * Streams written per turn of the event loop. A write costs a few microseconds, most of it
 * the kernel's, so one slice holds other requests back for about 10-20 ms at most.
 */
export const FANOUT_SLICE = 2000;
const CRLF = Buffer.from("\r\n");

/** The bytes of `text` for each kind of body; `chunked` is one HTTP/1.1 chunk holding them. */
export function encodeEvent(text: string): EncodedEvent {
  const plain = Buffer.from(text);
  const chunked = Buffer.concat([Buffer.from(`${plain.length.toString(16)}\r\n`), plain, CRLF]);
  return { chunked, plain };
}

const KEEP_ALIVE = encodeEvent(": keep-alive\n\n");
// EventSource reconnects after this many ms when a stream drops (the browser default is ~3 s).
const PREAMBLE = "retry: 2000\n\n";

const hub = ((globalThis as Record<symbol, Hub>)[Symbol.for("ensign.sse.hub")] ??= {
  channels: new Map(),
  addresses: new Map(),
  total: 0,
  keepAlive: null,
  unsubscribe: null,
  closing: false,
  pending: new Set(),
  draining: false,
  lastFanout: null,
});

/** The message every stream of an environment receives when it changes. */
export function environmentUpdatedText(updatedAtMs: number): string {
  return `event: environment_updated\ndata: ${JSON.stringify({ updated_at: updatedAtMs / 1000 })}\n\n`;
}

/** What a stream is sent first: the reconnect delay and the environment's current time. */
export function openingEvent(updatedAtMs: number): EncodedEvent {
  return encodeEvent(PREAMBLE + environmentUpdatedText(updatedAtMs));
}

/** Writes the event to one stream, or drops a stream that stopped reading. */
function deliver(channel: Channel, sink: SseSink, event: EncodedEvent) {
  if (sink.writableLength > MAX_BUFFERED_BYTES) {
    channel.sinks.delete(sink);
    sink.destroy();
  } else sink.write(sink.chunked ? event.chunked : event.plain);
}

/** Writes the channel's queued events to at most `budget` streams; returns the budget left. */
function writeSlice(channel: Channel, budget: number): number {
  while (channel.queue.length > 0) {
    const delivery = channel.queue[0];
    const cpu = process.cpuUsage();
    while (budget > 0 && !delivery.next.done) {
      const sink = delivery.next.value;
      // A Set's iterator skips the streams deleted since it began, and visits those added;
      // the one looked ahead may have closed since.
      if (channel.sinks.has(sink)) deliver(channel, sink, delivery.event);
      delivery.next = delivery.rest.next();
      budget -= 1;
    }
    const spent = process.cpuUsage(cpu);
    delivery.cpuUs += spent.user + spent.system;
    if (!delivery.next.done) return 0;
    channel.queue.shift();
    delivery.done?.(delivery.cpuUs);
  }
  return budget;
}

/** Writes the queued events, FANOUT_SLICE streams per turn of the event loop, until none is left. */
function drain() {
  let budget = FANOUT_SLICE;
  for (const channel of hub.pending) {
    budget = writeSlice(channel, budget);
    if (channel.queue.length === 0) hub.pending.delete(channel);
    if (budget === 0) break;
  }
  if (hub.pending.size > 0 && !hub.closing) setImmediate(drain);
  else hub.draining = false;
}

/**
 * Queues the event for every stream of the channel (those open now, and any that opens
 * before the fan-out reaches the end); the first slice is written at once.
 */
function send(channel: Channel, event: EncodedEvent, done?: Delivery["done"]) {
  const rest = channel.sinks.values();
  channel.queue.push({ event, rest, next: rest.next(), cpuUs: 0, done });
  hub.pending.add(channel);
  if (hub.draining) return;
  hub.draining = true;
  drain();
}

/**
 * Tells the environment's streams of a change to document time `updatedAtMs` (a newer one
 * than they last heard; older or equal times are ignored). Called with every snapshot compiled.
 */
export function announceChange(environmentId: number, updatedAtMs: number): void {
  const channel = hub.channels.get(environmentId);
  if (!channel || updatedAtMs <= channel.updatedAtMs) return;
  channel.updatedAtMs = updatedAtMs;
  const started = performance.now();
  const streams = channel.sinks.size;
  send(channel, encodeEvent(environmentUpdatedText(updatedAtMs)), (cpuUs) => {
    const ms = Math.round((performance.now() - started) * 10) / 10;
    hub.lastFanout = { streams, ms, cpuMs: Math.round(cpuUs / 100) / 10 };
  });
}

/** The last environment_updated fan-out on this instance; null before the first. */
export function lastFanout(): FanoutStats | null {
  return hub.lastFanout;
}

/** Streams open on this instance. */
export function openStreamCount(): number {
  return hub.total;
}

function ensureStarted() {
  hub.unsubscribe ??= onSnapshotCompiled((snapshot) =>
    announceChange(snapshot.environmentId, snapshot.updatedAt.getTime()),
  );
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
 * The caller has checked admitStream and sent the response head in the same turn of the
 * event loop; the stream opens with the environment's current time, so a client that
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
      queue: [],
    };
    hub.channels.set(snapshot.environmentId, channel);
  }
  const { environmentId } = snapshot;
  const joined = channel;
  joined.sinks.add(sink);
  hub.total += 1;
  hub.addresses.set(address, (hub.addresses.get(address) ?? 0) + 1);
  sink.write(
    openingEvent(Math.max(joined.updatedAtMs, snapshot.updatedAt.getTime()))[
      sink.chunked ? "chunked" : "plain"
    ],
  );
  sink.once("close", () => {
    joined.sinks.delete(sink);
    if (joined.sinks.size === 0 && hub.channels.get(environmentId) === joined) {
      hub.channels.delete(environmentId);
      hub.pending.delete(joined);
      joined.queue = [];
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
  hub.pending.clear();
}
