// Issue 18: the realtime stream on Flagsmith's path. A raw EventSource hears each change made
// through the admin API (on this instance and on another one sharing the database), and the
// real `flagsmith` JS client with `realtime: true` refreshes its flags from the stream alone.
import { connect } from "node:net";
import { EventSource } from "eventsource";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, call, seed } from "../support/api";
import { startEnsign } from "../support/server";
import { sharedEnsign, type SharedEnsign } from "../support/shared-server";
import { createFeature, updateState } from "../sdk/fixtures";

type Update = { updated_at: number };

/** An EventSource that queues every `environment_updated` payload. */
function listen(url: string) {
  const source = new EventSource(url);
  const updates: Update[] = [];
  const waiters: (() => void)[] = [];
  source.addEventListener("environment_updated", (event) => {
    updates.push(JSON.parse(event.data) as Update);
    for (const wake of waiters.splice(0)) wake();
  });
  /** Resolves with the first update after the first `after` ones, or rejects after 5 s. */
  const nth = (index: number) =>
    new Promise<Update>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no update #${index} in 5 s`)), 5000);
      const check = () => {
        if (updates.length > index) {
          clearTimeout(timer);
          resolve(updates[index]);
        } else waiters.push(check);
      };
      check();
    });
  return { source, updates, nth };
}

const streamPath = (key: string) => `/sse/environments/${key}/stream`;

const eventText = (seconds: number) =>
  `event: environment_updated\ndata: ${JSON.stringify({ updated_at: seconds })}\n\n`;
/** One HTTP/1.1 chunk holding `text`. */
const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;

/** A stream read from a raw socket: every byte the server sends, as it arrives. */
function rawStream(key: string, version: "1.1" | "1.0") {
  const { hostname, port } = new URL(baseUrl());
  const socket = connect(Number(port), hostname);
  let received = "";
  let wake: () => void = () => undefined;
  socket.setEncoding("utf8");
  socket.on("data", (data: string) => {
    received += data;
    wake();
  });
  socket.write(`GET ${streamPath(key)} HTTP/${version}\r\nHost: ${hostname}\r\n\r\n`);
  /** Resolves with all that was received once it ends with `tail`. */
  const until = (tail: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${JSON.stringify(tail)} in 5 s: ${received}`)),
        5000,
      );
      const check = () => {
        if (!received.endsWith(tail)) return;
        clearTimeout(timer);
        resolve(received);
      };
      wake = check;
      check();
    });
  return { socket, until };
}

/** The document time /flags/ answers with, in epoch seconds. */
async function documentTime(envKey: string): Promise<number> {
  const flags = await call("/api/v1/flags/", { envKey });
  return Number(flags.headers.get("x-flagsmith-document-updated-at"));
}

/** Another instance on this run's database, shared with other files (support/shared-server.ts). */
let other: SharedEnsign;

beforeAll(async () => {
  other = await sharedEnsign("other");
});

describe("GET /sse/environments/{key}/stream", () => {
  it("opens with the environment's time, then sends environment_updated after each write", async () => {
    const s = await seed();
    await createFeature(s, { name: "sse_flag" });
    const res = await fetch(`${baseUrl()}${streamPath(s.envKey)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    await res.body?.cancel();

    const flags = await call("/api/v1/flags/", { envKey: s.envKey });
    const documentTime = Number(flags.headers.get("x-flagsmith-document-updated-at"));
    const stream = listen(`${baseUrl()}${streamPath(s.envKey)}`);
    try {
      expect((await stream.nth(0)).updated_at).toBe(documentTime);
      await updateState(s, "sse_flag", { enabled: true });
      const first = await stream.nth(1);
      expect(first.updated_at).toBeGreaterThan(documentTime);
      const after = await call("/api/v1/flags/", { envKey: s.envKey });
      expect(Number(after.headers.get("x-flagsmith-document-updated-at"))).toBe(first.updated_at);
      await updateState(s, "sse_flag", { feature_state_value: "two" });
      expect((await stream.nth(2)).updated_at).toBeGreaterThan(first.updated_at);
    } finally {
      stream.source.close();
    }
  });

  it("hears a write made through another instance on the same database", async () => {
    const s = await seed();
    await createFeature(s, { name: "sse_remote" });
    const stream = listen(`${other.url}${streamPath(s.envKey)}`);
    try {
      const opened = await stream.nth(0);
      await updateState(s, "sse_remote", { enabled: true }); // through the main test server
      expect((await stream.nth(1)).updated_at).toBeGreaterThan(opened.updated_at);
    } finally {
      stream.source.close();
    }
  });

  it("does not tell one environment's streams of another environment's writes", async () => {
    const a = await seed();
    const b = await seed();
    await createFeature(a, { name: "sse_a" });
    await createFeature(b, { name: "sse_b" });
    const stream = listen(`${baseUrl()}${streamPath(a.envKey)}`);
    try {
      await stream.nth(0);
      await updateState(b, "sse_b", { enabled: true });
      await new Promise((r) => setTimeout(r, 800));
      expect(stream.updates).toHaveLength(1);
      await updateState(a, "sse_a", { enabled: true });
      await stream.nth(1);
    } finally {
      stream.source.close();
    }
  });

  it("sends each event as exactly its bytes: one HTTP/1.1 chunk, or bare to an HTTP/1.0 client", async () => {
    const s = await seed();
    await createFeature(s, { name: "sse_bytes" });
    const opened = await documentTime(s.envKey);
    const opening = "retry: 2000\n\n" + eventText(opened);
    const http11 = rawStream(s.envKey, "1.1");
    const http10 = rawStream(s.envKey, "1.0");
    try {
      const head11 = await http11.until(chunk(opening));
      const head10 = await http10.until(opening);
      expect(head11).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(head11.toLowerCase()).toContain("transfer-encoding: chunked\r\n");
      expect(head11.slice(head11.indexOf("\r\n\r\n") + 4)).toBe(chunk(opening));
      expect(head10.toLowerCase()).not.toContain("transfer-encoding");
      expect(head10.slice(head10.indexOf("\r\n\r\n") + 4)).toBe(opening);

      await updateState(s, "sse_bytes", { enabled: true });
      const changed = await documentTime(s.envKey);
      expect(changed).toBeGreaterThan(opened);
      expect(await http11.until(chunk(opening) + chunk(eventText(changed)))).toBe(
        head11 + chunk(eventText(changed)),
      );
      expect(await http10.until(opening + eventText(changed))).toBe(head10 + eventText(changed));
    } finally {
      http11.socket.destroy();
      http10.socket.destroy();
    }
  });

  it("answers 404 for an unknown key and 405 for other methods", async () => {
    const unknown = await call(streamPath("NoSuchEnvironmentKey"));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: "Not found." });
    const s = await seed();
    const post = await call(streamPath(s.envKey), { method: "POST", body: {} });
    expect(post.status).toBe(405);
    expect(post.body).toEqual({ detail: 'Method "POST" not allowed.' });
    expect(post.headers.get("allow")).toBe("GET, OPTIONS");
  });

  it("ends its streams when the server shuts down, and the server exits", async () => {
    const s = await seed();
    const instance = await startEnsign({ databaseUrl: inject("databaseUrl") });
    const res = await fetch(`${instance.url}${streamPath(s.envKey)}`);
    const reader = res.body!.getReader();
    await reader.read();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    const exited = new Promise<number | null>((resolve) => instance.process.once("exit", resolve));
    instance.process.kill("SIGTERM");
    expect(await ended).toBe(true);
    expect(await exited).toBe(0);
  }, 90_000); // starts a server of its own
});

describe("flagsmith JS client with realtime: true", () => {
  it("picks up a dashboard change from the stream, without polling", async () => {
    const s = await seed();
    await createFeature(s, { name: "rt_banner", initial_value: "before", default_enabled: true });
    // The client opens its stream only in a browser (it checks for `window`) and uses the
    // global EventSource: give Node both before loading it.
    const globals = globalThis as Record<string, unknown>;
    const hadWindow = "window" in globals;
    globals.EventSource = EventSource;
    if (!hadWindow) globals.window = globalThis;
    const { createFlagsmithInstance } = await import("flagsmith/isomorphic");
    const flagsmith = createFlagsmithInstance();
    let fetches = 0;
    const countingFetch: typeof fetch = (input, init) => {
      fetches += 1;
      return fetch(input, init);
    };
    try {
      const changed = new Promise<void>((resolve) => {
        void flagsmith.init({
          environmentID: s.envKey,
          api: `${baseUrl()}/api/v1/`,
          eventSourceUrl: `${baseUrl()}/`,
          realtime: true,
          fetch: countingFetch,
          cacheFlags: false,
          enableAnalytics: false,
          onChange: () => {
            if (flagsmith.getValue("rt_banner") === "after") resolve();
          },
        });
      });
      await expect.poll(() => flagsmith.getValue("rt_banner")).toBe("before");
      const fetchesBefore = fetches;
      await updateState(s, "rt_banner", { feature_state_value: "after" });
      await changed;
      expect(flagsmith.getValue("rt_banner")).toBe("after");
      expect(fetches).toBe(fetchesBefore + 1); // one GET /flags/, prompted by the event
    } finally {
      (flagsmith as unknown as { eventSource: EventSource | null }).eventSource?.close();
      if (!hadWindow) delete globals.window;
    }
  });
});
