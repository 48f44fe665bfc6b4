import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBodyLimiter, receivedBody, withReceivedBody, type BodyLimits } from "./request-body";

type FakeResponse = ServerResponse & { status?: number; body?: string; headers?: Record<string, string> };

function fakeResponse() {
  const res = new EventEmitter() as EventEmitter & Record<string, unknown>;
  Object.assign(res, {
    headersSent: false,
    writeHead(status: number, headers: Record<string, string>) {
      Object.assign(res, { status, headers, headersSent: true });
    },
    end(body: string) {
      res.body = body;
    },
    destroy() {},
  });
  return res as unknown as FakeResponse;
}

/** A request with the given headers whose body the test pushes with `send` and `end`. */
function fakeRequest(headers: Record<string, string> = {}, address = "10.0.0.1") {
  const req = new EventEmitter() as EventEmitter & Record<string, unknown>;
  Object.assign(req, {
    headers,
    address,
    method: "POST",
    url: "/api/v1/identities/",
    socket: new Socket(),
    pause() {},
    resume() {},
  });
  const typed = req as unknown as IncomingMessage;
  return Object.assign(typed, {
    send: (text: string) => req.emit("data", Buffer.from(text)),
    finish: () => req.emit("end"),
  });
}

const declaring = (length: number, address?: string) =>
  fakeRequest({ "content-length": String(length) }, address);

const LIMITS: BodyLimits = {
  maxBodyBytes: 100,
  maxInFlightBytes: 150,
  maxInFlightBytesPerAddress: 150,
  startTimeoutMs: 1000,
  minBytesPerSecond: 10,
  addressOf: (req) => (req as unknown as { address: string }).address,
  now: () => Date.now(), // faked with the timers
};

async function readAll(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

const detailOf = (res: FakeResponse) => [res.status, JSON.parse(res.body!)];

describe("createBodyLimiter", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("refuses a declared length over the cap with 413, and lets bodiless requests through", () => {
    const limit = createBodyLimiter(LIMITS);
    const dispatched: unknown[] = [];
    const big = fakeResponse();
    limit(declaring(101), big, (req) => dispatched.push(req));
    expect(detailOf(big)).toEqual([413, { detail: "Request body is too large: the limit is 100 bytes." }]);
    for (let i = 0; i < 1000; i++) limit(fakeRequest(), fakeResponse(), (req) => dispatched.push(req));
    limit(declaring(0), fakeResponse(), (req) => dispatched.push(req));
    expect(dispatched).toHaveLength(1001);
  });

  it("hands on a body only once it has arrived whole, with the body, or as a request that replays it", async () => {
    const limit = createBodyLimiter(LIMITS);
    const dispatched: IncomingMessage[] = [];
    const req = declaring(11);
    limit(req, fakeResponse(), (r) => dispatched.push(r));
    req.send('{"a":');
    expect(dispatched).toHaveLength(0);
    req.send('"bc"}');
    req.finish();
    expect(dispatched).toEqual([req]);
    expect(receivedBody(req)?.toString()).toBe('{"a":"bc"}');
    const replay = withReceivedBody(req);
    expect([replay.method, replay.url, replay.headers]).toEqual([
      "POST",
      "/api/v1/identities/",
      { "content-length": "11" },
    ]);
    expect(await readAll(replay)).toBe('{"a":"bc"}');
    const bodiless = fakeRequest();
    expect([receivedBody(bodiless), withReceivedBody(bodiless)]).toEqual([undefined, bodiless]);
  });

  it("counts bytes as they arrive: bodies declared and not sent hold none of the budget", () => {
    const limit = createBodyLimiter(LIMITS);
    for (let i = 0; i < 4; i++) limit(declaring(100, `10.0.0.${i}`), fakeResponse(), () => undefined);
    let dispatched = 0;
    const fifth = declaring(100, "10.0.0.9");
    limit(fifth, fakeResponse(), () => dispatched++);
    fifth.send("x".repeat(100));
    fifth.finish();
    expect(dispatched).toBe(1);
  });

  it("answers 503 past the bytes in flight until earlier bodies are answered", () => {
    const limit = createBodyLimiter(LIMITS);
    const [first, second, third] = [declaring(100, "a"), declaring(60, "b"), declaring(50, "c")];
    const [firstRes, secondRes, thirdRes] = [fakeResponse(), fakeResponse(), fakeResponse()];
    let dispatched = 0;
    limit(first, firstRes, () => dispatched++);
    limit(second, secondRes, () => dispatched++);
    limit(third, thirdRes, () => dispatched++);
    first.send("x".repeat(100));
    first.finish();
    second.send("x".repeat(60));
    expect(detailOf(secondRes)).toEqual([
      503,
      { detail: "The server is handling too many request bodies at once: try again shortly." },
    ]);
    expect(secondRes.headers!["Retry-After"]).toBe("1");
    third.send("x".repeat(50));
    third.finish();
    expect(dispatched).toBe(2);
    firstRes.emit("close");
    thirdRes.emit("close");
    const again = declaring(100, "b");
    limit(again, fakeResponse(), () => dispatched++);
    again.send("x".repeat(100));
    again.finish();
    expect(dispatched).toBe(3);
  });

  it("holds one address to its share, while other addresses still fit", () => {
    const limit = createBodyLimiter({ ...LIMITS, maxInFlightBytes: 300, maxInFlightBytesPerAddress: 100 });
    const held = declaring(90, "greedy");
    limit(held, fakeResponse(), () => undefined);
    held.send("x".repeat(90));
    const more = declaring(20, "greedy");
    const moreRes = fakeResponse();
    limit(more, moreRes, () => undefined);
    more.send("x".repeat(20));
    expect(moreRes.status).toBe(503);
    let dispatched = 0;
    const other = declaring(100, "other");
    limit(other, fakeResponse(), () => dispatched++);
    other.send("x".repeat(100));
    other.finish();
    expect(dispatched).toBe(1);
  });

  it("always lets one body through alone, even past the budget or the address's share", () => {
    const alone = createBodyLimiter({ ...LIMITS, maxInFlightBytes: 10, maxInFlightBytesPerAddress: 5 });
    let dispatched = 0;
    const req = declaring(100);
    alone(req, fakeResponse(), () => dispatched++);
    req.send("x".repeat(100));
    req.finish();
    expect(dispatched).toBe(1);
  });

  it("drops a body that does not start in time with 408, and one that falls under the rate", () => {
    const limit = createBodyLimiter({ ...LIMITS, maxInFlightBytes: 20, maxInFlightBytesPerAddress: 20 });
    const silent = declaring(50, "silent");
    const silentRes = fakeResponse();
    limit(silent, silentRes, () => undefined);
    const slow = declaring(50, "slow");
    const slowRes = fakeResponse();
    limit(slow, slowRes, () => undefined);
    vi.advanceTimersByTime(900);
    slow.send("x".repeat(15));
    vi.advanceTimersByTime(100);
    // The first window only asks for a start.
    expect([silentRes.status, slowRes.status]).toEqual([408, undefined]);
    expect(JSON.parse(silentRes.body!)).toEqual({ detail: "The request body did not arrive in time." });
    for (let i = 0; i < 9; i++) {
      vi.advanceTimersByTime(100);
      slow.send("x");
    }
    expect(slowRes.status).toBe(undefined);
    vi.advanceTimersByTime(100);
    // 9 bytes in a window that needs 10.
    expect(slowRes.status).toBe(408);
    // Its 24 bytes are released: a body of the whole budget fits beside nothing.
    let dispatched = 0;
    const next = declaring(20, "next");
    const other = declaring(20, "other");
    limit(next, fakeResponse(), () => dispatched++);
    limit(other, fakeResponse(), () => dispatched++);
    next.send("x".repeat(20));
    next.finish();
    other.send("x".repeat(1));
    expect(dispatched).toBe(1);
  });

  it("times each body's windows from its own start, with one timer for them all", () => {
    const limit = createBodyLimiter(LIMITS);
    const early = declaring(50, "early");
    const earlyRes = fakeResponse();
    limit(early, earlyRes, () => undefined);
    vi.advanceTimersByTime(500);
    const late = declaring(50, "late");
    const lateRes = fakeResponse();
    limit(late, lateRes, () => undefined);
    for (let i = 0; i < 100; i++) {
      const quick = declaring(10, `quick-${i}`);
      limit(quick, fakeResponse(), () => undefined);
      quick.send("x".repeat(10));
      quick.finish();
    }
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(499);
    expect([earlyRes.status, lateRes.status]).toEqual([undefined, undefined]);
    vi.advanceTimersByTime(1);
    expect([earlyRes.status, lateRes.status]).toEqual([408, undefined]);
    vi.advanceTimersByTime(499);
    expect(lateRes.status).toBe(undefined);
    vi.advanceTimersByTime(1);
    expect(lateRes.status).toBe(408);
    // Nothing left to time: no timer stays armed.
    vi.advanceTimersByTime(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("forgets the addresses with nothing in flight once it holds more than 1,024", () => {
    const limit = createBodyLimiter(LIMITS);
    for (let i = 0; i < 3000; i++) {
      const req = declaring(10, `10.1.${i >> 8}.${i & 255}`);
      limit(req, fakeResponse(), () => undefined);
      req.send("x".repeat(10));
      req.finish();
    }
    vi.advanceTimersByTime(10);
    expect(limit.addressesTracked()).toBeLessThanOrEqual(1025);
  });

  it("keeps a body that arrives at the minimum rate", () => {
    const limit = createBodyLimiter(LIMITS);
    let dispatched = 0;
    const req = declaring(40);
    const res = fakeResponse();
    limit(req, res, () => dispatched++);
    for (let i = 0; i < 4; i++) {
      req.send("x".repeat(10));
      vi.advanceTimersByTime(1000);
    }
    req.finish();
    expect([dispatched, res.status]).toEqual([1, undefined]);
    vi.advanceTimersByTime(10_000);
    expect(res.status).toBe(undefined);
  });

  it("counts a chunked body against the cap as it arrives", () => {
    const limit = createBodyLimiter(LIMITS);
    const req = fakeRequest({ "transfer-encoding": "chunked" });
    const res = fakeResponse();
    limit(req, res, () => undefined);
    req.send("x".repeat(60));
    req.send("x".repeat(60));
    expect(res.status).toBe(413);
  });
});
