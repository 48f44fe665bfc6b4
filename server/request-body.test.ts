import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { createBodyLimiter } from "./request-body";

function fakeResponse() {
  const res = new EventEmitter() as EventEmitter & { status?: number; body?: string; headersSent: boolean };
  Object.assign(res, {
    headersSent: false,
    writeHead(status: number) {
      res.status = status;
      res.headersSent = true;
    },
    end(body: string) {
      res.body = body;
    },
  });
  return res as unknown as ServerResponse & { status?: number; body?: string; emit: (e: string) => boolean };
}

const request = (length?: number) =>
  ({ headers: length === undefined ? {} : { "content-length": String(length) } }) as IncomingMessage;

describe("createBodyLimiter", () => {
  const limit = createBodyLimiter({ maxBodyBytes: 100, maxInFlightBytes: 150 });

  it("refuses a declared length over the cap with 413, and lets bodiless requests through", () => {
    const dispatched: unknown[] = [];
    const big = fakeResponse();
    limit(request(101), big, (req) => dispatched.push(req));
    expect([big.status, JSON.parse(big.body!)]).toEqual([
      413,
      { detail: "Request body is too large: the limit is 100 bytes." },
    ]);
    for (let i = 0; i < 1000; i++) limit(request(), fakeResponse(), (req) => dispatched.push(req));
    expect(dispatched).toHaveLength(1000);
  });

  it("answers 503 past the bytes in flight until earlier bodies are answered", () => {
    const first = fakeResponse();
    const second = fakeResponse();
    const third = fakeResponse();
    let dispatched = 0;
    limit(request(100), first, () => dispatched++);
    limit(request(60), second, () => dispatched++);
    expect([dispatched, second.status]).toEqual([1, 503]);
    limit(request(50), third, () => dispatched++);
    expect(dispatched).toBe(2);
    first.emit("close");
    third.emit("close");
    const again = fakeResponse();
    limit(request(100), again, () => dispatched++);
    expect(dispatched).toBe(3);
    again.emit("close");
  });

  it("always lets one body through alone, even past the budget", () => {
    const alone = createBodyLimiter({ maxBodyBytes: 100, maxInFlightBytes: 10 });
    let dispatched = 0;
    alone(request(100), fakeResponse(), () => dispatched++);
    expect(dispatched).toBe(1);
  });
});
