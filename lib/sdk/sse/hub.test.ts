import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import type { SdkSnapshot } from "../snapshot";
import { admitStream, openStream, TOO_MANY_STREAMS, TooManyStreamsError, type SseSink } from "./hub";
import { readStreamCaps, STREAM_RETRY_AFTER_SECONDS } from "./limits";

class FakeSink extends EventEmitter implements SseSink {
  writableLength = 0;
  write() {
    return true;
  }
  end() {
    this.emit("close");
  }
  destroy() {
    this.emit("close");
  }
}

const snapshot = (environmentId: number) =>
  ({ environmentId, updatedAt: new Date(0) }) as unknown as SdkSnapshot;
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
