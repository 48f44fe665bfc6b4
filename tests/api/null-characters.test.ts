// Text holding a NUL character cannot be stored (PostgreSQL's text type refuses it): every
// input path answers DRF's 400 before anything reaches the database, on both databases.
import { describe, expect, it } from "vitest";
import { baseUrl, call, seed, signUp } from "../support/api";

const NUL = "Null characters are not allowed.";

describe("NUL characters in input", () => {
  it("are refused by the SDK identity endpoints, field by field, and nothing is stored", async () => {
    const s = await seed();
    const identity = await call("/api/v1/identities/", {
      envKey: s.envKey,
      body: { identifier: "a\u0000b", traits: [] },
    });
    expect(identity.status).toBe(400);
    expect(identity.body).toEqual({ identifier: [NUL] });

    const trait = await call("/api/v1/identities/", {
      envKey: s.envKey,
      body: {
        identifier: "clean",
        traits: [
          { trait_key: "ok", trait_value: "fine" },
          { trait_key: "k\u0000", trait_value: "v" },
          { trait_key: "v", trait_value: "x\u0000y" },
        ],
      },
    });
    expect(trait.status).toBe(400);
    expect(trait.body).toEqual({ traits: [{}, { trait_key: [NUL] }, { trait_value: [NUL] }] });

    const get = await call("/api/v1/identities/?identifier=a%00b", { envKey: s.envKey });
    expect(get.status).toBe(400);
    expect(get.body).toEqual({ identifier: [NUL] });

    const list = await call(`/api/v1/environments/${s.envKey}/identities/`, { token: s.token });
    expect(list.body.count).toBe(0);
  });

  it("are refused by the legacy trait endpoints", async () => {
    const s = await seed();
    const one = await call("/api/v1/traits/", {
      envKey: s.envKey,
      body: { identity: { identifier: "x\u0000" }, trait_key: "plan", trait_value: "gold" },
    });
    expect(one.status).toBe(400);
    expect(one.body).toEqual({ identity: { identifier: [NUL] } });
    const increment = await call("/api/v1/traits/increment-value/", {
      envKey: s.envKey,
      body: { identifier: "x", trait_key: "n\u0000", increment_by: 1 },
    });
    expect(increment.status).toBe(400);
    expect(increment.body).toEqual({ trait_key: [NUL] });
  });

  it("are refused by the admin API in bodies and queries, and unknown in paths", async () => {
    const s = await seed();
    const feature = await call(`/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name: "flag\u0000", description: "ok" },
    });
    expect(feature.status).toBe(400);
    expect(feature.body).toEqual({ name: [NUL] });

    const search = await call(`/api/v1/environments/${s.envKey}/identities/?q=a%00`, { token: s.token });
    expect(search.status).toBe(400);
    expect(search.body).toEqual({ q: [NUL] });

    const path = await call(`/api/v1/environments/${s.envKey}%00/identities/`, { token: s.token });
    expect(path.status).toBe(404);
  });

  it("fail the dashboard's sign-in like any wrong credentials, and the right ones still work", async () => {
    const account = await signUp();
    const signIn = async (email: string) => {
      const csrf = await fetch(`${baseUrl()}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const res = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ email, password: "correct-horse-9", csrfToken, json: "true" }),
        redirect: "manual",
      });
      const sessionCookie = res.headers.getSetCookie().some((c) => c.includes("next-auth.session-token="));
      return { status: res.status, body: await res.text(), sessionCookie };
    };
    const refused = await signIn(`${account.email}\u0000`);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body).toContain("CredentialsSignin");
    expect(refused.sessionCookie).toBe(false);
    const accepted = await signIn(account.email);
    expect(accepted.status).toBeLessThan(400);
    expect(accepted.sessionCookie).toBe(true);
  });
});
