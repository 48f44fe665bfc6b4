// Issue 14, the transport layer: no request can crash, freeze or flood the server. Bodies are
// capped on every path and both lanes (413), path variants reach the same limits, a method a
// route lacks answers Flagsmith's 405, another tenant's ids answer as missing ones, integer
// values past Flagsmith's bound are strings, pages carry security headers, and a crashed
// server started by `npm run serve:forever` comes back.
import { spawn } from "node:child_process";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, signUp, type ApiResult } from "../support/api";
import { appRoutes, fillPattern, idsFor, MISSING_IDS, seedTenant, type Tenant } from "../support/routes";
import { freePort, startEnsign, type RunningEnsign } from "../support/server";

const SMALL_CAP = 4096;
const SMALL_BUDGET = 2 * SMALL_CAP;
const TOO_LARGE = { detail: `Request body is too large: the limit is ${SMALL_CAP} bytes.` };
const DEFAULT_TOO_LARGE = { detail: "Request body is too large: the limit is 1048576 bytes." };

type Raw = { status: number; headers: IncomingHttpHeaders; text: string; body: any };

/**
 * One HTTP request sent exactly as given: the path is not normalised (fetch would resolve
 * `%2e` and `//`), and the body is sent whole, as chunks without a Content-Length, or not at
 * all while still declaring `contentLength`. Fails after `timeoutMs` without an answer.
 */
function raw(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    chunks?: string[];
    contentLength?: number;
    timeoutMs?: number;
  },
): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": "application/json", ...options.headers };
    if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
    if (options.contentLength !== undefined) headers["Content-Length"] = String(options.contentLength);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? "POST",
        path: options.path,
        headers,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => {
          clearTimeout(timer);
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode!, headers: res.headers, text, body });
          req.destroy();
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer to ${options.method ?? "POST"} ${options.path} in time`));
    }, options.timeoutMs ?? 10_000);
    // The server may close the connection after its answer while the rest is still unsent.
    req.on("error", (error) => (error.message.includes("no answer") ? reject(error) : undefined));
    if (options.chunks) {
      const send = (i: number) => {
        if (i === options.chunks!.length) return void req.end();
        if (req.destroyed) return;
        req.write(options.chunks![i], () => setTimeout(() => send(i + 1), 5));
      };
      send(0);
    } else if (options.body !== undefined) req.end(options.body);
    else if (options.contentLength === undefined) req.end();
    else req.flushHeaders();
  });
}

async function expectAlive(base: string) {
  const res = await fetch(`${base}/health/liveness/`);
  expect(res.status).toBe(200);
}

const SMALL_LIMITS = {
  ENSIGN_MAX_BODY_BYTES: String(SMALL_CAP),
  ENSIGN_MAX_BODY_BYTES_IN_FLIGHT: String(SMALL_BUDGET),
};

/** A request that declares `length` bytes and sends all but one: its body stays in flight. */
function holdBodyOpen(base: string, target: string, length: number) {
  const url = new URL(base);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    method: "POST",
    path: target,
    headers: { "Content-Type": "application/json", "Content-Length": String(length) },
    agent: false,
  });
  req.on("error", () => undefined);
  // Bytes count as they arrive (issue 24): a body declared but not sent holds nothing.
  req.write("x".repeat(length - 1));
  return () => req.destroy();
}

let smallCap: RunningEnsign;
let nextOnly: RunningEnsign;
let lanes: [string, string][];

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  [smallCap, nextOnly] = await Promise.all([
    startEnsign({ databaseUrl, env: { ...SMALL_LIMITS } }),
    startEnsign({ databaseUrl, env: { ...SMALL_LIMITS, ENSIGN_FAST_LANE: "0" } }),
  ]);
  lanes = [
    ["fast lane", smallCap.url],
    ["Next only", nextOnly.url],
  ];
});

afterAll(async () => {
  await Promise.all([smallCap?.stop(), nextOnly?.stop()]);
});

describe("request bodies are capped on every path, before they are read", () => {
  const overCap = JSON.stringify({ email: "a@example.com", password: "x".repeat(SMALL_CAP) });
  const targets: [string, string][] = [
    ["POST", "/api/v1/auth/login/"],
    ["POST", "/api/v1/auth/users/"],
    ["POST", "/api/auth/callback/credentials"],
    ["POST", "/api/v1/identities/"],
    ["POST", "/api/v1/identities/%2e/"],
    ["POST", "//api/v1/identities/"],
    ["POST", "/api/v1/identities"],
    ["POST", "/api/v1/./identities/"],
    ["POST", "/API/V1/IDENTITIES/"],
    ["POST", "/api/v1/analytics/flags/"],
    ["PUT", "/api/v1/traits/bulk/"],
    ["PATCH", "/api/v1/projects/1/"],
    ["POST", "/no/such/page/"],
  ];

  it("answers 413 with a JSON detail to a body over ENSIGN_MAX_BODY_BYTES, on both lanes", async () => {
    for (const [lane, base] of lanes) {
      for (const [method, target] of targets) {
        const res = await raw(base, { method, path: target, body: overCap });
        expect([lane, method, target, res.status, res.body]).toEqual([lane, method, target, 413, TOO_LARGE]);
        expect(res.headers["content-type"]).toBe("application/json");
      }
      await expectAlive(base);
    }
  });

  it("answers a declared length over the cap at once, without waiting for the body", async () => {
    // 40 MB declared, nothing sent: a server that reads before it checks never answers.
    const res = await raw(smallCap.url, { path: "/api/v1/auth/login/", contentLength: 40 * 1024 * 1024 });
    expect([res.status, res.body]).toEqual([413, TOO_LARGE]);
    const byDefault = await raw(inject("baseUrl"), {
      path: "/api/v1/identities/%2e/",
      contentLength: 1024 * 1024 + 1,
    });
    expect([byDefault.status, byDefault.body]).toEqual([413, DEFAULT_TOO_LARGE]);
    await expectAlive(inject("baseUrl"));
  });

  it("counts a chunked body without a length and stops it once over the cap", async () => {
    for (const [, base] of lanes) {
      for (const target of ["/api/v1/auth/login/", "/api/v1/identities/"]) {
        const chunks = Array.from({ length: 40 }, () => "x".repeat(512));
        const res = await raw(base, { path: target, chunks });
        expect([target, res.status, res.body]).toEqual([target, 413, TOO_LARGE]);
      }
      await expectAlive(base);
    }
  });

  it("lets a client still sending an oversized body read its 413: the connection closes, it is not reset", async () => {
    // Closing with the client's bytes unread makes the kernel reset the connection, and a reset
    // can discard the 413 before the client reads it. The server reads and drops what follows.
    for (const [lane, base] of lanes) {
      for (const framing of ["chunked", "declared"] as const) {
        const url = new URL(base);
        const socket = connect(Number(url.port), url.hostname);
        let received = "";
        let failure: string | null = null;
        socket.setEncoding("utf8");
        socket.on("data", (d: string) => (received += d));
        socket.on("error", (error: NodeJS.ErrnoException) => (failure ??= error.code ?? error.message));
        const closed = new Promise((resolve) => socket.on("close", resolve));
        await new Promise((resolve) => socket.on("connect", resolve));
        const bodyBytes = 64 * SMALL_CAP;
        socket.write(
          `POST /api/v1/identities/ HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
            (framing === "chunked"
              ? "Transfer-Encoding: chunked\r\n\r\n"
              : `Content-Length: ${bodyBytes}\r\n\r\n`),
        );
        // The whole body at once, as an upload would: most of it arrives after the answer.
        const piece = "x".repeat(SMALL_CAP);
        for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += piece.length) {
          socket.write(framing === "chunked" ? `${piece.length.toString(16)}\r\n${piece}\r\n` : piece);
        }
        if (framing === "chunked" && !socket.destroyed) socket.write("0\r\n\r\n");
        await closed;
        expect([lane, framing, failure, received.split("\r\n")[0]]).toEqual([
          lane,
          framing,
          null,
          "HTTP/1.1 413 Payload Too Large",
        ]);
        expect(JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4))).toEqual(TOO_LARGE);
      }
      await expectAlive(base);
    }
  });

  it("hands a chunked body under the cap to either lane whole", async () => {
    const { email } = await signUp();
    const login = JSON.stringify({ email, password: "correct-horse-9" });
    const tenant = await seedTenant();
    const identify = JSON.stringify({
      identifier: "chunked",
      traits: [{ trait_key: "plan", trait_value: "pro" }],
    });
    for (const [lane, base] of lanes) {
      const signedIn = await raw(base, {
        path: "/api/v1/auth/login/",
        chunks: [login.slice(0, 10), login.slice(10, 30), login.slice(30)],
      });
      expect([lane, signedIn.status, typeof signedIn.body.key]).toEqual([lane, 200, "string"]);
      const identified = await raw(base, {
        path: "/api/v1/identities/",
        headers: { "X-Environment-Key": tenant.envKey },
        chunks: [identify.slice(0, 7), identify.slice(7)],
      });
      expect([lane, identified.status, identified.body.identifier]).toEqual([lane, 200, "chunked"]);
    }
  });

  it("answers 503 while the bodies in flight would pass ENSIGN_MAX_BODY_BYTES_IN_FLIGHT", async () => {
    for (const [lane, base] of lanes) {
      const held = [
        holdBodyOpen(base, "/api/v1/auth/login/", SMALL_CAP),
        holdBodyOpen(base, "/api/v1/identities/", SMALL_CAP),
      ];
      await new Promise((r) => setTimeout(r, 300));
      const busy = await raw(base, { path: "/api/v1/auth/login/", body: "{}" });
      expect([lane, busy.status, busy.body, busy.headers["retry-after"]]).toEqual([
        lane,
        503,
        { detail: "The server is handling too many request bodies at once: try again shortly." },
        "1",
      ]);
      // Reads need no body, so they are never turned away.
      await expectAlive(base);
      for (const release of held) release();
      await new Promise((r) => setTimeout(r, 300));
      const after = await raw(base, { path: "/api/v1/auth/login/", body: "{}" });
      expect([lane, after.status]).toEqual([lane, 400]);
    }
  });

  it("accepts a body of exactly the cap", async () => {
    const base = JSON.stringify({ email: "nobody@example.com", password: "" });
    const exact = base.replace('"password":""', `"password":"${"y".repeat(SMALL_CAP - base.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(SMALL_CAP);
    for (const [, url] of lanes) {
      const res = await raw(url, { path: "/api/v1/auth/login/", body: exact });
      expect(res.status).not.toBe(413);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("path variants reach the same handler as the canonical path", () => {
  it("serves /flags/ the same under every spelling, and answers a broken escape with 404", async () => {
    const tenant = await seedTenant();
    const headers = { "X-Environment-Key": tenant.envKey };
    const canonical = await raw(inject("baseUrl"), { method: "GET", path: "/api/v1/flags/", headers });
    expect(canonical.status).toBe(200);
    for (const variant of [
      "//api/v1/flags/",
      "/api/v1/./flags/",
      "/api/v1/x/../flags/",
      "/api/v1/%66lags/",
      "/api//v1/flags",
    ]) {
      const res = await raw(inject("baseUrl"), { method: "GET", path: variant, headers });
      expect([variant, res.status, res.body]).toEqual([variant, 200, canonical.body]);
    }
    const broken = await raw(inject("baseUrl"), { method: "GET", path: "/api/v1/projects/%/" });
    expect([broken.status, broken.body]).toEqual([404, { detail: "Not found." }]);
    await expectAlive(inject("baseUrl"));
  });
});

describe("a method a route does not answer gets Flagsmith's 405", () => {
  const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await seedTenant();
  });

  async function checkRoute(base: string, pattern: string) {
    const url = fillPattern(pattern, { ...tenant.ids, nextauth: "session" });
    const answers = new Map<string, ApiResult>();
    for (const method of METHODS) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      answers.set(method, await call(url, { method, body, baseUrl: base, token: tenant.token }));
    }
    const refused = METHODS.filter((m) => answers.get(m)!.status === 405);
    const allowed = METHODS.filter((m) => !refused.includes(m));
    for (const method of refused) {
      const res = answers.get(method)!;
      expect([pattern, method, res.body]).toEqual([
        pattern,
        method,
        { detail: `Method "${method}" not allowed.` },
      ]);
      const allow = res.headers.get("allow")?.split(", ") ?? [];
      expect([pattern, method, allow.filter((m) => METHODS.includes(m)).sort()]).toEqual([
        pattern,
        method,
        [...allowed].sort(),
      ]);
      expect(allow).toContain("OPTIONS");
    }
    return { url, refused, allow: answers.get(refused[0] ?? "")?.headers.get("allow") };
  }

  it("on every route of the app, with the Allow header Next itself derives", async () => {
    const routes = [...appRoutes("api/v1"), ...appRoutes("health"), ...appRoutes("api/auth")];
    expect(routes.length).toBeGreaterThan(50);
    let refusals = 0;
    for (const route of routes) {
      const { url, refused, allow } = await checkRoute(inject("baseUrl"), route.pattern);
      refusals += refused.length;
      // Next answers OPTIONS with the methods the route file exports, where the file does not.
      const options = await call(url, { method: "OPTIONS" });
      if (refused.length && options.status === 204) {
        expect([route.pattern, allow?.split(", ").sort()]).toEqual([
          route.pattern,
          options.headers.get("allow")?.split(", ").sort(),
        ]);
      }
    }
    expect(refusals).toBeGreaterThan(100);
  });

  it("on the SDK routes through either lane, and for methods no route has", async () => {
    for (const [, base] of lanes) {
      for (const pattern of [
        "/api/v1/flags/",
        "/api/v1/identities/",
        "/api/v1/environment-document/",
        "/api/v1/analytics/flags/",
      ]) {
        const { refused } = await checkRoute(base, pattern);
        expect(refused.length).toBeGreaterThan(0);
      }
      const odd = await raw(base, { method: "PROPFIND", path: "/api/v1/organisations/" });
      expect([odd.status, odd.body, odd.headers.allow]).toEqual([
        405,
        { detail: 'Method "PROPFIND" not allowed.' },
        "GET, POST, HEAD, OPTIONS",
      ]);
    }
  });
});

describe("another tenant's ids answer exactly as ids that name nothing", () => {
  let mine: Tenant;
  let theirs: Tenant;
  beforeAll(async () => {
    [mine, theirs] = await Promise.all([seedTenant(), seedTenant()]);
  });

  it("in every path parameter of every route, for every method", async () => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const route of appRoutes("api/v1")) {
      // An invitation's hash is a bearer secret: whoever holds another tenant's may use it to
      // join (tests/api/invitations.test.ts covers how unknown and expired ones answer).
      for (const param of route.params.filter((p) => p !== "file" && p !== "hash")) {
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
          const body = method === "GET" || method === "DELETE" ? undefined : {};
          const ask = (value: string | number) =>
            call(fillPattern(route.pattern, { ...idsFor(mine, route.pattern), [param]: value }), {
              method,
              body,
              token: mine.token,
            });
          const [other, missing] = [
            await ask(idsFor(theirs, route.pattern)[param]),
            await ask(MISSING_IDS[param]),
          ];
          compared++;
          if (other.status !== missing.status || other.text !== missing.text) {
            mismatches.push(
              `${method} ${route.pattern} [${param}]: ${other.status} ${other.text} vs ${missing.status} ${missing.text}`,
            );
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(150);
    expect(mismatches).toEqual([]);
    // Two requests per parameter, method and route: more than the default time on a busy machine.
  }, 120_000);

  it("in the ids a body names", async () => {
    const env = `/api/v1/environments/${mine.envKey}`;
    const cases: [string, string, (x: Record<string, any>) => unknown][] = [
      [
        "POST",
        "/api/v1/features/feature-segments/update-priorities/",
        (x) => [{ id: x.featureSegmentId, priority: 0 }],
      ],
      [
        "POST",
        `${env}/identities/${mine.ids.identityId}/featurestates/`,
        (x) => ({ feature: x.featureId, enabled: true }),
      ],
      [
        "POST",
        `${env}/edge-identities/${mine.ids.identityUuid}/edge-featurestates/`,
        (x) => ({ feature: x.featureId, enabled: true }),
      ],
      [
        "PATCH",
        `${env}/featurestates/${mine.ids.featureStateId}/`,
        (x) => ({
          multivariate_feature_state_values: [
            { multivariate_feature_option: x.optionId, percentage_allocation: 1 },
          ],
        }),
      ],
      ["POST", "/api/v1/projects/", (x) => ({ name: "p", organisation: x.organisationId })],
      ["POST", "/api/v1/environments/", (x) => ({ name: "e", project: x.projectId })],
      [
        "POST",
        "/api/v1/features/feature-segments/",
        (x) => ({ feature: mine.ids.featureId, segment: x.segmentId, environment: mine.environmentId }),
      ],
      [
        "POST",
        `${env}/features/${mine.ids.featureId}/create-segment-override/`,
        (x) => ({
          enabled: true,
          feature_state_value: { type: "unicode", string_value: "y" },
          feature_segment: { segment: x.segmentId },
        }),
      ],
    ];
    for (const [method, url, make] of cases) {
      const other = await call(url, { method, token: mine.token, body: make(theirs.ids) });
      const missing = await call(url, { method, token: mine.token, body: make(MISSING_IDS) });
      const anyPk = (text: string) => text.replace(/pk \\"\d+\\"/g, 'pk \\"<id>\\"');
      expect([method, url, other.status, anyPk(other.text)]).toEqual([
        method,
        url,
        missing.status,
        anyPk(missing.text),
      ]);
      expect(other.status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("integer values past Flagsmith's 32-bit bound", () => {
  it("are served by /flags/ as strings, as Flagsmith's get_value_type types them", async () => {
    const tenant = await seedTenant();
    const cases: [string, unknown][] = [
      ["2147483646", 2147483646],
      ["-2147483646", -2147483646],
      ["2147483647", "2147483647"],
      ["-2147483647", "-2147483647"],
      ["-2147483648", "-2147483648"],
      ["3000000000", "3000000000"],
      ["9007199254740993", "9007199254740993"],
    ];
    for (const [i, [initial]] of cases.entries()) {
      const res = await call(`/api/v1/projects/${tenant.projectId}/features/`, {
        token: tenant.token,
        body: { name: `big_${i}`, initial_value: initial, default_enabled: true },
      });
      expect(res.status).toBe(201);
    }
    const flags = await call("/api/v1/flags/", { envKey: tenant.envKey });
    const served = Object.fromEntries(flags.body.map((f: any) => [f.feature.name, f.feature_state_value]));
    for (const [i, [initial, expected]] of cases.entries()) {
      expect([initial, served[`big_${i}`]]).toEqual([initial, expected]);
    }
  });
});

describe("security headers", () => {
  it("come with the dashboard, the API documentation and the API", async () => {
    for (const target of ["/login", "/api/v1/docs/", "/api/v1/organisations/"]) {
      const res = await fetch(`${inject("baseUrl")}${target}`, { redirect: "manual" });
      expect([target, res.headers.get("x-frame-options")]).toEqual([target, "DENY"]);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
    }
  });
});

describe("npm run serve:forever", () => {
  it("starts the server again after it is killed", async () => {
    const port = await freePort();
    const root = path.resolve(import.meta.dirname, "../..");
    const loop = spawn("sh", ["scripts/serve-forever.sh"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: inject("databaseUrl"),
        NEXTAUTH_SECRET: "ensign-test-secret",
        NEXTAUTH_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    loop.stdout.on("data", (d) => (output += d));
    loop.stderr.on("data", (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    const serverPid = async () => {
      for (let i = 0; i < 300; i++) {
        const res = await fetch(`${base}/health/liveness/`).catch(() => null);
        if (res?.ok) {
          const children = await new Promise<string>((resolve) => {
            const ps = spawn("pgrep", ["-P", String(loop.pid)]);
            let out = "";
            ps.stdout.on("data", (d) => (out += d));
            ps.on("close", () => resolve(out.trim()));
          });
          return Number(children.split("\n")[0]);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`not serving:\n${output}`);
    };
    try {
      const first = await serverPid();
      process.kill(first, "SIGKILL");
      const second = await serverPid();
      expect(second).not.toBe(first);
      expect(output).toContain("starting again");
    } finally {
      const exited = new Promise((r) => loop.once("exit", r));
      loop.kill("SIGTERM");
      await exited;
    }
    expect(await fetch(`${base}/health/liveness/`).catch(() => null)).toBeNull();
  }, 120_000);
});
