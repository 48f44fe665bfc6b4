// Issue 24, finding 3 and the heap guard: slow clients cannot hold the shared body budget.
// Bytes count as they arrive, so sockets that declare 1 MB and send nothing lock nobody out; a
// body that does not start, or falls under the minimum rate, is dropped with a JSON 408 and its
// bytes released; one address holds at most its share of the budget; headers that never end
// get a JSON 408 (bytes that are not HTTP a JSON 400); a stream outlives the request timeout;
// and past the heap threshold every request but the health checks gets a JSON 503 with
// Retry-After.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seed, signUp, type Seeded } from "../support/api";
import { startEnsign, type RunningEnsign } from "../support/server";

const START_TIMEOUT_MS = 1500;
const REQUEST_TIMEOUT_MS = 6000;
const MB = 1024 * 1024;
const SLOW = { detail: "The request body did not arrive in time." };
const BUSY = { detail: "The server is handling too many request bodies at once: try again shortly." };

type Answer = { status: number; headers: IncomingHttpHeaders; body: unknown };

/**
 * A POST that declares `length` bytes, sends `first` at once and then `drip` (one byte each
 * `dripMs`) until answered; `sent` settles once `first` is handed to the kernel, `answer` with
 * the server's answer (or rejects without one in `timeoutMs`).
 */
function post(
  base: string,
  options: {
    path: string;
    length: number;
    first?: string;
    dripMs?: number;
    headers?: Record<string, string>;
    timeoutMs?: number;
  },
) {
  const url = new URL(base);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: "POST",
    path: options.path,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(options.length),
      ...options.headers,
    },
    agent: false,
  });
  let drip: NodeJS.Timeout | undefined;
  const answer = new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer to POST ${options.path} in time`));
    }, options.timeoutMs ?? 20_000);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        clearTimeout(timer);
        clearInterval(drip);
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : null });
      });
    });
    // The server may close the connection after its answer while the rest is still unsent.
    req.on("error", () => undefined);
  });
  // Left unawaited when an earlier assertion fails: that failure is the one to report.
  answer.catch(() => undefined);
  const sent = new Promise<void>((resolve) => {
    if (options.first) req.write(options.first, () => resolve());
    else req.flushHeaders();
  });
  if (options.dripMs) drip = setInterval(() => req.destroyed || req.write(" "), options.dripMs);
  return { answer, sent };
}

/** A whole JSON body sent at once. */
const send = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const text = JSON.stringify(body);
  return post(base, { path, length: Buffer.byteLength(text), first: text, headers }).answer;
};

/** Writes `text` on a fresh connection and reads the answer until the server closes it. */
async function exchange(port: number, text: string) {
  const socket = connect(port, "127.0.0.1");
  socket.write(text);
  const received = await new Promise<string>((resolve, reject) => {
    let data = "";
    const timer = setTimeout(
      () => (socket.destroy(), reject(new Error(`no answer in time: ${data}`))),
      20_000,
    );
    socket.setEncoding("utf8");
    socket.on("data", (d) => (data += d));
    socket.on("close", () => (clearTimeout(timer), resolve(data)));
    socket.on("error", () => undefined);
  });
  const [head, body] = received.split("\r\n\r\n");
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: kept as text for the assertion to show
  }
  return {
    statusLine: head.split("\r\n")[0],
    isJson: head.includes("Content-Type: application/json"),
    body: parsed,
  };
}

const from = (address: string) => ({ "X-Forwarded-For": address });
const bigLogin = (bytes: number) => ({ email: "nobody@example.com", password: "p".repeat(bytes) });

let server: RunningEnsign;
let guarded: RunningEnsign;
let tenant: Seeded;

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  [server, guarded, tenant] = await Promise.all([
    startEnsign({
      databaseUrl,
      env: {
        // The tests play several clients through one trusted proxy's X-Forwarded-For.
        ENSIGN_TRUSTED_PROXIES: "1",
        ENSIGN_BODY_START_TIMEOUT_MS: String(START_TIMEOUT_MS),
        ENSIGN_BODY_MIN_BYTES_PER_SECOND: "4096",
        ENSIGN_HEADERS_TIMEOUT_MS: "2000",
        ENSIGN_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
        ENSIGN_SSE_KEEPALIVE_MS: "500",
      },
    }),
    // A 160 MB heap is far more than 1 % full once Next is loaded: the guard is always on.
    startEnsign({
      databaseUrl,
      env: { ENSIGN_HEAP_GUARD_PERCENT: "1", NODE_OPTIONS: "--max-old-space-size=160" },
    }),
    seed(),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), guarded?.stop()]);
});

describe("slow request bodies", () => {
  it("lets others sign in and identify while sockets declare 1 MB and send nothing, then drops those", async () => {
    const { email } = await signUp();
    // From the same address as the clients below: bodies that never arrive hold nothing.
    const idle = Array.from({ length: 6 }, () =>
      post(server.url, { path: "/api/v1/auth/login/", length: MB }),
    );
    await new Promise((r) => setTimeout(r, 500));
    const signedIn = await send(server.url, "/api/v1/auth/login/", { email, password: "correct-horse-9" });
    expect(signedIn.status).toBe(200);
    expect(typeof (signedIn.body as { key: unknown }).key).toBe("string");
    const identified = await send(
      server.url,
      "/api/v1/identities/",
      { identifier: "patient", traits: [] },
      { "X-Environment-Key": tenant.envKey },
    );
    expect([identified.status, (identified.body as { identifier: string }).identifier]).toEqual([
      200,
      "patient",
    ]);
    for (const { answer } of idle) {
      const dropped = await answer;
      expect([dropped.status, dropped.body, dropped.headers["content-type"]]).toEqual([
        408,
        SLOW,
        "application/json",
      ]);
    }
  });

  it("drops a body that drips under the minimum rate with 408, holding only its address's share until then", async () => {
    // Two orders of events prove nothing, and a loaded machine makes them likely: the server
    // reads a second body of the address before the rest of the dripping one (the dripping one
    // is then refused instead, as it should be), or it drops the dripping body before a second
    // one reaches it. Both are seen (the dripping body is answered before any second body is
    // refused): that attempt is played again from a fresh address, up to ATTEMPTS times.
    const ATTEMPTS = 4;
    const missed: string[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const miss = await dripAttempt(from(`198.51.100.${10 + attempt}`), from(`198.51.100.${60 + attempt}`));
      if (miss === null) return;
      console.log(`[slow-clients] drip attempt ${attempt} proved nothing: ${miss}`);
      missed.push(miss);
    }
    expect.fail(`no attempt ran in the order the test needs:\n${missed.join("\n")}`);
  });

  /** One run of the scenario above; null once it is proved, else why the attempt proved nothing. */
  async function dripAttempt(greedy: Record<string, string>, elsewhere: Record<string, string>) {
    // 900 KB at once, then a byte every 250 ms: far under 4096 bytes a second.
    const dripping = post(server.url, {
      path: "/api/v1/auth/login/",
      length: MB,
      first: "x".repeat(900 * 1024),
      dripMs: 250,
      headers: greedy,
    });
    let dripAnswer: Answer | undefined;
    dripping.answer.then((a) => (dripAnswer = a)).catch(() => undefined);
    // Once its bytes are handed to the server, a second body from that address passes its share.
    await dripping.sent;
    let refused: Answer | undefined;
    for (let i = 0; i < 50 && refused?.status !== 503 && !dripAnswer; i++) {
      refused = await send(server.url, "/api/v1/auth/login/", bigLogin(200 * 1024), greedy);
    }
    if (refused?.status !== 503 && dripAnswer) {
      await dripping.answer;
      return `the dripping body was answered ${dripAnswer.status} before a second body of its address was refused`;
    }
    expect([refused!.status, refused!.body, refused!.headers["retry-after"]]).toEqual([503, BUSY, "1"]);
    const other = await send(server.url, "/api/v1/auth/login/", bigLogin(900 * 1024), elsewhere);
    expect(other.status).toBeLessThan(500);
    expect(other.status).not.toBe(503);
    const dropped = await dripping.answer;
    expect([dropped.status, dropped.body]).toEqual([408, SLOW]);
    // Released: the same address's body fits again.
    const after = await send(server.url, "/api/v1/auth/login/", bigLogin(200 * 1024), greedy);
    expect(after.status).toBeLessThan(500);
    expect(after.status).not.toBe(503);
    return null;
  }

  it("answers headers that never end with a JSON 408, and bytes that are not HTTP with a JSON 400", async () => {
    const timedOut = await exchange(
      server.port,
      "POST /api/v1/auth/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl",
    );
    expect(timedOut).toEqual({
      statusLine: "HTTP/1.1 408 Request Timeout",
      isJson: true,
      body: { detail: "The request did not arrive in time." },
    });
    const garbage = await exchange(server.port, "HELLO THERE\r\n\r\n");
    expect(garbage).toEqual({
      statusLine: "HTTP/1.1 400 Bad Request",
      isJson: true,
      body: { detail: "The request is not valid HTTP." },
    });
  });

  it("keeps a stream open past the request timeout: it bounds receiving a request, not answering it", async () => {
    const res = await fetch(`${server.url}/sse/environments/${tenant.envKey}/stream`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const opened = Date.now();
    let lastChunkAt = 0;
    // Past the timeout and Node's next check of it (every second), chunks still arrive.
    while (lastChunkAt - opened < REQUEST_TIMEOUT_MS + 3000) {
      const { done } = await reader.read();
      expect(done).toBe(false);
      lastChunkAt = Date.now();
    }
    await reader.cancel();
  });
});

describe("the heap guard", () => {
  it("answers every request but the health checks with a JSON 503 and Retry-After past the threshold", async () => {
    const refused = [
      await fetch(`${guarded.url}/api/v1/flags/`, { headers: { "X-Environment-Key": tenant.envKey } }),
      await fetch(`${guarded.url}/api/v1/projects/`),
      await fetch(`${guarded.url}/sse/environments/${tenant.envKey}/stream`),
      await fetch(`${guarded.url}/api/v1/auth/login/`, { method: "POST", body: "{}" }),
    ];
    for (const res of refused) {
      expect([res.status, await res.json(), res.headers.get("retry-after")]).toEqual([
        503,
        { detail: "The server is short of memory: try again shortly." },
        "5",
      ]);
    }
    for (const health of ["/health/liveness/", "/health/readiness/"]) {
      expect((await fetch(`${guarded.url}${health}`)).status).toBe(200);
    }
  });
});
