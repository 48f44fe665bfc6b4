// Legacy trait endpoints: POST /api/v1/traits/, PUT /api/v1/traits/bulk/,
// POST /api/v1/traits/increment-value/.
import { describe, expect, it } from "vitest";
import { call, seed, type Seeded } from "../support/api";
import { createServerKey, expectWithin1s, patchEnvironment, patchOrganisation } from "../sdk/fixtures";

async function storedTraits(s: Seeded, identifier: string) {
  const res = await call(`/api/v1/identities/?identifier=${encodeURIComponent(identifier)}`, {
    envKey: s.envKey,
  });
  return Object.fromEntries(
    res.body.traits.map((t: { trait_key: string; trait_value: unknown }) => [t.trait_key, t.trait_value]),
  );
}

describe("legacy trait endpoints", () => {
  it("sets one trait and echoes it", async () => {
    const s = await seed();
    const body = { identity: { identifier: "legacy" }, trait_key: "plan", trait_value: "gold" };
    const res = await call("/api/v1/traits/", { envKey: s.envKey, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(body);
    expect(await storedTraits(s, "legacy")).toEqual({ plan: "gold" });
  });

  it("sets and deletes traits in bulk", async () => {
    const s = await seed();
    await call("/api/v1/traits/", {
      envKey: s.envKey,
      body: { identity: { identifier: "bulk-a" }, trait_key: "old", trait_value: 1 },
    });
    const items = [
      { identity: { identifier: "bulk-a" }, trait_key: "old", trait_value: null },
      { identity: { identifier: "bulk-a" }, trait_key: "n", trait_value: 2 },
      { identity: { identifier: "bulk-b" }, trait_key: "vip", trait_value: true },
    ];
    const res = await call("/api/v1/traits/bulk/", { method: "PUT", envKey: s.envKey, body: items });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(items);
    expect(await storedTraits(s, "bulk-a")).toEqual({ n: 2 });
    expect(await storedTraits(s, "bulk-b")).toEqual({ vip: true });
  });

  it("increments integer traits, concurrently without losing updates", async () => {
    const s = await seed();
    const inc = (by: number) =>
      call("/api/v1/traits/increment-value/", {
        envKey: s.envKey,
        body: { trait_key: "count", identifier: "counter", increment_by: by },
      });
    const first = await inc(5);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ trait_key: "count", trait_value: 5, identifier: "counter" });
    await Promise.all(Array.from({ length: 20 }, () => inc(1)));
    expect(await storedTraits(s, "counter")).toEqual({ count: 25 });
    await call("/api/v1/traits/", {
      envKey: s.envKey,
      body: { identity: { identifier: "counter" }, trait_key: "name", trait_value: "x" },
    });
    const notInt = await call("/api/v1/traits/increment-value/", {
      envKey: s.envKey,
      body: { trait_key: "name", identifier: "counter", increment_by: 1 },
    });
    expect(notInt.status).toBe(400);
    expect(notInt.body).toEqual({ non_field_errors: ["Trait value is not an integer."] });
  });

  it("validates bodies with DRF's shapes", async () => {
    const s = await seed();
    const missing = await call("/api/v1/traits/", { envKey: s.envKey, body: { trait_value: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      identity: ["This field is required."],
      trait_key: ["This field is required."],
    });
    const nullValue = await call("/api/v1/traits/", {
      envKey: s.envKey,
      body: { identity: { identifier: "x" }, trait_key: "k", trait_value: null },
    });
    expect(nullValue.body).toEqual({ trait_value: ["This field may not be null."] });
    const notList = await call("/api/v1/traits/bulk/", { method: "PUT", envKey: s.envKey, body: {} });
    expect(notList.status).toBe(400);
    expect(notList.body).toEqual({ non_field_errors: ['Expected a list of items but got type "dict".'] });
    const badIncrement = await call("/api/v1/traits/increment-value/", {
      envKey: s.envKey,
      body: { trait_key: "k", identifier: "x", increment_by: "one" },
    });
    expect(badIncrement.body).toEqual({ increment_by: ["A valid integer is required."] });
    expect(await storedTraits(s, "x")).toEqual({});
  });

  it("refuses client keys without allow_client_traits, and organisations that do not persist traits", async () => {
    const s = await seed();
    const { key } = await createServerKey(s);
    const body = { identity: { identifier: "p" }, trait_key: "k", trait_value: 1 };
    await patchEnvironment(s, { allow_client_traits: false });
    await expectWithin1s(
      async () => (await call("/api/v1/traits/", { envKey: s.envKey, body })).status === 403,
    );
    expect((await call("/api/v1/traits/", { envKey: s.envKey, body })).body).toEqual({
      detail: "You do not have permission to perform this action.",
    });
    expect((await call("/api/v1/traits/", { envKey: key, body })).status).toBe(200);
    await patchOrganisation(s, { persist_trait_data: false });
    await expectWithin1s(async () => (await call("/api/v1/traits/", { envKey: key, body })).status === 403);
    const unknown = await call("/api/v1/traits/", { envKey: "nope", body });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual({ detail: "Invalid or missing Environment Key" });
  });
});
