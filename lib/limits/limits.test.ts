import { describe, expect, it } from "vitest";
import { LIMIT_SETTINGS, readLimits } from "./limits";

describe("readLimits", () => {
  it("uses the defaults when nothing is set", () => {
    const limits = readLimits({});
    expect(limits.featuresPerProject).toBe(1000);
    expect(limits.segmentsPerProject).toBe(500);
    expect(limits.featureValueLength).toBe(20_000);
    expect(limits.snapshotCacheBytes).toBe(32_000_000);
    expect(limits.snapshotCompiles).toBe(2);
  });

  it("reads positive integers and ignores anything else", () => {
    const limits = readLimits({
      ENSIGN_MAX_FEATURES_PER_PROJECT: "5",
      ENSIGN_MAX_SEGMENTS_PER_PROJECT: "-1",
      ENSIGN_MAX_TRAITS_PER_IDENTITY: "ten",
      ENSIGN_MAX_ENVIRONMENTS_PER_PROJECT: "2.5",
    });
    expect(limits.featuresPerProject).toBe(5);
    expect(limits.segmentsPerProject).toBe(LIMIT_SETTINGS.segmentsPerProject.fallback);
    expect(limits.traitsPerIdentity).toBe(LIMIT_SETTINGS.traitsPerIdentity.fallback);
    expect(limits.environmentsPerProject).toBe(LIMIT_SETTINGS.environmentsPerProject.fallback);
  });
});
