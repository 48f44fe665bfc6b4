// The webhook network policy with the server's defaults (the other API tests allow private
// networks): a URL whose host is a private, loopback or link-local address is refused when
// saved; a name that resolves to one when the delivery is sent is blocked then (what DNS
// rebinding would exploit), logged as BLOCKED with the reason and not retried; a network in
// ENSIGN_WEBHOOK_ALLOWED_NETWORKS is delivered to.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { rawQuery } from "../support/raw-query";
import { startEnsign, type RunningEnsign } from "../support/server";

let database: TestDatabase;
let server: RunningEnsign;
let receiver: Server;
let allowedUrl: string;
const received: string[] = [];
let s: Seeded;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    received.push(req.url ?? "/");
    req.resume();
    res.writeHead(200).end("ok");
  });
  // 127.0.0.2 is loopback too: allowed only because the setting names it.
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.2", resolve));
  allowedUrl = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  server = await startEnsign({
    databaseUrl: database.url,
    env: {
      ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false",
      ENSIGN_WEBHOOK_ALLOWED_NETWORKS: "127.0.0.2/32",
      ENSIGN_WEBHOOK_BACKOFF_MS: "50",
    },
  });
  s = await seed(server.url);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const hooks = () => `/api/v1/environments/${s.envKey}/webhooks/`;

async function changeAFlag(name: string) {
  const feature = await call(`/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name },
    baseUrl: server.url,
  });
  expect(feature.status).toBe(201);
  const states = await call(`/api/v1/environments/${s.envKey}/featurestates/?feature_name=${name}`, {
    token: s.token,
    baseUrl: server.url,
  });
  const res = await call(`/api/v1/environments/${s.envKey}/featurestates/${states.body.results[0].id}/`, {
    token: s.token,
    method: "PATCH",
    body: { enabled: true },
    baseUrl: server.url,
  });
  expect(res.status).toBe(200);
}

async function deliveriesUntilSettled(webhookId: number) {
  for (;;) {
    const res = await call(`${hooks()}${webhookId}/deliveries/`, { token: s.token, baseUrl: server.url });
    if (res.body.length > 0 && res.body.every((d: { status: string }) => d.status !== "PENDING")) {
      return res.body;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("webhook network policy (default: public addresses only)", () => {
  it.each([
    ["http://127.0.0.1:8000/hook", "127.0.0.1 is a loopback address"],
    ["http://localhost:8000/hook", "127.0.0.1 is a loopback address"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address (cloud metadata)"],
    ["http://10.0.0.5/", "10.0.0.5 is a private address"],
    ["http://[::1]:8000/", "::1 is a loopback address"],
    ["http://[::ffff:127.0.0.1]/", "127.0.0.1 is a loopback address"],
    ["https://[fd00:ec2::254]/", "fd00:ec2::254 is a private address"],
  ])("refuses %s when saved, per field", async (url, reason) => {
    const res = await call(hooks(), { token: s.token, body: { url }, baseUrl: server.url });
    expect([res.status, res.body]).toEqual([400, { url: [`Webhooks cannot be sent there: ${reason}.`] }]);
    const org = await call(`/api/v1/organisations/${s.organisationId}/webhooks/`, {
      token: s.token,
      body: { url },
      baseUrl: server.url,
    });
    expect(org.status).toBe(400);
    const test = await call("/api/v1/webhooks/test/", {
      token: s.token,
      body: { webhook_url: url, scope: { type: "environment" } },
      baseUrl: server.url,
    });
    expect([test.status, test.body]).toEqual([
      400,
      { webhook_url: [`Webhooks cannot be sent there: ${reason}.`] },
    ]);
  });

  it("accepts a public address and a network the setting allows", async () => {
    const res = await call(hooks(), {
      token: s.token,
      body: { url: "https://example.com/hook" },
      baseUrl: server.url,
    });
    expect(res.status).toBe(201);
    await call(`${hooks()}${res.body.id}/`, { token: s.token, method: "DELETE", baseUrl: server.url });
  });

  it("blocks a name that resolves to a private address when sent, and logs why", async () => {
    const hook = await call(hooks(), {
      token: s.token,
      body: { url: "https://example.com/rebound" },
      baseUrl: server.url,
    });
    expect(hook.status).toBe(201);
    // As if the name now resolved to loopback (DNS rebinding), or as a row saved before
    // the policy existed: only the address connected to at delivery time can tell.
    await rawQuery(
      database.url,
      `UPDATE "Webhook" SET "url" = '${allowedUrl.replace("127.0.0.2", "localhost")}/rebound' WHERE "id" = ${hook.body.id}`,
    );
    const allowed = await call(hooks(), {
      token: s.token,
      body: { url: `${allowedUrl}/allowed` },
      baseUrl: server.url,
    });
    expect(allowed.status).toBe(201);

    await changeAFlag("network_flag");

    const [blocked] = await deliveriesUntilSettled(hook.body.id);
    expect(blocked).toMatchObject({
      event_type: "FLAG_UPDATED",
      status: "BLOCKED",
      next_attempt_at: null,
      attempts: [
        {
          status_code: null,
          error: expect.stringMatching(/^Blocked: 127\.0\.0\.1 is a loopback address/),
        },
      ],
    });
    const [delivered] = await deliveriesUntilSettled(allowed.body.id);
    expect(delivered.status).toBe("DELIVERED");
    expect(received).toEqual(["/allowed"]);
  });
});
