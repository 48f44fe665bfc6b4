// Issue 18: the realtime stream on Flagsmith's path. A raw EventSource hears each change made
// through the admin API (on this instance and on another one sharing the database), and the
// real `flagsmith` JS client with `realtime: true` refreshes its flags from the stream alone.
import { EventSource } from "eventsource";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, call, seed } from "../support/api";
import { startEnsign, type RunningEnsign } from "../support/server";
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

let other: RunningEnsign;

beforeAll(async () => {
  other = await startEnsign({ databaseUrl: inject("databaseUrl") });
});

afterAll(async () => {
  await other?.stop();
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
