import { describe, expect, it } from "vitest";
import type { IncomingTrait } from "./parse";
import { planTraitWrites } from "./trait-plan";

const trait = (key: string, value: IncomingTrait["value"], transient = false): IncomingTrait => ({
  key,
  value,
  valueType: null,
  transient,
});

describe("planTraitWrites", () => {
  it("types each value as Flagsmith stores it", () => {
    expect(
      planTraitWrites([trait("age", 31), trait("plan", "gold"), trait("vip", true), trait("x", 2.5)]),
    ).toEqual({
      deletes: [],
      upserts: [
        { traitKey: "age", valueType: "int", value: "31" },
        { traitKey: "plan", valueType: "unicode", value: "gold" },
        { traitKey: "vip", valueType: "bool", value: "true" },
        { traitKey: "x", valueType: "float", value: "2.5" },
      ],
    });
  });

  it("stores a float-typed integral number as a float, written as Python prints it", () => {
    const float = { ...trait("price", 2), valueType: "float" as const };
    expect(planTraitWrites([float, trait("big", 1e21)]).upserts).toEqual([
      { traitKey: "price", valueType: "float", value: "2.0" },
      { traitKey: "big", valueType: "int", value: "1000000000000000000000" },
    ]);
  });

  it("deletes the keys sent with null", () => {
    const plan = planTraitWrites([trait("age", 32), trait("plan", null)]);
    expect(plan.deletes).toEqual(["plan"]);
    expect(plan.upserts).toEqual([{ traitKey: "age", valueType: "int", value: "32" }]);
  });

  it("never stores transient traits and keeps the last value sent for a key", () => {
    const plan = planTraitWrites([
      trait("temp", 1, true),
      trait("n", 1),
      trait("n", 2.5),
      trait("gone", 1),
      trait("gone", null),
    ]);
    expect(plan).toEqual({
      deletes: ["gone"],
      upserts: [{ traitKey: "n", valueType: "float", value: "2.5" }],
    });
  });
});
