import { describe, expect, it } from "vitest";
import { matchesCondition } from "./conditions";
import { parseStrictSemver } from "./semver-compare";
import { cond, context, trait } from "./test-fixtures";
import type { Operator } from "./types";

// Semver conditions go through matchesCondition, as segments use them. Expectations follow
// Python's semver.Version (strict parse, build metadata ignored, pre-releases below releases).
function check(operator: Operator, value: string, traitValue: string | number): boolean {
  return matchesCondition(context([trait("t", traitValue)]), cond(operator, "t", value), "5");
}

describe("parseStrictSemver", () => {
  it("accepts only MAJOR.MINOR.PATCH[-pre][+build]", () => {
    expect(parseStrictSemver("1.2.3-rc.1+sha.5")?.prerelease).toEqual(["rc", 1]);
    expect(parseStrictSemver("0.0.0")?.version).toBe("0.0.0");
    expect(parseStrictSemver("v1.2.3")).toBeNull();
    expect(parseStrictSemver("1.2.3-")).toBeNull();
    expect(parseStrictSemver("1.2.3+")).toBeNull();
  });
});

describe("semver (value suffixed ':semver')", () => {
  it("compares versions, not text", () => {
    expect(check("GREATER_THAN", "1.9.0:semver", "1.10.0")).toBe(true);
    expect(check("GREATER_THAN", "1.9.0", "1.10.0")).toBe(false);
    expect(check("EQUAL", "1.2.3:semver", "1.2.3")).toBe(true);
    expect(check("NOT_EQUAL", "1.2.4:semver", "1.2.3")).toBe(true);
    expect(check("LESS_THAN_INCLUSIVE", "1.2.3:semver", "1.2.3")).toBe(true);
    expect(check("GREATER_THAN_INCLUSIVE", "2.0.0:semver", "1.2.3")).toBe(false);
  });

  it("orders pre-releases below their release and ignores build metadata", () => {
    expect(check("LESS_THAN", "1.0.0:semver", "1.0.0-beta")).toBe(true);
    expect(check("LESS_THAN", "1.0.0-alpha.1:semver", "1.0.0-alpha")).toBe(true);
    expect(check("LESS_THAN", "1.0.0-alpha.beta:semver", "1.0.0-alpha.2")).toBe(true);
    expect(check("GREATER_THAN", "1.0.0-rc.1:semver", "1.0.0")).toBe(true);
    expect(check("EQUAL", "1.0.0+build.7:semver", "1.0.0+build.1")).toBe(true);
  });

  it.each(["v1.2.3", "1.2", " 1.2.3", "1.2.3 ", "01.2.3", "1.2.3-01", "=1.2.3", "1.2.3.4"])(
    "is false for the invalid version %j, for every operator",
    (version) => {
      expect(check("EQUAL", "1.2.3:semver", version)).toBe(false);
      expect(check("NOT_EQUAL", "9.9.9:semver", version)).toBe(false);
    },
  );

  it("accepts one trailing newline, as Python's regex '$' does", () => {
    expect(check("EQUAL", "1.2.3:semver", "1.2.3\n")).toBe(true);
  });

  it("is false when the condition's version is invalid", () => {
    expect(check("EQUAL", "1.2:semver", "1.2.0")).toBe(false);
    expect(check("NOT_EQUAL", "latest:semver", "1.2.0")).toBe(false);
  });

  it("does not apply to non-string traits", () => {
    expect(check("EQUAL", "1:semver", 1)).toBe(false);
  });

  it("CONTAINS only finds the pre-release or build string (Python iterates the version)", () => {
    expect(check("CONTAINS", "beta:semver", "1.2.3-beta")).toBe(true);
    expect(check("CONTAINS", "sha.5:semver", "1.2.3+sha.5")).toBe(true);
    expect(check("CONTAINS", "1:semver", "1.2.3")).toBe(false);
    expect(check("CONTAINS", "bet:semver", "1.2.3-beta")).toBe(false);
  });
});
