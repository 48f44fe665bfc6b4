import { describe, expect, it } from "vitest";
import type { IncomingTrait } from "./parse";
import { planTraitWrites, type StoredTrait } from "./trait-plan";

const stored: StoredTrait[] = [
  { id: 1, traitKey: "age", valueType: "int", value: "31" },
  { id: 2, traitKey: "plan", valueType: "unicode", value: "gold" },
];
const trait = (key: string, value: IncomingTrait["value"], transient = false): IncomingTrait => ({
  key,
  value,
  valueType: null,
  transient,
});

describe("planTraitWrites", () => {
  it("leaves unchanged values alone", () => {
    expect(planTraitWrites(stored, [trait("age", 31), trait("plan", "gold")])).toEqual({
      deletes: [],
      upserts: [],
    });
  });

  it("rewrites a value whose type changed even if its text did not", () => {
    expect(planTraitWrites(stored, [trait("age", "31")]).upserts).toEqual([
      { traitKey: "age", valueType: "unicode", value: "31" },
    ]);
  });

  it("writes new and changed values, deletes nulled ones that exist", () => {
    const plan = planTraitWrites(stored, [
      trait("age", 32),
      trait("plan", null),
      trait("gone", null),
      trait("vip", true),
    ]);
    expect(plan.deletes).toEqual(["plan"]);
    expect(plan.upserts).toEqual([
      { traitKey: "age", valueType: "int", value: "32" },
      { traitKey: "vip", valueType: "bool", value: "true" },
    ]);
  });

  it("never stores transient traits and keeps the last value sent for a key", () => {
    const plan = planTraitWrites(stored, [trait("temp", 1, true), trait("n", 1), trait("n", 2.5)]);
    expect(plan).toEqual({ deletes: [], upserts: [{ traitKey: "n", valueType: "float", value: "2.5" }] });
  });
});
