// POST/GET /api/v1/identities/: identity creation, trait storage semantics, validation.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import {
  createFeature,
  createServerKey,
  environmentState,
  expectWithin1s,
  identify,
  patchEnvironment,
  patchOrganisation,
} from "../sdk/fixtures";

async function identityCount(s: Seeded, identifier: string): Promise<number> {
  const res = await call(
    `/api/v1/environments/${s.envKey}/identities/?q=${encodeURIComponent(`"${identifier}"`)}`,
    {
      token: s.token,
    },
  );
  expect(res.status).toBe(200);
  return res.body.count;
}

/** Stored traits, read back through GET (which adds nothing). */
async function storedTraits(s: Seeded, identifier: string) {
  const res = await call(`/api/v1/identities/?identifier=${encodeURIComponent(identifier)}`, {
    envKey: s.envKey,
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.traits.map((t: { trait_key: string; trait_value: unknown }) => [t.trait_key, t.trait_value]),
  );
}

describe("POST /api/v1/identities/", () => {
  it("answers a new identity's traits as stored: the same ids and order a later call reads back", async () => {
    const s = await seed();
    const body = {
      identifier: "fresh",
      traits: [
        { trait_key: "plan", trait_value: "gold" },
        { trait_key: "gone", trait_value: null }, // nothing to delete yet
        { trait_key: "age", trait_value: 31 },
        { trait_key: "plan", trait_value: "silver" }, // the last value of a key wins
        { trait_key: "now", trait_value: 1, transient: true },
      ],
    };
    const created = await call("/api/v1/identities/", { envKey: s.envKey, body });
    expect(created.status).toBe(200);
    const again = await call("/api/v1/identities/", { envKey: s.envKey, body: { identifier: "fresh" } });
    expect(again.status).toBe(200);
    expect(again.body.traits).toEqual([
      { id: expect.any(Number), trait_key: "plan", trait_value: "silver", transient: false },
      { id: expect.any(Number), trait_key: "age", trait_value: 31, transient: false },
    ]);
    expect(created.body.traits).toEqual([
      ...again.body.traits,
      { id: null, trait_key: "now", trait_value: 1, transient: true },
    ]);
  });

  it("answers 200 with identifier, typed traits and flags carrying a variant", async () => {
    const s = await seed();
    const feature = await createFeature(s, { name: "greeting", initial_value: "hi", default_enabled: true });
    const state = await environmentState(s, "greeting");
    const res = await call("/api/v1/identities/", {
      envKey: s.envKey,
      body: {
        identifier: "alice",
        traits: [
          { trait_key: "age", trait_value: 31 },
          { trait_key: "score", trait_value: 2.5 },
          { trait_key: "vip", trait_value: true },
          { trait_key: "plan", trait_value: "gold" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-flagsmith-document-updated-at")).toMatch(/^\d+\.\d+$/);
    expect(res.body.identifier).toBe("alice");
    expect(res.body.traits).toEqual([
      { id: expect.any(Number), trait_key: "age", trait_value: 31, transient: false },
      { id: expect.any(Number), trait_key: "score", trait_value: 2.5, transient: false },
      { id: expect.any(Number), trait_key: "vip", trait_value: true, transient: false },
      { id: expect.any(Number), trait_key: "plan", trait_value: "gold", transient: false },
    ]);
    expect(res.body.flags).toEqual([
      {
        id: state.id,
        feature: {
          id: feature.id,
          name: "greeting",
          created_date: feature.created_date,
          description: null,
          initial_value: "hi",
          default_enabled: true,
          type: "STANDARD",
        },
        feature_state_value: "hi",
        environment: s.environmentId,
        identity: null,
        feature_segment: null,
        enabled: true,
        variant: null,
      },
    ]);
    expect(await storedTraits(s, "alice")).toEqual({ age: 31, score: 2.5, vip: true, plan: "gold" });
    expect(await identityCount(s, "alice")).toBe(1);
  });

  it("creates exactly one identity from 50 concurrent first calls", async () => {
    const s = await seed();
    const identifier = `race-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("/api/v1/identities/", {
          envKey: s.envKey,
          body: { identifier, traits: [{ trait_key: "n", trait_value: i }] },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await identityCount(s, identifier)).toBe(1);
    expect(typeof (await storedTraits(s, identifier)).n).toBe("number");
  });

  it("updates changed traits, keeps the rest, and deletes a trait sent as null", async () => {
    const s = await seed();
    await identify(s.envKey, {
      identifier: "bob",
      traits: [
        { trait_key: "a", trait_value: 1 },
        { trait_key: "b", trait_value: "x" },
      ],
    });
    const res = await identify(s.envKey, {
      identifier: "bob",
      traits: [
        { trait_key: "a", trait_value: "1" },
        { trait_key: "b", trait_value: null },
        { trait_key: "c", trait_value: false },
      ],
    });
    expect(res.traits.map((t) => [t.trait_key, t.trait_value])).toEqual([
      ["a", "1"],
      ["c", false],
    ]);
    expect(await storedTraits(s, "bob")).toEqual({ a: "1", c: false });
  });

  it("uses transient traits without storing them", async () => {
    const s = await seed();
    await identify(s.envKey, { identifier: "carol", traits: [{ trait_key: "plan", trait_value: "free" }] });
    const res = await identify(s.envKey, {
      identifier: "carol",
      traits: [
        { trait_key: "plan", trait_value: "gold", transient: true },
        { trait_key: "temp", trait_value: 1, transient: true },
      ],
    });
    expect(res.traits).toEqual([
      { id: null, trait_key: "plan", trait_value: "gold", transient: true },
      { id: null, trait_key: "temp", trait_value: 1, transient: true },
    ]);
    expect(await storedTraits(s, "carol")).toEqual({ plan: "free" });
  });

  it("writes nothing for a transient identity, but reads an existing one's traits", async () => {
    const s = await seed();
    const fresh = await identify(s.envKey, {
      identifier: "ghost",
      transient: true,
      traits: [{ trait_key: "k", trait_value: 1 }],
    });
    expect(fresh.traits).toEqual([{ id: null, trait_key: "k", trait_value: 1, transient: true }]);
    expect(await identityCount(s, "ghost")).toBe(0);
    await identify(s.envKey, { identifier: "dave", traits: [{ trait_key: "stored", trait_value: "yes" }] });
    const res = await identify(s.envKey, {
      identifier: "dave",
      transient: true,
      traits: [{ trait_key: "k", trait_value: 2 }],
    });
    expect(res.traits.map((t) => [t.trait_key, t.trait_value, t.transient])).toEqual([
      ["stored", "yes", false],
      ["k", 2, true],
    ]);
    expect(await storedTraits(s, "dave")).toEqual({ stored: "yes" });
  });

  it("generates an identifier for an identity posted without one, and stores nothing", async () => {
    const s = await seed();
    const traits = [
      { trait_key: "plan", trait_value: "gold" },
      { trait_key: "age", trait_value: 31 },
      { trait_key: "vip", trait_value: true },
    ];
    const res = await identify(s.envKey, { traits });
    const expected = createHash("sha256").update("age31plangoldvipTrue").digest("hex");
    expect(res.identifier).toBe(expected);
    expect(res.traits.every((t) => t.transient === true && t.id === null)).toBe(true);
    expect(await identityCount(s, expected)).toBe(0);
    const random = await identify(s.envKey, {});
    expect(random.identifier).toMatch(/^[0-9a-f]{32}$/);
    expect((await identify(s.envKey, {})).identifier).not.toBe(random.identifier);
  });

  it("drops client-key traits when allow_client_traits is off; server keys still store", async () => {
    const s = await seed();
    const { key } = await createServerKey(s);
    await patchEnvironment(s, { allow_client_traits: false });
    await expectWithin1s(async () => {
      const res = await identify(s.envKey, {
        identifier: "erin",
        traits: [{ trait_key: "x", trait_value: 1 }],
      });
      return res.traits.length === 0;
    });
    expect(await storedTraits(s, "erin")).toEqual({});
    const viaServer = await identify(key, {
      identifier: "erin",
      traits: [{ trait_key: "x", trait_value: 1 }],
    });
    expect(viaServer.traits).toEqual([
      { id: expect.any(Number), trait_key: "x", trait_value: 1, transient: false },
    ]);
  });

  it("does not store traits when the organisation does not persist trait data", async () => {
    const s = await seed();
    await patchOrganisation(s, { persist_trait_data: false });
    await expectWithin1s(async () => {
      const res = await identify(s.envKey, {
        identifier: "fay",
        traits: [{ trait_key: "x", trait_value: 1 }],
      });
      return res.traits[0]?.id === null;
    });
    const res = await identify(s.envKey, { identifier: "fay", traits: [{ trait_key: "x", trait_value: 1 }] });
    expect(res.traits).toEqual([{ id: null, trait_key: "x", trait_value: 1, transient: false }]);
    expect(await storedTraits(s, "fay")).toEqual({});
  });

  it("hides traits when hide_sensitive_data is on", async () => {
    const s = await seed();
    await patchEnvironment(s, { hide_sensitive_data: true });
    await expectWithin1s(async () => {
      const res = await identify(s.envKey, {
        identifier: "gil",
        traits: [{ trait_key: "x", trait_value: 1 }],
      });
      return res.traits.length === 0;
    });
  });

  it("accepts ?identifier= alone or matching the body, and refuses a mismatch", async () => {
    const s = await seed();
    const alone = await call("/api/v1/identities/?identifier=q-user", {
      envKey: s.envKey,
      body: { traits: [{ trait_key: "x", trait_value: 1 }] },
    });
    expect(alone.status).toBe(200);
    expect(alone.body.identifier).toBe("q-user");
    expect(await storedTraits(s, "q-user")).toEqual({ x: 1 });
    const both = await call("/api/v1/identities/?identifier=q-user", {
      envKey: s.envKey,
      body: { identifier: "q-user" },
    });
    expect(both.status).toBe(200);
    const clash = await call("/api/v1/identities/?identifier=a-user", {
      envKey: s.envKey,
      body: { identifier: "b-user" },
    });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({
      identifier: [
        "The identifier in the query string and the one in the body differ; send one, or the same in both.",
      ],
    });
    expect(await identityCount(s, "a-user")).toBe(0);
    expect(await identityCount(s, "b-user")).toBe(0);
  });

  it("refuses bad bodies with DRF's shapes and writes nothing", async () => {
    const s = await seed();
    const tooLong = await call("/api/v1/identities/", {
      envKey: s.envKey,
      body: { identifier: "long", traits: [{ trait_key: "k", trait_value: "x".repeat(2001) }] },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      traits: [{ trait_value: ["Value string is too long. Must be less than 2000 character"] }],
    });
    expect(await identityCount(s, "long")).toBe(0);

    const cases: [unknown, unknown][] = [
      [{ identifier: "v", traits: {} }, { traits: ['Expected a list of items but got type "dict".'] }],
      [
        { identifier: "v", traits: [{ trait_value: 1 }] },
        { traits: [{ trait_key: ["This field is required."] }] },
      ],
      [
        { identifier: "v", traits: [{ trait_key: "k" }] },
        { traits: [{ trait_value: ["This field is required."] }] },
      ],
      [{ identifier: ["v"] }, { identifier: ["Not a valid string."] }],
      [[{ identifier: "v" }], { non_field_errors: ["Invalid data. Expected a dictionary, but got list."] }],
    ];
    for (const [body, expected] of cases) {
      const res = await call("/api/v1/identities/", { envKey: s.envKey, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
    }
    expect(await identityCount(s, "v")).toBe(0);
    const malformed = await call("/api/v1/identities/", { envKey: s.envKey, rawBody: '{"identifier": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/^JSON parse error - /);
  });

  it("refuses missing and unknown keys with 403", async () => {
    const missing = await call("/api/v1/identities/", { body: { identifier: "x" } });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ detail: "Invalid or missing Environment key" });
    const unknown = await call("/api/v1/identities/", { envKey: "nope", body: { identifier: "x" } });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ detail: "Invalid or missing Environment Key" });
  });
});

describe("GET /api/v1/identities/", () => {
  it("answers 200 with a detail when the identifier is missing", async () => {
    const s = await seed();
    const res = await call("/api/v1/identities/", { envKey: s.envKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: "Missing identifier" });
  });

  it("creates the identity and answers its stored traits and flags", async () => {
    const s = await seed();
    await createFeature(s, { name: "g_flag", default_enabled: true });
    const res = await call("/api/v1/identities/?identifier=hank", { envKey: s.envKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      identifier: "hank",
      traits: [],
      flags: [{ feature: { name: "g_flag" }, variant: null }],
    });
    expect(await identityCount(s, "hank")).toBe(1);
  });

  it("keeps a transient identity in memory (any non-empty value)", async () => {
    const s = await seed();
    const res = await call("/api/v1/identities/?identifier=ivy&transient=false", { envKey: s.envKey });
    expect(res.status).toBe(200);
    expect(await identityCount(s, "ivy")).toBe(0);
  });

  it("answers one flag for ?feature= (exact name) or 404", async () => {
    const s = await seed();
    await createFeature(s, { name: "Exact_Name", default_enabled: true });
    const one = await call("/api/v1/identities/?identifier=jo&feature=Exact_Name", { envKey: s.envKey });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ feature: { name: "Exact_Name" }, enabled: true, variant: null });
    const other = await call("/api/v1/identities/?identifier=jo&feature=exact_name", { envKey: s.envKey });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: "Given feature not found" });
  });
});
