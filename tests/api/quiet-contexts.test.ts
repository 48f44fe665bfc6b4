// Async context tracking switched off while no store is in use (server/quiet-contexts.ts), on a
// real server: it goes off once the dashboard and admin API are idle and SDK calls alone come
// in, and an admin write after that still has everything a store carries: the audit entry
// names its author (the actor's store), and the SDK serves the new value at once (the snapshot
// is dropped after the commit, from the after-commit store).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { startEnsign, type RunningEnsign } from "../support/server";

const QUIET_MS = 300;
let instance: RunningEnsign;
let s: Seeded;

beforeAll(async () => {
  instance = await startEnsign({
    databaseUrl: inject("databaseUrl"),
    env: {
      ENSIGN_DEBUG_METRICS: "1",
      ENSIGN_QUIET_CONTEXTS_MS: String(QUIET_MS),
      // Other test files share the database: this instance would apply their scheduled changes.
      ENSIGN_SCHEDULE_POLL_MS: "3600000",
    },
  });
  s = await seed(instance.url);
}, 120_000);

afterAll(async () => {
  await instance?.stop();
});

type Contexts = { quiet: boolean; times_quieted: number };
const contexts = async (): Promise<Contexts> =>
  (await call("/health/metrics/", { baseUrl: instance.url })).body.async_contexts;

async function untilQuiet(): Promise<Contexts> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const now = await contexts();
    if (now.quiet || Date.now() > deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const flagOf = async (name: string) => {
  const res = await call("/api/v1/flags/", { baseUrl: instance.url, envKey: s.envKey });
  expect(res.status).toBe(200);
  return res.body.find((f: { feature: { name: string } }) => f.feature.name === name);
};

describe("async context tracking while only SDK calls come in", () => {
  it("goes off after the quiet time and stays off under SDK calls", async () => {
    const identify = (identifier: string) =>
      call("/api/v1/identities/", {
        baseUrl: instance.url,
        envKey: s.envKey,
        body: { identifier, traits: [{ trait_key: "plan", trait_value: "pro" }] },
      });
    // The environment's first SDK call compiles its snapshot, in a transaction of its own.
    await flagOf("none");
    await identify("quiet-first");
    // Other files' webhook deliveries may reach this instance's worker and use a store now and
    // then: SDK calls alone must leave the switch off in at least one of three tries.
    const tries: { before: Contexts; after: Contexts }[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await untilQuiet();
      expect(before.quiet).toBe(true);
      for (let i = 0; i < 20; i++) {
        await call("/api/v1/flags/", { baseUrl: instance.url, envKey: s.envKey });
        await identify(`quiet-${attempt}-${i}`);
      }
      tries.push({ before, after: await contexts() });
      if (tries.at(-1)!.after.times_quieted === before.times_quieted && tries.at(-1)!.after.quiet) break;
    }
    expect(
      tries.some(({ before, after }) => after.quiet && after.times_quieted === before.times_quieted),
    ).toBe(true);
  });

  it("an admin write after it still records its author and reaches the SDK at once", async () => {
    const name = "quiet_contexts_flag";
    const created = await call(`/api/v1/projects/${s.projectId}/features/`, {
      baseUrl: instance.url,
      token: s.token,
      body: { name, default_enabled: false },
    });
    expect(created.status).toBe(201);
    for (const enabled of [true, false, true]) {
      const before = await untilQuiet();
      expect(before.quiet).toBe(true);
      expect((await flagOf(name)).enabled).toBe(!enabled);
      const states = await call(
        `/api/v1/environments/${s.envKey}/featurestates/?feature=${created.body.id}`,
        { baseUrl: instance.url, token: s.token },
      );
      const state = states.body.results[0];
      const patched = await call(`/api/v1/environments/${s.envKey}/featurestates/${state.id}/`, {
        baseUrl: instance.url,
        token: s.token,
        method: "PATCH",
        body: { enabled },
      });
      expect(patched.status).toBe(200);
      // The very next SDK read: the write's after-commit work has run, after its commit.
      expect((await flagOf(name)).enabled).toBe(enabled);
      const [latest] = (
        await call(`/api/v1/projects/${s.projectId}/audit/?page_size=1`, {
          baseUrl: instance.url,
          token: s.token,
        })
      ).body.results;
      expect(latest.log).toContain(name);
      expect(latest.author).toMatchObject({ email: s.email });
      const after = await untilQuiet();
      expect(after.times_quieted).toBeGreaterThan(before.times_quieted);
    }
  });
});
