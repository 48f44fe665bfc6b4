// Issue 14, sign-in and sessions: password length, rate limits on failed sign-ins (across
// instances), safe redirects, sign-out without NEXTAUTH_URL, sessions that end server-side,
// password change and reset, CSRF on cookie writes, hashed server-side keys.
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startEnsign, type RunningEnsign } from "../support/server";
import { sharedEnsign, type SharedEnsign } from "../support/shared-server";
import { baseUrl, call, seed, signUp, unique } from "../support/api";
import { usesPostgres } from "../support/database";
import { rawQuery } from "../support/raw-query";

const PASSWORD = "correct-horse-9";

type Dashboard = { status: number; body: any; cookie: string; headers: Headers };

/** next-auth's credentials sign-in over HTTP, as the dashboard's form does it. */
async function dashboardSignIn(
  email: string,
  password: string,
  options: { base?: string; callbackUrl?: string; headers?: Record<string, string> } = {},
): Promise<Dashboard> {
  const base = options.base ?? baseUrl();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookiesOf(csrf.headers);
  const form: Record<string, string> = { email, password, csrfToken, json: "true" };
  if (options.callbackUrl) form.callbackUrl = options.callbackUrl;
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: csrfCookie,
      ...options.headers,
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  const text = await res.text();
  const session = cookiesOf(res.headers);
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: [csrfCookie, session].filter(Boolean).join("; "),
    headers: res.headers,
  };
}

function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

async function dashboardSignOut(cookie: string, base = baseUrl()) {
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { Cookie: cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/signout`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ csrfToken, callbackUrl: "/login/", json: "true" }),
    redirect: "manual",
  });
  return { status: res.status, body: await res.json() };
}

const me = (cookie: string, base?: string) =>
  call("/api/v1/auth/users/me/", { headers: { Cookie: cookie }, baseUrl: base });

describe("password length", () => {
  it("refuses new passwords longer than the 72 bytes bcrypt reads, and says why", async () => {
    const email = `${unique("long")}@example.com`;
    // 37 two-byte characters: 37 characters, 74 bytes.
    const res = await call("/api/v1/auth/users/", { body: { email, password: "é".repeat(37) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      password: ["Ensure this field has no more than 72 bytes: bcrypt reads only the first 72."],
    });
    const ok = await call("/api/v1/auth/users/", { body: { email, password: "é".repeat(36) } });
    expect(ok.status).toBe(201);
  });

  it("answers a huge password at log-in with 400 before hashing it", async () => {
    const { email } = await signUp();
    const res = await call("/api/v1/auth/login/", { body: { email, password: "x".repeat(100_000) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password: ["Ensure this field has no more than 1024 characters."] });
  });
});

describe("failed sign-in limits", () => {
  let a: RunningEnsign;
  let b: RunningEnsign;
  const limits = {
    ENSIGN_LOGIN_MAX_FAILURES_PER_ACCOUNT: "3",
    ENSIGN_LOGIN_MAX_FAILURES_PER_ADDRESS: "5",
    // X-Forwarded-For names the address, so each test plays its own client.
    ENSIGN_TRUSTED_PROXIES: "1",
  };
  const from = (address: string) => ({ "X-Forwarded-For": address });
  const login = (server: RunningEnsign, email: string, password: string, address: string) =>
    call("/api/v1/auth/login/", { baseUrl: server.url, body: { email, password }, headers: from(address) });
  let n = 0;
  const newAddress = () => `203.0.113.${++n}-${unique("a")}`;

  beforeAll(async () => {
    const databaseUrl = inject("databaseUrl");
    [a, b] = await Promise.all([
      startEnsign({ databaseUrl, env: limits }),
      startEnsign({ databaseUrl, env: limits }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it("locks an account after its failures, on every instance, with 429 and Retry-After", async () => {
    const { email } = await signUp();
    const address = newAddress();
    // Failures alternate between the two instances: the count is shared in the database.
    for (const server of [a, b, a]) {
      const res = await login(server, email, "wrong-password", address);
      expect(res.status).toBe(400);
    }
    const locked = await login(b, email, PASSWORD, address);
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // From another address too: the account itself is locked.
    expect((await login(a, email, PASSWORD, newAddress())).status).toBe(429);
  });

  it("counts per address without blocking other accounts' correct sign-ins below the limit", async () => {
    const address = newAddress();
    const victims = await Promise.all([signUp(), signUp()]);
    for (const account of victims) {
      expect((await login(a, account.email, "wrong-password", address)).status).toBe(400);
      expect((await login(a, account.email, "wrong-password", address)).status).toBe(400);
    }
    // 4 failures from the address, none over an account's limit: another account signs in.
    const other = await signUp();
    expect((await login(a, other.email, PASSWORD, address)).status).toBe(200);
    expect((await login(b, `${unique("nobody")}@example.com`, "wrong-password", address)).status).toBe(400);
    // 5 failures: the address is over its limit, for every account.
    expect((await login(b, other.email, PASSWORD, address)).status).toBe(429);
    expect((await login(b, other.email, PASSWORD, newAddress())).status).toBe(200);
  });

  it("limits the dashboard's sign-in the same way", async () => {
    const { email } = await signUp();
    const address = newAddress();
    for (let i = 0; i < 3; i++) {
      const res = await dashboardSignIn(email, "wrong-password", { base: a.url, headers: from(address) });
      expect(res.status).toBe(401);
    }
    const locked = await dashboardSignIn(email, PASSWORD, { base: b.url, headers: from(address) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body.detail).toMatch(/^Request was throttled\./);
    expect(locked.cookie).not.toContain("session-token");
    // The API's login shares the account's count.
    expect((await login(a, email, PASSWORD, newAddress())).status).toBe(429);
  });
});

describe("redirects after sign-in", () => {
  it("keeps only paths of this site", async () => {
    const { email } = await signUp();
    for (const callbackUrl of [
      "/\\evil.example",
      "/\t/evil.example",
      "//evil.example",
      "https://evil.example/",
    ]) {
      const res = await dashboardSignIn(email, PASSWORD, { callbackUrl });
      expect(res.status).toBe(200);
      expect(new URL(res.body.url).origin).toBe(baseUrl());
      expect(new URL(res.body.url).pathname).toBe("/");
    }
    const good = await dashboardSignIn(email, PASSWORD, { callbackUrl: "/organisations/?x=1" });
    expect(good.body.url).toBe(`${baseUrl()}/organisations/?x=1`);
  });
});

describe("sign-out without NEXTAUTH_URL", () => {
  // Shared with hardening-auth-2 (support/shared-server.ts).
  let server: SharedEnsign;
  beforeAll(async () => {
    server = await sharedEnsign("no-nextauth-url", { NEXTAUTH_URL: "" });
  });

  it("sends the user to this server's sign-in page, not to localhost:3000", async () => {
    const { email } = await signUp();
    const signedIn = await dashboardSignIn(email, PASSWORD, {
      base: server.url,
      callbackUrl: "/organisations/",
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.url).toBe(`${server.url}/organisations/`);
    expect((await me(signedIn.cookie, server.url)).status).toBe(200);
    const out = await dashboardSignOut(signedIn.cookie, server.url);
    expect(out.body.url).toBe(`${server.url}/login/`);
  });
});

describe("dashboard sessions end on the server", () => {
  it("refuses a copied cookie once its session signed out", async () => {
    const { email } = await signUp();
    const session = await dashboardSignIn(email, PASSWORD);
    const other = await dashboardSignIn(email, PASSWORD);
    expect((await me(session.cookie)).status).toBe(200);
    await dashboardSignOut(session.cookie);
    const replayed = await me(session.cookie);
    expect(replayed.status).toBe(401);
    // next-auth's own session endpoint forgets it too.
    const nextAuth = await fetch(`${baseUrl()}/api/auth/session`, { headers: { Cookie: session.cookie } });
    expect(await nextAuth.json()).toEqual({});
    // Only that session ended.
    expect((await me(other.cookie)).status).toBe(200);
  });

  it("ends the session the API's logout was called with", async () => {
    const { email } = await signUp();
    const session = await dashboardSignIn(email, PASSWORD);
    const out = await call("/api/v1/auth/logout/", { method: "POST", headers: { Cookie: session.cookie } });
    expect(out.status).toBe(204);
    expect((await me(session.cookie)).status).toBe(401);
  });
});

describe("password change", () => {
  const setPassword = (body: unknown, auth: { token?: string; cookie?: string }) =>
    call("/api/v1/auth/users/set_password/", {
      body,
      token: auth.token,
      headers: auth.cookie ? { Cookie: auth.cookie } : undefined,
    });

  it("changes the password and ends every other session and token", async () => {
    const { email, token } = await signUp();
    const second = (await call("/api/v1/auth/login/", { body: { email, password: PASSWORD } })).body.key;
    const session = await dashboardSignIn(email, PASSWORD);
    const res = await setPassword(
      { current_password: PASSWORD, new_password: "new-password-42", re_new_password: "new-password-42" },
      { token },
    );
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call("/api/v1/auth/users/me/", { token })).status).toBe(200);
    expect((await call("/api/v1/auth/users/me/", { token: second })).status).toBe(401);
    expect((await me(session.cookie)).status).toBe(401);
    const old = await call("/api/v1/auth/login/", { body: { email, password: PASSWORD } });
    expect(old.status).toBe(400);
    expect((await call("/api/v1/auth/login/", { body: { email, password: "new-password-42" } })).status).toBe(
      200,
    );
  });

  it("keeps the dashboard session it was changed from", async () => {
    const { email } = await signUp();
    const session = await dashboardSignIn(email, PASSWORD);
    const res = await setPassword(
      { current_password: PASSWORD, new_password: "new-password-42", re_new_password: "new-password-42" },
      { cookie: session.cookie },
    );
    expect(res.status).toBe(204);
    expect((await me(session.cookie)).status).toBe(200);
  });

  it("answers djoser's errors and changes nothing", async () => {
    const { email, token } = await signUp();
    const wrong = await setPassword(
      {
        current_password: "not-it-at-all",
        new_password: "new-password-42",
        re_new_password: "new-password-42",
      },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_password: ["Invalid password."] });
    const mismatch = await setPassword(
      { current_password: PASSWORD, new_password: "new-password-42", re_new_password: "new-password-43" },
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ non_field_errors: ["The two password fields didn't match."] });
    const short = await setPassword(
      { current_password: PASSWORD, new_password: "short", re_new_password: "short" },
      { token },
    );
    expect(short.body).toEqual({
      new_password: ["This password is too short. It must contain at least 8 characters."],
    });
    const missing = await setPassword({}, { token });
    expect(missing.body).toEqual({
      current_password: ["This field is required."],
      new_password: ["This field is required."],
      re_new_password: ["This field is required."],
    });
    expect((await setPassword({}, {})).status).toBe(401);
    expect((await call("/api/v1/auth/login/", { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it("is reset by an administrator from the command line, ending sessions and tokens", async () => {
    const { email, token } = await signUp();
    const run = promisify(execFile);
    const env = {
      ...process.env,
      DATABASE_URL: inject("databaseUrl"),
      ENSIGN_NEW_PASSWORD: "reset-password-7",
    };
    const { stdout } = await run("npx", ["tsx", "scripts/reset-password.ts", email.toUpperCase()], { env });
    expect(stdout).toContain(`password of ${email} set`);
    expect((await call("/api/v1/auth/users/me/", { token })).status).toBe(401);
    expect(
      (await call("/api/v1/auth/login/", { body: { email, password: "reset-password-7" } })).status,
    ).toBe(200);
    const unknown = run("npx", ["tsx", "scripts/reset-password.ts", "nobody@example.com"], { env });
    await expect(unknown).rejects.toMatchObject({ stderr: expect.stringContaining("No account") });
  }, 90_000);
});

describe("CSRF on cookie-authenticated writes", () => {
  const create = (
    cookie: string,
    headers: Record<string, string>,
    body = JSON.stringify({ name: unique("org") }),
  ) => call("/api/v1/organisations/", { rawBody: body, headers: { Cookie: cookie, ...headers } });

  it("refuses other origins and non-JSON bodies, accepts the dashboard's own writes", async () => {
    const { email, token } = await signUp();
    const { cookie } = await dashboardSignIn(email, PASSWORD);
    const json = { "Content-Type": "application/json" };
    const plain = await create(cookie, { "Content-Type": "text/plain" });
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
    const otherPort = await create(cookie, { ...json, Origin: "http://127.0.0.1:1" });
    expect(otherPort.status).toBe(403);
    expect(otherPort.body).toEqual({ detail: "CSRF Failed: Origin checking failed." });
    expect((await create(cookie, { ...json, "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await call("/api/v1/organisations/", { token })).body.count).toBe(0);

    expect(
      (await create(cookie, { ...json, "Sec-Fetch-Site": "same-origin", Origin: baseUrl() })).status,
    ).toBe(201);
    // A token carries no ambient authority: its requests are not checked.
    const withToken = await call("/api/v1/organisations/", {
      token,
      rawBody: JSON.stringify({ name: unique("org") }),
      headers: { "Content-Type": "text/plain", Origin: "http://127.0.0.1:1" },
    });
    expect(withToken.status).toBe(201);
  });
});

describe("server-side keys", () => {
  it("shows the key once, stores only its hash, and the SDK still takes it", async () => {
    const s = await seed();
    const created = await call(`/api/v1/environments/${s.envKey}/api-keys/`, {
      token: s.token,
      body: { name: "backend" },
    });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key).toMatch(/^ser\.[23456789A-HJ-NP-Za-km-z]{22}$/);
    const masked = `${key.slice(0, 8)}${"*".repeat(18)}`;
    const list = await call(`/api/v1/environments/${s.envKey}/api-keys/`, { token: s.token });
    expect(list.body.map((k: { key: string }) => k.key)).toEqual([masked]);
    const one = await call(`/api/v1/environments/${s.envKey}/api-keys/${created.body.id}/`, {
      token: s.token,
    });
    expect(one.body.key).toBe(masked);

    const rows = await rawQuery(inject("databaseUrl"), `SELECT "key", "keyHash" FROM "EnvironmentApiKey"`);
    expect(rows.some((r) => r.key === key)).toBe(false);
    expect(rows.some((r) => r.keyHash && String(r.keyHash).length === 64)).toBe(true);

    expect((await call("/api/v1/environment-document/", { envKey: key })).status).toBe(200);
    expect((await call("/api/v1/environment-document/", { envKey: masked })).status).toBe(403);
  });

  it("hashes keys stored in plain text by an older version at start-up", async () => {
    const s = await seed();
    const plain = `ser.${unique("legacy")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(22, "x")
      .slice(0, 22)}`;
    const databaseUrl = inject("databaseUrl");
    await rawQuery(
      databaseUrl,
      `INSERT INTO "EnvironmentApiKey" ("key", "name", "active", "environmentId", "createdAt")
       SELECT '${plain}', 'legacy', true, "id", "createdAt" FROM "Environment" WHERE "id" = ${s.environmentId}`,
    );
    const server = await startEnsign({ databaseUrl });
    try {
      const rows = await rawQuery(
        databaseUrl,
        `SELECT "key", "keyPrefix" FROM "EnvironmentApiKey" WHERE "name" = 'legacy'`,
      );
      expect(rows).toEqual([{ key: null, keyPrefix: plain.slice(0, 8) }]);
      const res = await call("/api/v1/environment-document/", { envKey: plain, baseUrl: server.url });
      expect(res.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe.skipIf(usesPostgres())("the SQLite files", () => {
  it("are readable by their owner only, the WAL files included", () => {
    const file = inject("databaseUrl").replace(/^file:/, "");
    const present = [file, `${file}-wal`, `${file}-shm`].filter((f) => existsSync(f));
    expect(present.length).toBeGreaterThanOrEqual(2);
    for (const f of present) expect((statSync(f).mode & 0o777).toString(8)).toBe("600");
  });
});
