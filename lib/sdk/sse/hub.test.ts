import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import type { SdkSnapshot } from "../snapshot";
import {
  admitStream,
  announceChange,
  encodeEvent,
  environmentUpdatedText,
  FANOUT_SLICE,
  lastFanout,
  openingEvent,
  openStream,
  TOO_MANY_STREAMS,
  TooManyStreamsError,
  type SseSink,
} from "./hub";
import { readStreamCaps, STREAM_RETRY_AFTER_SECONDS } from "./limits";

class FakeSink extends EventEmitter implements SseSink {
  writableLength = 0;
  written: Uint8Array[] = [];
  constructor(readonly chunked = true) {
    super();
  }
  write(chunk: Uint8Array) {
    this.written.push(chunk);
    return true;
  }
  end() {
    this.emit("close");
  }
  destroy() {
    this.emit("close");
  }
  /** Everything written, as one text. */
  text() {
    return Buffer.concat(this.written).toString();
  }
}

const snapshot = (environmentId: number, updatedAtMs = 0) =>
  ({ environmentId, updatedAt: new Date(updatedAtMs) }) as unknown as SdkSnapshot;
const caps = { total: 4, perEnvironment: 2, perAddress: 3 };
let sinks: FakeSink[] = [];

function open(environmentId: number, address: string) {
  admitStream(environmentId, address, caps);
  const sink = new FakeSink();
  openStream(snapshot(environmentId), sink, address);
  sinks.push(sink);
  return sink;
}

function refusal(environmentId: number, address: string) {
  try {
    admitStream(environmentId, address, caps);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(TooManyStreamsError);
    const { status, body, headers } = error as TooManyStreamsError;
    expect([status, headers]).toEqual([503, { "Retry-After": String(STREAM_RETRY_AFTER_SECONDS) }]);
    return (body as { detail: string }).detail;
  }
}

afterEach(() => {
  for (const sink of sinks) sink.end();
  sinks = [];
});

describe("SSE stream caps", () => {
  it("caps one address, and frees its slot when a stream closes", () => {
    const first = open(1, "a");
    open(2, "a");
    open(3, "a");
    expect(refusal(4, "a")).toBe(TOO_MANY_STREAMS.address);
    expect(refusal(4, "b")).toBeNull();
    first.end();
    expect(refusal(4, "a")).toBeNull();
  });

  it("caps one environment; other environments still open", () => {
    open(1, "a");
    const second = open(1, "b");
    expect(refusal(1, "c")).toBe(TOO_MANY_STREAMS.environment);
    expect(refusal(2, "c")).toBeNull();
    second.destroy();
    expect(refusal(1, "c")).toBeNull();
  });

  it("caps the whole server", () => {
    open(1, "a");
    open(1, "b");
    open(2, "c");
    const last = open(2, "d");
    expect(refusal(3, "e")).toBe(TOO_MANY_STREAMS.total);
    last.end();
    expect(refusal(3, "e")).toBeNull();
  });
});

/** Lets the fan-out's later slices (one per turn of the event loop) run. */
async function turns(count: number) {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Decodes an HTTP/1.1 chunked body (without its last, empty chunk). */
function dechunk(bytes: Buffer): string {
  let text = "";
  let at = 0;
  while (at < bytes.length) {
    const lineEnd = bytes.indexOf("\r\n", at);
    const size = parseInt(bytes.subarray(at, lineEnd).toString(), 16);
    text += bytes.subarray(lineEnd + 2, lineEnd + 2 + size).toString();
    expect(bytes.subarray(lineEnd + 2 + size, lineEnd + 4 + size).toString()).toBe("\r\n");
    at = lineEnd + 4 + size;
  }
  return text;
}

describe("SSE fan-out", () => {
  it("frames an event once as an HTTP/1.1 chunk and bare", () => {
    const text = environmentUpdatedText(1_700_000_000_500);
    expect(text).toBe('event: environment_updated\ndata: {"updated_at":1700000000.5}\n\n');
    const event = encodeEvent(text);
    expect(event.plain.toString()).toBe(text);
    expect(event.chunked.toString()).toBe(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    expect(dechunk(event.chunked)).toBe(text);
  });

  it("writes every stream the shared bytes in order, a slice per turn, and drops a stream that stopped reading", async () => {
    const environmentId = 9001;
    const count = FANOUT_SLICE * 2 + 7;
    const chunked = Array.from({ length: count - 1 }, () => new FakeSink(true));
    const plain = new FakeSink(false); // an HTTP/1.0 client: its body runs until the close
    const all = [...chunked, plain];
    all.forEach((sink, i) => openStream(snapshot(environmentId, 1000), sink, `fanout-${i % 100}`));
    sinks.push(...all);
    const stalled = chunked[FANOUT_SLICE + 3];
    stalled.writableLength = 1024 * 1024;
    const opening = openingEvent(1000);
    expect(chunked[0].written).toEqual([opening.chunked]);
    expect(plain.written).toEqual([opening.plain]);

    announceChange(environmentId, 2000);
    announceChange(environmentId, 3000);
    announceChange(environmentId, 2500); // older than what the streams heard: not sent
    // The first slice is written at once, the rest on later turns.
    expect(all.filter((sink) => sink.written.length > 1)).toHaveLength(FANOUT_SLICE);
    // A stream that closes while the fan-out is under way is not written to.
    const gone = chunked[FANOUT_SLICE];
    gone.end();
    await turns(6);
    const expected = [
      opening,
      encodeEvent(environmentUpdatedText(2000)),
      encodeEvent(environmentUpdatedText(3000)),
    ];
    // Each stream got the bytes encoded once for all of them.
    const wrong = chunked.filter(
      (sink) =>
        sink !== stalled &&
        sink !== gone &&
        (sink.written.length !== 3 ||
          sink.written.some((bytes, i) => !Buffer.from(bytes).equals(expected[i].chunked))),
    );
    expect(wrong).toHaveLength(0);
    // One chunked and one bare Buffer for all the streams.
    const heard = all.filter((sink) => sink !== stalled && sink !== gone);
    expect(new Set(heard.map((sink) => sink.written[1])).size).toBe(2);
    expect(gone.written).toHaveLength(1);
    const texts = "retry: 2000\n\n" + [1000, 2000, 3000].map(environmentUpdatedText).join("");
    expect(dechunk(Buffer.concat(chunked[0].written))).toBe(texts);
    expect(plain.text()).toBe(texts);
    expect(stalled.written).toHaveLength(1);
    expect(stalled.listenerCount("close")).toBe(0); // destroyed: its slot was freed
    expect(lastFanout()).toMatchObject({ streams: count });
    // A stream that opens after the change starts from the newest time.
    const late = new FakeSink();
    openStream(snapshot(environmentId, 1000), late, "late");
    sinks.push(late);
    expect(late.written).toEqual([openingEvent(3000).chunked]);
  });
});

describe("readStreamCaps", () => {
  it("reads positive integers and keeps the defaults otherwise", () => {
    expect(readStreamCaps({})).toEqual({ total: 4000, perEnvironment: 2000, perAddress: 200 });
    expect(
      readStreamCaps({
        ENSIGN_SSE_MAX_STREAMS: "7",
        ENSIGN_SSE_MAX_STREAMS_PER_ENVIRONMENT: "0",
        ENSIGN_SSE_MAX_STREAMS_PER_ADDRESS: "x",
      }),
    ).toEqual({ total: 7, perEnvironment: 2000, perAddress: 200 });
  });
});
