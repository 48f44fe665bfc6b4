// Issue 24, findings 7, 8 and 9 (webhook URLs): per-environment values of the features list
// and detail need VIEW_ENVIRONMENT on `?environment=`; webhook destinations refuse the
// documentation, benchmarking and other special-purpose ranges and the host's own addresses;
// POST /webhooks/test/ answers the same whatever the network did, and is rate-limited; the
// audit log and organisation webhook payloads carry redacted webhook URLs. Nothing here sends
// anything off loopback: refused destinations are only saved (environment webhooks send
// only on flag changes, and no flag changes where they are saved), and every receiver
// listens on 127.0.0.2.
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer, type AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, seed, signUp, type Seeded } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addMember } from "../support/members";
import { freePort, startEnsign, type RunningEnsign } from "../support/server";

const DENIED = { detail: "You do not have permission to perform this action." };

async function created(res: Promise<{ status: number; text: string }>) {
  const r = await res;
  if (r.status !== 201) throw new Error(`expected 201: ${r.status} ${r.text}`);
}

describe("?environment= on the features list and detail needs VIEW_ENVIRONMENT there", () => {
  let s: Seeded;
  let featureId: number;
  let member: { token: string; id: number };
  const features = () => `/api/v1/projects/${s.projectId}/features/`;

  beforeAll(async () => {
    s = await seed();
    const feature = await call(features(), { token: s.token, body: { name: "secret_rollout" } });
    featureId = feature.body.id;
    member = await addMember(s.organisationId);
    await created(
      call(`/api/v1/projects/${s.projectId}/user-permissions/`, {
        token: s.token,
        body: { user: member.id, permissions: ["VIEW_PROJECT", "CREATE_FEATURE"], admin: false },
      }),
    );
  });

  it("answers 403 to a member without VIEW_ENVIRONMENT, as the environment's featurestates do", async () => {
    const token = member.token;
    const states = await call(`/api/v1/environments/${s.envKey}/featurestates/`, { token });
    expect([states.status, states.body]).toEqual([403, DENIED]);

    // The project's features without an environment are theirs to see.
    const plain = await call(features(), { token });
    expect(plain.status).toBe(200);
    expect(plain.body.results[0].environment_feature_state).toBeNull();

    for (const path of [
      `${features()}?environment=${s.environmentId}`,
      `${features()}?environment=${s.environmentId}&is_enabled=false`,
      `${features()}?environment=${s.environmentId}&sort_field=nope`,
      `${features()}${featureId}/?environment=${s.environmentId}`,
    ]) {
      const res = await call(path, { token });
      expect([path, res.status, res.body]).toEqual([path, 403, DENIED]);
    }
  });

  it("creates nothing when the create asks for an environment the member cannot view", async () => {
    const res = await call(`${features()}?environment=${s.environmentId}`, {
      token: member.token,
      body: { name: "sneaky_create" },
    });
    expect([res.status, res.body]).toEqual([403, DENIED]);
    const list = await call(`${features()}?search=sneaky_create`, { token: s.token });
    expect(list.body.count).toBe(0);
  });

  it("answers an environment that does not exist or is another tenant's the same way", async () => {
    const other = await seed();
    for (const id of [other.environmentId, 2_000_000_000]) {
      for (const token of [member.token, s.token]) {
        const res = await call(`${features()}?environment=${id}`, { token });
        expect([res.status, res.body]).toEqual([403, DENIED]);
      }
    }
    // A query that is not an id is the query's mistake.
    const bad = await call(`${features()}?environment=abc`, { token: member.token });
    expect(bad.status).toBe(400);
  });

  it("shows the values once VIEW_ENVIRONMENT is granted", async () => {
    await created(
      call(`/api/v1/environments/${s.envKey}/user-permissions/`, {
        token: s.token,
        body: { user: member.id, permissions: ["VIEW_ENVIRONMENT"] },
      }),
    );
    const list = await call(`${features()}?environment=${s.environmentId}`, { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({
      id: featureId,
      environment_feature_state: { enabled: false },
      num_segment_overrides: 0,
      num_identity_overrides: 0,
    });
    const detail = await call(`${features()}${featureId}/?environment=${s.environmentId}`, {
      token: member.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.environment_feature_state).toMatchObject({ enabled: false });
  });
});

// ---- webhooks, on a server with the default network policy -----------------------------

let database: TestDatabase;
let server: RunningEnsign;
let receiver: Server;
let garbage: TcpServer;
let receiverUrl: string;
let garbageUrl: string;
const received: { path: string; body: string }[] = [];
const PER_USER = 5;
const PER_ADDRESS = 12;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "/", body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(req.url?.startsWith("/fail") ? 500 : 200).end("ok");
    });
  });
  // 127.0.0.2 is loopback too: allowed only because the setting names it.
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.2", resolve));
  receiverUrl = `http://127.0.0.2:${(receiver.address() as AddressInfo).port}`;
  // An open port that does not speak HTTP.
  garbage = createTcpServer((socket) => {
    socket.on("error", () => undefined);
    socket.end("SSH-2.0-OpenSSH_9.6\r\n", () => socket.destroy());
  });
  await new Promise<void>((resolve) => garbage.listen(0, "127.0.0.2", resolve));
  garbageUrl = `http://127.0.0.2:${(garbage.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  server = await startEnsign({
    databaseUrl: database.url,
    env: {
      ENSIGN_WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false",
      ENSIGN_WEBHOOK_ALLOWED_NETWORKS: "127.0.0.2/32",
      ENSIGN_WEBHOOK_BACKOFF_MS: "50",
      ENSIGN_WEBHOOK_TEST_LIMIT_PER_USER: String(PER_USER),
      ENSIGN_WEBHOOK_TEST_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
      ENSIGN_WEBHOOK_TEST_WINDOW_SECONDS: "3600",
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await new Promise<void>((resolve) => garbage.close(() => resolve()));
});

const on = (path: string, options: Parameters<typeof call>[1] = {}) =>
  call(path, { ...options, baseUrl: server.url });

describe("webhook destinations: special-purpose ranges and this server's own addresses", () => {
  const own = Object.values(networkInterfaces())
    .flat()
    .flatMap((nic) =>
      nic && !nic.internal ? [nic.family === "IPv6" ? `[${nic.address}]` : nic.address] : [],
    )
    .filter((host) => !host.includes("%"));

  it.each([
    ["http://192.0.2.10/hook", "192.0.2.10 is a documentation address"],
    ["http://198.51.100.1/hook", "198.51.100.1 is a documentation address"],
    ["https://203.0.113.77:8443/hook", "203.0.113.77 is a documentation address"],
    ["http://[2001:db8::1]/hook", "2001:db8::1 is a documentation address"],
    ["http://198.18.0.1/hook", "198.18.0.1 is a benchmarking address"],
    ["http://255.255.255.255/hook", "255.255.255.255 is the broadcast address"],
    ["http://[64:ff9b::a00:1]/hook", "64:ff9b::a00:1 is a NAT64 address"],
    ["http://[2002:c000:204::1]/hook", "2002:c000:204::1 is a 6to4 address"],
  ])("refuses %s when saved", async (url, reason) => {
    const s = await seed(server.url);
    const res = await on(`/api/v1/environments/${s.envKey}/webhooks/`, { token: s.token, body: { url } });
    expect([res.status, res.body]).toEqual([400, { url: [`Webhooks cannot be sent there: ${reason}.`] }]);
  });

  it("refuses every address of this server's own interfaces", async () => {
    const s = await seed(server.url);
    for (const host of own) {
      const url = `http://${host}:8080/hook`;
      const res = await on(`/api/v1/environments/${s.envKey}/webhooks/`, { token: s.token, body: { url } });
      expect([url, res.status]).toEqual([url, 400]);
      expect(res.body.url[0]).toMatch(/^Webhooks cannot be sent there: /);
    }
  });
});

describe("POST /webhooks/test/ answers the same whatever the network did", () => {
  const test = (token: string, webhook_url: string) =>
    on("/api/v1/webhooks/test/", { token, body: { webhook_url, scope: { type: "environment" } } });

  it("says delivered or not, with no status, error or address", async () => {
    const a = await signUp(server.url);
    const b = await signUp(server.url);
    const ok = await test(a.token, `${receiverUrl}/ok`);
    expect([ok.status, ok.body]).toEqual([200, { detail: "Webhook test successful", delivered: true }]);
    expect(received.some((r) => r.path === "/ok")).toBe(true);

    const closedPort = await freePort();
    const failures = [
      await test(a.token, `${receiverUrl}/fail`),
      await test(a.token, `http://127.0.0.2:${closedPort}/`),
      await test(b.token, `${garbageUrl}/`),
    ];
    const NOT_DELIVERED = {
      detail: "Webhook test not delivered: the URL did not answer with a 2xx status",
      delivered: false,
    };
    for (const res of failures) {
      expect([res.status, res.body]).toEqual([200, NOT_DELIVERED]);
      expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.2|500|status_code|Blocked/);
    }
  });

  it("limits tests per account and per client address: 429 with Retry-After", async () => {
    // The first test used 4 of this address's tests.
    const c = await signUp(server.url);
    for (let i = 0; i < PER_USER; i++) expect((await test(c.token, `${receiverUrl}/ok`)).status).toBe(200);
    const throttled = await test(c.token, `${receiverUrl}/ok`);
    expect(throttled.status).toBe(429);
    expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);
    const retryAfter = Number(throttled.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600).toBe(true);
    // A throttled test sends nothing; another account still may, up to the address's limit.
    const before = received.length;
    const others = await Promise.all([1, 2, 3, 4].map(() => signUp(server.url)));
    for (const other of others.slice(0, 3))
      expect((await test(other.token, `${receiverUrl}/ok`)).status).toBe(200);
    expect((await test(others[3].token, `${receiverUrl}/ok`)).status).toBe(429);
    expect(received.length - before).toBe(PER_ADDRESS - 4 - PER_USER);
    // A body that does not validate is a 400 before the limit (nothing is sent).
    expect((await on("/api/v1/webhooks/test/", { token: c.token, body: {} })).status).toBe(400);
  });
});

describe("webhook URLs are redacted in the audit log and in organisation webhook payloads", () => {
  const SECRET_URL =
    "https://alice:pa55word@hooks.example.com/services/T0001/B0002/AbCdEfGhIjKlMnOpQrSt?token=s3cr3t-t0ken&channel=ops";
  const REDACTED = "https://****@hooks.example.com/services/T0001/B0002/****?token=****&channel=****";

  it("keeps scheme, host, port and path, and masks userinfo, query values and the path's token", async () => {
    const s = await seed(server.url);
    const orgHook = await on(`/api/v1/organisations/${s.organisationId}/webhooks/`, {
      token: s.token,
      body: { url: `${receiverUrl}/org-audit` },
    });
    expect(orgHook.status).toBe(201);
    // An environment webhook only sends on flag changes, and none happen here: nothing is
    // sent to hooks.example.com.
    const hook = await on(`/api/v1/environments/${s.envKey}/webhooks/`, {
      token: s.token,
      body: { url: SECRET_URL, secret: "shh" },
    });
    expect(hook.status).toBe(201);
    // Its owner still reads the URL as saved.
    expect(hook.body.url).toBe(SECRET_URL);
    const patched = await on(`/api/v1/environments/${s.envKey}/webhooks/${hook.body.id}/`, {
      token: s.token,
      method: "PATCH",
      body: { url: `${SECRET_URL}&more=1` },
    });
    expect(patched.status).toBe(200);

    const audit = await on(`/api/v1/projects/${s.projectId}/audit/?search=webhook`, { token: s.token });
    expect(audit.body.results.map((e: { log: string }) => e.log)).toEqual([
      `Webhook updated: ${REDACTED}&more=****`,
      `Webhook created: ${REDACTED}`,
    ]);
    const detail = await on(`/api/v1/audit/${audit.body.results[0].id}/`, { token: s.token });
    expect(detail.body.change_details).toEqual([
      { field: "url", old: REDACTED, new: `${REDACTED}&more=****` },
    ]);
    expect(JSON.stringify(detail.body)).not.toMatch(/alice|pa55word|s3cr3t|AbCdEfGhIjKlMnOpQrSt/);

    // The organisation webhook gets the same entries, redacted.
    const deadline = Date.now() + 30_000;
    let payloads: string[] = [];
    while (Date.now() < deadline) {
      payloads = received.filter((r) => r.path === "/org-audit").map((r) => r.body);
      if (payloads.some((p) => p.includes("Webhook updated"))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const logs = payloads.map((p) => (JSON.parse(p) as { data: { log: string } }).data.log);
    expect(logs).toContain(`Webhook created: ${REDACTED}`);
    expect(logs).toContain(`Webhook updated: ${REDACTED}&more=****`);
    for (const p of payloads) expect(p).not.toMatch(/alice|pa55word|s3cr3t|AbCdEfGhIjKlMnOpQrSt/);
  });
});
