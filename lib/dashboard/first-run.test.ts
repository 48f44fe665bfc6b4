import { describe, expect, it } from "vitest";
import { firstRunDone } from "./first-run";

describe("firstRunDone", () => {
  it("is all to do in an empty project", () => {
    expect(firstRunDone({ featureCount: 0, identityCount: 0, analytics: [{}, undefined] })).toEqual({
      flag: false,
      sdk: false,
      evaluation: false,
    });
  });

  it("counts an identity as a connected SDK, and only reported evaluations as the first evaluation", () => {
    expect(firstRunDone({ featureCount: 1, identityCount: 3, analytics: [{}, {}] })).toEqual({
      flag: true,
      sdk: true,
      evaluation: false,
    });
  });

  it("takes evaluations from any checked environment, ignoring days with none", () => {
    const none = { banner: [{ day: "2026-11-26", count: 0 }] };
    const some = { banner: [{ day: "2026-11-26", count: 2 }] };
    expect(firstRunDone({ featureCount: 1, identityCount: 0, analytics: [none, some] })).toEqual({
      flag: true,
      sdk: true,
      evaluation: true,
    });
    expect(firstRunDone({ featureCount: 1, identityCount: 0, analytics: [none] }).evaluation).toBe(false);
  });
});
