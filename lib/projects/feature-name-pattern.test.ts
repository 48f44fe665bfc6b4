import { describe, expect, it } from "vitest";
import { CONDITION_MESSAGES } from "@/lib/segments/conditions";
import { featureNamePatternError, matchesFeatureNamePattern } from "./feature-name-pattern";

describe("feature name pattern", () => {
  it("matches the whole name, as Flagsmith's ^…$", () => {
    expect(matchesFeatureNamePattern("[a-z_]+", "checkout_banner")).toBe(true);
    expect(matchesFeatureNamePattern("[a-z_]+", "checkout banner")).toBe(false);
    expect(matchesFeatureNamePattern("[a-z_]+", "Checkout")).toBe(false);
    expect(matchesFeatureNamePattern("ff_", "ff_new")).toBe(false);
    // Already anchored patterns mean the same (^^…$$ as in Flagsmith).
    expect(matchesFeatureNamePattern("^ff_[a-z]+$", "ff_new")).toBe(true);
  });

  it("allows any name without a pattern", () => {
    expect(matchesFeatureNamePattern(null, "my feature!")).toBe(true);
    expect(matchesFeatureNamePattern("", "my feature!")).toBe(true);
  });

  it("refuses patterns the segment REGEX operator refuses", () => {
    expect(featureNamePatternError("[a-z]+")).toBeNull();
    expect(featureNamePatternError("([a-z]")).toBe(CONDITION_MESSAGES.regex);
    expect(featureNamePatternError("(a)\\1")).toBe(CONDITION_MESSAGES.regexUnsupported);
    expect(featureNamePatternError("((a{1000}){1000})")).toBe(CONDITION_MESSAGES.regexComplex);
  });
});
