// Concurrent identity calls: the store groups them into shared transactions, so these check
// that grouping never mixes up identities, loses a write or shows a call another's traits.
import { describe, expect, it } from "vitest";
import { call, seed } from "../support/api";

type Trait = { id: number; trait_key: string; trait_value: unknown };
type Answer = { identifier: string; traits: Trait[] };

const asObject = (traits: Trait[]) => Object.fromEntries(traits.map((t) => [t.trait_key, t.trait_value]));

describe("concurrent identity calls", () => {
  it("answers each of 120 concurrent calls with its own identity and traits, and stores them all", async () => {
    const s = await seed();
    const calls = Array.from({ length: 120 }, (_, i) => ({
      identifier: `crowd-${i}`,
      traits: [
        { trait_key: "n", trait_value: i },
        { trait_key: "name", trait_value: `user ${i}` },
        { trait_key: "even", trait_value: i % 2 === 0 },
      ],
    }));
    const answers = await Promise.all(
      calls.map((body) => call<Answer>("/api/v1/identities/", { envKey: s.envKey, body })),
    );
    answers.forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.body.identifier).toBe(`crowd-${i}`);
      expect(asObject(res.body.traits)).toEqual({ n: i, name: `user ${i}`, even: i % 2 === 0 });
    });
    const ids = answers.flatMap((res) => res.body.traits.map((t) => t.id));
    expect(new Set(ids).size).toBe(ids.length);

    const list = await call(`/api/v1/environments/${s.envKey}/identities/?page_size=999`, { token: s.token });
    expect(list.body.count).toBe(120);
    for (const i of [0, 57, 119]) {
      const stored = await call<Answer>(`/api/v1/identities/?identifier=crowd-${i}`, { envKey: s.envKey });
      expect(asObject(stored.body.traits)).toEqual({ n: i, name: `user ${i}`, even: i % 2 === 0 });
    }
  });

  it("applies concurrent calls for one identity one after another, losing none", async () => {
    const s = await seed();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call<Answer>("/api/v1/identities/", {
          envKey: s.envKey,
          body: { identifier: "busy", traits: [{ trait_key: `seen-${i}`, trait_value: i }] },
        }),
      ),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      expect(asObject(res.body.traits)[`seen-${i}`]).toBe(i);
    }
    // Each answer shows the traits of the calls applied before it: the counts are all different.
    const sizes = answers.map((res) => res.body.traits.length).sort((a, b) => a - b);
    expect(sizes).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const stored = await call<Answer>("/api/v1/identities/?identifier=busy", { envKey: s.envKey });
    expect(stored.body.traits).toHaveLength(40);
  });

  it("keeps transient calls out of storage while writes for the same identity land", async () => {
    const s = await seed();
    const write = (value: number) =>
      call<Answer>("/api/v1/identities/", {
        envKey: s.envKey,
        body: { identifier: "mixed", traits: [{ trait_key: "stored", trait_value: value }] },
      });
    const peek = () =>
      call<Answer>("/api/v1/identities/", {
        envKey: s.envKey,
        body: {
          identifier: "mixed",
          transient: true,
          traits: [{ trait_key: "temporary", trait_value: "yes" }],
        },
      });
    const answers = await Promise.all([write(1), peek(), write(2), peek(), write(3)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    // Arrival order over HTTP is not send order, so each write sees its own value…
    for (const [i, value] of [
      [0, 1],
      [2, 2],
      [4, 3],
    ])
      expect(asObject(answers[i].body.traits)).toEqual({ stored: value });
    for (const i of [1, 3]) expect(asObject(answers[i].body.traits).temporary).toBe("yes");
    // …and storage holds one of the written values and never the transient trait.
    const stored = await call<Answer>("/api/v1/identities/?identifier=mixed", { envKey: s.envKey });
    expect(Object.keys(asObject(stored.body.traits))).toEqual(["stored"]);
    expect([1, 2, 3]).toContain(asObject(stored.body.traits).stored);
  });
});
