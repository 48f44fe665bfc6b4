import { describe, expect, it } from "vitest";
import { canonicalRequestUrl } from "./request-path";

describe("canonicalRequestUrl", () => {
  it("leaves canonical paths and their queries untouched", () => {
    expect(canonicalRequestUrl("/api/v1/flags/")).toBe("/api/v1/flags/");
    expect(canonicalRequestUrl("/api/v1/flags/?feature=a%2F..%2Fb")).toBe(
      "/api/v1/flags/?feature=a%2F..%2Fb",
    );
    expect(canonicalRequestUrl("/API/V1/FLAGS")).toBe("/API/V1/FLAGS");
    expect(canonicalRequestUrl("/api/v1/identities/?identifier=%E2%82%AC")).toBe(
      "/api/v1/identities/?identifier=%E2%82%AC",
    );
  });

  it("spells every variant of a path one way", () => {
    expect(canonicalRequestUrl("//api/v1/flags/")).toBe("/api/v1/flags/");
    expect(canonicalRequestUrl("/api//v1///flags/?x=1")).toBe("/api/v1/flags/?x=1");
    expect(canonicalRequestUrl("/api/v1/identities/%2e/")).toBe("/api/v1/identities/");
    expect(canonicalRequestUrl("/api/v1/identities/%2E%2e/identities/")).toBe("/api/v1/identities/");
    expect(canonicalRequestUrl("/api/v1/./flags/")).toBe("/api/v1/flags/");
    expect(canonicalRequestUrl("/api/v1/x/../flags")).toBe("/api/v1/flags");
    expect(canonicalRequestUrl("/api\\v1\\flags/")).toBe("/api/v1/flags/");
    expect(canonicalRequestUrl("/api/v1/%66lags/")).toBe("/api/v1/flags/");
    expect(canonicalRequestUrl("/api/v1/%7Eme/%2d_/")).toBe("/api/v1/~me/-_/");
  });

  it("keeps escapes of reserved and non-ASCII characters", () => {
    expect(canonicalRequestUrl("/api/v1/a%2Fb/")).toBe("/api/v1/a%2Fb/");
    expect(canonicalRequestUrl("/api/v1/edge-identities/%E2%82%AC/")).toBe(
      "/api/v1/edge-identities/%E2%82%AC/",
    );
  });

  it("refuses a path with a malformed escape", () => {
    expect(canonicalRequestUrl("/api/v1/projects/%/")).toBeNull();
    expect(canonicalRequestUrl("/api/v1/projects/%4/")).toBeNull();
    expect(canonicalRequestUrl("/api/v1/projects/%zz/")).toBeNull();
  });

  it("refuses a path whose escapes are not UTF-8", () => {
    expect(canonicalRequestUrl("/api/v1/environments/%FF/")).toBeNull();
    expect(canonicalRequestUrl("/api/v1/environments/%C3%28/featurestates/")).toBeNull();
    expect(canonicalRequestUrl("/api/v1/organisations/%ED%A0%80/")).toBeNull();
    expect(canonicalRequestUrl("/api/v1/identities/?identifier=%FF")).toBe(
      "/api/v1/identities/?identifier=%FF",
    );
  });
});
