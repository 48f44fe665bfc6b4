// Webhooks over HTTP, received by a local HTTP server in this test: the signature checks
// out, a 500 is retried with back-off, the delivery log shows each attempt, and a delivery
// left pending by an instance that stops is sent by another one.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { startEnsign } from "../support/server";

type Received = { path: string; body: string; signature: string | undefined; at: number };

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Per path: the statuses to answer, in order; 200 once they run out. */
const plans = new Map<string, number[]>();

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? "/";
    received.push({ path, body, signature: req.headers["x-flagsmith-signature"] as string, at: Date.now() });
    const status = plans.get(path)?.shift() ?? 200;
    res.writeHead(status, { "Content-Type": "text/plain" }).end("ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const sign = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("hex");

async function waitFor<T>(what: string, check: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const at = (path: string) => received.filter((r) => r.path === path);

async function toggleNewFeature(s: Seeded, name: string, baseUrl?: string) {
  const feature = await call(`/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name },
    baseUrl,
  });
  expect(feature.status, feature.text).toBe(201);
  const states = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=${name}`, {
    token: s.token,
    baseUrl,
  });
  const res = await call(`/api/v1/environments/${s.envKey}/featurestates/${states.body.results[0].id}/`, {
    token: s.token,
    method: "PATCH",
    body: { enabled: true },
    baseUrl,
  });
  expect(res.status).toBe(200);
  return feature.body;
}

describe("environment webhooks", () => {
  it("sends a signed FLAG_UPDATED, retries after a 500, and logs both attempts", async () => {
    const s = await seed();
    const path = "/env-retry";
    plans.set(path, [500]);
    const created = await call(`/api/v1/environments/${s.envKey}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}${path}`, secret: "s3cret" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      url: `${receiverUrl}${path}`,
      enabled: true,
      secret: "s3cret",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const feature = await toggleNewFeature(s, "webhook_flag");

    const [first, second] = await waitFor("two attempts", () =>
      at(path).length >= 2 ? at(path) : undefined,
    );
    expect(second.body).toBe(first.body);
    expect(second.at - first.at).toBeGreaterThanOrEqual(900);
    for (const attempt of [first, second]) expect(attempt.signature).toBe(sign(attempt.body, "s3cret"));
    const payload = JSON.parse(first.body);
    expect(payload).toEqual({
      event_type: "FLAG_UPDATED",
      data: {
        changed_by: s.email,
        timestamp: expect.any(String),
        new_state: expect.objectContaining({
          enabled: true,
          feature: expect.objectContaining({ id: feature.id, name: "webhook_flag" }),
          environment: { id: s.environmentId, name: "Development" },
          identity: null,
          feature_segment: null,
        }),
        previous_state: expect.objectContaining({ enabled: false }),
      },
    });
    // Keys are sorted, as Flagsmith sends them.
    expect(first.body.indexOf('"data"')).toBeLessThan(first.body.indexOf('"event_type"'));

    let deliveries: { status: string; attempts: { status_code: number }[] }[] = [];
    for (let i = 0; i < 40; i++) {
      deliveries = (
        await call(`/api/v1/environments/${s.envKey}/webhooks/${created.body.id}/deliveries/`, {
          token: s.token,
        })
      ).body;
      if (deliveries[0]?.status === "DELIVERED") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event_type: "FLAG_UPDATED",
      status: "DELIVERED",
      attempts: [
        { status_code: 500, error: "HTTP 500" },
        { status_code: 200, error: null },
      ],
      delivered_at: expect.any(String),
      next_attempt_at: null,
    });
  });

  it("does not send to a disabled webhook, and sends unsigned without a secret", async () => {
    const s = await seed();
    await call(`/api/v1/environments/${s.envKey}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}/disabled`, enabled: false },
    });
    await call(`/api/v1/environments/${s.envKey}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}/unsigned` },
    });
    await toggleNewFeature(s, "quiet_flag");
    const [hit] = await waitFor("the unsigned call", () =>
      at("/unsigned").length ? at("/unsigned") : undefined,
    );
    expect(hit.signature).toBeUndefined();
    expect(at("/disabled")).toEqual([]);
  });
});

describe("organisation webhooks", () => {
  it("sends every audit log entry as AUDIT_LOG_CREATED", async () => {
    const s = await seed();
    const path = "/org";
    const created = await call(`/api/v1/organisations/${s.organisationId}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}${path}`, secret: "org-secret" },
    });
    expect(created.status).toBe(201);
    await call(`/api/v1/projects/${s.projectId}/features/`, { token: s.token, body: { name: "org_hook" } });
    const hit = await waitFor("the audit event", () =>
      at(path).find((r) => r.body.includes("New Flag / Remote Config created: org_hook")),
    );
    expect(hit.signature).toBe(sign(hit.body, "org-secret"));
    expect(JSON.parse(hit.body)).toEqual({
      event_type: "AUDIT_LOG_CREATED",
      data: expect.objectContaining({
        log: "New Flag / Remote Config created: org_hook",
        author: expect.objectContaining({ email: s.email }),
        project: expect.objectContaining({ id: s.projectId }),
        related_object_type: "FEATURE",
      }),
    });
  });
});

describe("webhook endpoints", () => {
  it("reads, changes and deletes a webhook; checks input and scope", async () => {
    const s = await seed();
    const other = await seed();
    const base = `/api/v1/environments/${s.envKey}/webhooks/`;
    const created = (await call(base, { token: s.token, body: { url: "https://example.com/hook" } })).body;
    expect((await call(base, { token: s.token })).body).toEqual([created]);
    const patched = await call(`${base}${created.id}/`, {
      token: s.token,
      method: "PATCH",
      body: { enabled: false, secret: "x" },
    });
    expect(patched.body).toMatchObject({ enabled: false, secret: "x", url: "https://example.com/hook" });
    const bad = await call(base, { token: s.token, body: { url: "ftp://example.com" } });
    expect([bad.status, bad.body]).toEqual([400, { url: ["Enter a valid URL."] }]);
    expect((await call(base)).status).toBe(401);
    const theirs = await call(`/api/v1/environments/${other.envKey}/webhooks/`, { token: s.token });
    expect([theirs.status, theirs.body]).toEqual([404, { detail: "Not found." }]);
    const orgTheirs = await call(`/api/v1/organisations/${other.organisationId}/webhooks/`, {
      token: s.token,
    });
    expect(orgTheirs.status).toBe(404);
    const deleted = await call(`${base}${created.id}/`, { token: s.token, method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await call(`${base}${created.id}/`, { token: s.token })).status).toBe(404);
    // Each change is audited, without the secret.
    const audit = await call(`/api/v1/projects/${s.projectId}/audit/?search=webhook`, { token: s.token });
    expect(audit.body.results.map((e: { log: string }) => e.log)).toEqual([
      "Webhook deleted: https://example.com/hook",
      "Webhook updated: https://example.com/hook",
      "Webhook created: https://example.com/hook",
    ]);
    const detail = await call(`/api/v1/audit/${audit.body.results[1].id}/`, { token: s.token });
    expect(detail.body.change_details).toEqual([
      { field: "enabled", old: true, new: false },
      { field: "secret", old: "", new: "****" },
    ]);
  });

  it("sends a test payload and says whether it was delivered", async () => {
    const s = await seed();
    const ok = await call("/api/v1/webhooks/test/", {
      token: s.token,
      body: { webhook_url: `${receiverUrl}/test-ok`, scope: { type: "environment" }, secret: "t" },
    });
    expect([ok.status, ok.body]).toEqual([200, { detail: "Webhook test successful", delivered: true }]);
    const [hit] = at("/test-ok");
    expect(hit.signature).toBe(sign(hit.body, "t"));
    expect(JSON.parse(hit.body).event_type).toBe("FLAG_UPDATED");

    // A failure reads the same whatever it was (tests/api/hardening-access.test.ts).
    plans.set("/test-500", [500]);
    const failed = await call("/api/v1/webhooks/test/", {
      token: s.token,
      body: { webhook_url: `${receiverUrl}/test-500`, scope: { type: "organisation" } },
    });
    expect([failed.status, failed.body.delivered]).toEqual([200, false]);
    expect(JSON.parse(at("/test-500")[0].body).event_type).toBe("AUDIT_LOG_CREATED");
    const closed = await call("/api/v1/webhooks/test/", {
      token: s.token,
      body: { webhook_url: "http://127.0.0.1:1/", scope: { type: "organisation" } },
    });
    expect([closed.status, closed.body]).toEqual([200, failed.body]);
    expect((await call("/api/v1/webhooks/test/", { token: s.token, body: {} })).status).toBe(400);
  });
});

describe("writes never wait for receivers", () => {
  it("answers a write while the receiver is still holding the delivery", async () => {
    const s = await seed();
    const held: (() => void)[] = [];
    const slow = createServer((_req, res) => held.push(() => res.writeHead(200).end()));
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
      await call(`/api/v1/environments/${s.envKey}/webhooks/`, { token: s.token, body: { url } });
      await toggleNewFeature(s, "slow_receiver_flag");
      await toggleNewFeature(s, "slow_receiver_flag_2");
      // Both writes answered although the receiver has not answered any delivery yet.
      await waitFor("a held delivery", () => (held.length > 0 ? true : undefined));
    } finally {
      held.forEach((release) => release());
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe("durability", () => {
  it("a delivery left pending by an instance that stops is retried by another", async () => {
    const s = await seed();
    const path = "/restart";
    plans.set(path, [500]);
    await call(`/api/v1/environments/${s.envKey}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}${path}` },
    });
    const other = await startEnsign({ databaseUrl: inject("databaseUrl") });
    try {
      await toggleNewFeature(s, "restart_flag", other.url);
      await waitFor("the first attempt", () => (at(path).length >= 1 ? true : undefined));
    } finally {
      await other.stop();
    }
    // The instance that wrote and first sent it is gone; the retry comes from this run's server.
    const attempts = await waitFor("the retry", () => (at(path).length >= 2 ? at(path) : undefined));
    expect(attempts).toHaveLength(2);
    expect(attempts[1].body).toBe(attempts[0].body);
  });
});

describe("restores and scheduled changes notify like any change", () => {
  it("a restore and an applied scheduled change each send FLAG_UPDATED in Flagsmith's shape", async () => {
    const s = await seed();
    const path = "/restore-and-schedule";
    await call(`/api/v1/environments/${s.envKey}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}${path}`, secret: "r" },
    });
    const feature = await toggleNewFeature(s, "restored_flag");
    const bodies = () => at(path).map((r) => JSON.parse(r.body));
    await waitFor("the toggle", () => (at(path).length >= 1 ? true : undefined));

    const versions = await call(`/api/v1/environments/${s.envKey}/features/${feature.id}/versions/`, {
      token: s.token,
    });
    const first = versions.body.results.at(-1);
    const restored = await call(
      `/api/v1/environments/${s.envKey}/features/${feature.id}/versions/${first.uuid}/restore/`,
      { token: s.token, method: "POST" },
    );
    expect(restored.status).toBe(201);
    await waitFor("the restore", () => (at(path).length >= 2 ? true : undefined));
    const restoreEvent = bodies()[1];
    expect(restoreEvent).toEqual({
      event_type: "FLAG_UPDATED",
      data: {
        changed_by: s.email,
        timestamp: expect.any(String),
        new_state: expect.objectContaining({
          enabled: false,
          feature: expect.objectContaining({ id: feature.id, name: "restored_flag" }),
          environment: { id: s.environmentId, name: "Development" },
          identity: null,
          identity_identifier: null,
          feature_segment: null,
          feature_state_value: null,
          multivariate_feature_state_values: [],
        }),
        previous_state: expect.objectContaining({ enabled: true }),
      },
    });
    // The same keys as a normal change's payload.
    expect(Object.keys(restoreEvent.data.new_state).sort()).toEqual(
      Object.keys(bodies()[0].data.new_state).sort(),
    );
    expect(at(path)[1].signature).toBe(sign(at(path)[1].body, "r"));

    const scheduled = await call(
      `/api/v1/environments/${s.envKey}/features/${feature.id}/scheduled-changes/`,
      {
        token: s.token,
        body: {
          run_at: new Date(Date.now() + 500).toISOString(),
          enabled: true,
          feature_state_value: "later",
        },
      },
    );
    expect(scheduled.status).toBe(201);
    await waitFor("the scheduled change", () => (at(path).length >= 3 ? true : undefined));
    expect(bodies()[2]).toEqual({
      event_type: "FLAG_UPDATED",
      data: {
        changed_by: s.email,
        timestamp: expect.any(String),
        new_state: expect.objectContaining({ enabled: true, feature_state_value: "later" }),
        previous_state: expect.objectContaining({ enabled: false, feature_state_value: null }),
      },
    });
  });
});
