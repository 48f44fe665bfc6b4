// Issue 26: on PostgreSQL a change reaches other instances through LISTEN/NOTIFY, not only the
// revision poll. Instance B polls every ten minutes (ENSIGN_REVISION_POLL_MS), so within this
// test only a notification can tell it of a change: a revision bumped behind its back without
// one stays unseen, and the same bump announced by pg_notify, or a write through instance A,
// reaches B's /flags/ and its SSE stream.
import { EventSource } from "eventsource";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { createTestDatabase, usesPostgres, type TestDatabase } from "../support/database";
import { rawQuery } from "../support/raw-query";
import { startEnsign, type RunningEnsign } from "../support/server";

const TEN_MINUTES_MS = 600_000;
/** Generous for a loaded machine; B's poll cannot fire before TEN_MINUTES_MS. */
const ARRIVAL_TIMEOUT_MS = 30_000;

let a: RunningEnsign;
let b: RunningEnsign;
let data: Seeded;
/** A database of their own: the run's shared server must not be a second listener on it. */
let database: TestDatabase;
/** What A logs after start-up: a failing NOTIFY would show here. */
let logOfA = "";

/** Polls `check` until it holds, or fails after ARRIVAL_TIMEOUT_MS. */
async function eventually(what: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${ARRIVAL_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An EventSource counting `environment_updated` events. */
function listen(url: string) {
  const source = new EventSource(url);
  const updates: number[] = [];
  source.addEventListener("environment_updated", (event) => {
    updates.push((JSON.parse(event.data) as { updated_at: number }).updated_at);
  });
  return { source, updates };
}

async function flagsOnB() {
  const res = await call("/api/v1/flags/", { baseUrl: b.url, envKey: data.envKey });
  expect(res.status).toBe(200);
  const flag = res.body.find((f: { feature: { name: string } }) => f.feature.name === "notify_flag");
  return { flag, documentTime: Number(res.headers.get("x-flagsmith-document-updated-at")) };
}

async function patchOnA(body: { enabled?: boolean; feature_state_value?: string }) {
  const states = await call(`/api/v1/environments/${data.envKey}/featurestates/?feature_name=notify_flag`, {
    baseUrl: a.url,
    token: data.token,
  });
  const res = await call(`/api/v1/environments/${data.envKey}/featurestates/${states.body.results[0].id}/`, {
    baseUrl: a.url,
    method: "PATCH",
    token: data.token,
    body,
  });
  expect(res.status).toBe(200);
}

describe.skipIf(!usesPostgres())(
  "two instances on one PostgreSQL database, B polling every ten minutes",
  () => {
    beforeAll(async () => {
      database = await createTestDatabase();
      const databaseUrl = database.url;
      [a, b] = await Promise.all([
        startEnsign({ databaseUrl }),
        startEnsign({ databaseUrl, env: { ENSIGN_REVISION_POLL_MS: String(TEN_MINUTES_MS) } }),
      ]);
      a.process.stdout?.on("data", (chunk) => (logOfA += chunk));
      a.process.stderr?.on("data", (chunk) => (logOfA += chunk));
      data = await seed(a.url);
      const feature = await call(`/api/v1/projects/${data.projectId}/features/`, {
        baseUrl: a.url,
        token: data.token,
        body: { name: "notify_flag", default_enabled: false },
      });
      expect(feature.status).toBe(201);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it("serves A's writes from B's /flags/ and B's SSE stream by NOTIFY alone", async () => {
      const before = await flagsOnB(); // compiles B's snapshot, which no request invalidates
      expect(before.flag.enabled).toBe(false);
      const stream = listen(`${b.url}/sse/environments/${data.envKey}/stream`);
      try {
        await eventually("B's stream opens", async () => stream.updates.length === 1);

        await patchOnA({ enabled: true, feature_state_value: "blue" });
        await eventually("A's write on B's /flags/", async () => {
          const { flag } = await flagsOnB();
          return flag.enabled === true && flag.feature_state_value === "blue";
        });
        await eventually("A's write on B's stream", async () => stream.updates.length === 2);

        // Without a notification B does not know: a revision bumped directly in the database
        // stays unseen (with the 250 ms poll of old it would be served within the second).
        const served = (await flagsOnB()).documentTime;
        await rawQuery(
          database.url,
          `UPDATE "Environment" SET revision = revision + 1, "documentUpdatedAt" = now() + interval '1 second' WHERE id = ${data.environmentId}`,
        );
        for (let i = 0; i < 20; i += 1) {
          expect((await flagsOnB()).documentTime).toBe(served);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(stream.updates.length).toBe(2);

        // The same change announced on the channel is served and streamed.
        await rawQuery(database.url, `SELECT pg_notify('ensign_revisions', 'abc123 ${data.environmentId}')`);
        await eventually(
          "the notified change on B's /flags/",
          async () => (await flagsOnB()).documentTime > served,
        );
        await eventually("the notified change on B's stream", async () => stream.updates.length === 3);
        expect(stream.updates[2]).toBeGreaterThan(stream.updates[1]);
        expect(logOfA).not.toContain("NOTIFY failed");
      } finally {
        stream.source.close();
      }
    }, 120_000);

    it("reconnects a dropped LISTEN connection and catches up on what it missed", async () => {
      await flagsOnB();
      const listening = `FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ensign_revisions'`;
      const listeners = async () => rawQuery(database.url, `SELECT pid ${listening}`);
      // B's (A serves no SDK call, so it has nothing to listen for). Cut, it misses what is
      // notified until it is back.
      await eventually("B LISTENing", async () => (await listeners()).length === 1);
      await rawQuery(database.url, `SELECT pg_terminate_backend(pid) ${listening}`);
      await patchOnA({ feature_state_value: "after-reconnect" });
      await eventually(
        "the write on B once its listener is back",
        async () => (await flagsOnB()).flag.feature_state_value === "after-reconnect",
      );
      await eventually("B LISTENing again", async () => (await listeners()).length === 1);
      await patchOnA({ feature_state_value: "by-notify-again" });
      await eventually(
        "a later write on B by NOTIFY",
        async () => (await flagsOnB()).flag.feature_state_value === "by-notify-again",
      );
    }, 120_000);
  },
);
