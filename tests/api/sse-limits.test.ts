// Issue 24, SSE limits: streams are capped per environment, per client address and in total.
// A dedicated server with tiny caps (and one trusted proxy, so that each test names its client
// addresses in X-Forwarded-For without leaving loopback): past a cap the answer is 503 with
// Retry-After and a JSON detail, closing a stream frees its slot, and another address or
// environment still gets in.
import { request, type IncomingHttpHeaders } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { seed } from "../support/api";
import { startEnsign, type RunningEnsign } from "../support/server";

const CAPS = {
  ENSIGN_SSE_MAX_STREAMS: "6",
  ENSIGN_SSE_MAX_STREAMS_PER_ENVIRONMENT: "3",
  ENSIGN_SSE_MAX_STREAMS_PER_ADDRESS: "2",
  ENSIGN_TRUSTED_PROXIES: "1",
};
const BUSY = {
  total: "The server has too many open streams: try again later.",
  environment: "This environment has too many open streams: try again later.",
  address: "Too many open streams from this address: try again later.",
};

type Stream = { status: number; headers: IncomingHttpHeaders; body: unknown; close: () => void };

let server: RunningEnsign;
const open: Stream[] = [];

beforeAll(async () => {
  server = await startEnsign({ databaseUrl: inject("databaseUrl"), env: CAPS });
});

afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

afterAll(async () => {
  await server?.stop();
});

/** Opens a stream as the client `address`; a refusal's JSON body is read, an open stream kept. */
function connect(key: string, address: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}/sse/environments/${key}/stream`,
      { agent: false, headers: { "X-Forwarded-For": address } },
      (res) => {
        const close = () => req.destroy();
        const status = res.statusCode ?? 0;
        if (status === 200) {
          const stream = { status, headers: res.headers, body: null, close };
          open.push(stream);
          return resolve(stream);
        }
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text, for the assertion to show
          }
          resolve({ status, headers: res.headers, body, close });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Connects until the stream opens: a slot freed by a close is freed once the server sees it. */
async function connectOnceFree(key: string, address: string): Promise<Stream> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const stream = await connect(key, address);
    if (stream.status === 200 || Date.now() > deadline) return stream;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectRefused(stream: Stream, detail: string) {
  expect([stream.status, stream.body]).toEqual([503, { detail }]);
  expect(Number(stream.headers["retry-after"])).toBeGreaterThan(0);
  expect(stream.headers["content-type"]).toBe("application/json");
  expect(stream.headers["access-control-allow-origin"]).toBe("*");
}

describe("SSE stream limits", () => {
  it("caps the streams of the whole server; closing one lets the next in", async () => {
    const [a, b, c] = await Promise.all([seed(), seed(), seed()]);
    const first: Stream[] = [];
    for (const [key, address] of [
      [a.envKey, "10.1.0.1"],
      [a.envKey, "10.1.0.1"],
      [a.envKey, "10.1.0.2"],
      [b.envKey, "10.1.0.2"],
      [b.envKey, "10.1.0.3"],
      [b.envKey, "10.1.0.3"],
    ])
      first.push(await connectOnceFree(key, address));
    expect(first.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expectRefused(await connect(c.envKey, "10.1.0.4"), BUSY.total);
    first[0].close();
    expect((await connectOnceFree(c.envKey, "10.1.0.4")).status).toBe(200);
  });

  it("caps the streams of one client address; another address still gets in", async () => {
    const [a, b, c] = await Promise.all([seed(), seed(), seed()]);
    const mine = [await connectOnceFree(a.envKey, "10.2.0.1"), await connectOnceFree(b.envKey, "10.2.0.1")];
    expect(mine.map((s) => s.status)).toEqual([200, 200]);
    expectRefused(await connect(c.envKey, "10.2.0.1"), BUSY.address);
    expect((await connectOnceFree(c.envKey, "10.2.0.2")).status).toBe(200);
    mine[1].close();
    expect((await connectOnceFree(c.envKey, "10.2.0.1")).status).toBe(200);
  });

  it("caps the streams of one environment; another environment still gets in", async () => {
    const [a, b] = await Promise.all([seed(), seed()]);
    const streams: Stream[] = [];
    for (const address of ["10.3.0.1", "10.3.0.2", "10.3.0.3"])
      streams.push(await connectOnceFree(a.envKey, address));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    expectRefused(await connect(a.envKey, "10.3.0.4"), BUSY.environment);
    expect((await connectOnceFree(b.envKey, "10.3.0.4")).status).toBe(200);
    streams[2].close();
    expect((await connectOnceFree(a.envKey, "10.3.0.4")).status).toBe(200);
  });

  it("answers an unknown key 404 whatever the caps", async () => {
    const res = await connect("no-such-key", "10.4.0.1");
    expect([res.status, res.body]).toEqual([404, { detail: "Not found." }]);
  });
});
