import { describe, expect, it } from "vitest";
import { ZFeatureFile, storeFileValue } from "./file-format";
import { exportName } from "./exports";

const feature = {
  name: "alpha",
  default_enabled: false,
  is_server_key_only: false,
  initial_value: null,
  value: 3,
  type: "int",
  enabled: true,
  multivariate: [],
};

describe("storeFileValue", () => {
  it("stores a value in the type the file names, and refuses one of another type", () => {
    expect(storeFileValue(3, "int")).toEqual({ valueType: "int", value: "3" });
    expect(storeFileValue(true, "bool")).toEqual({ valueType: "bool", value: "true" });
    expect(storeFileValue("x", "unicode")).toEqual({ valueType: "unicode", value: "x" });
    expect(storeFileValue(null, "unicode")).toEqual({ valueType: "unicode", value: null });
    expect(storeFileValue("3", "int")).toBeNull();
    expect(storeFileValue(2.5, "int")).toBeNull();
    expect(storeFileValue(2147483648, "int")).toBeNull();
    expect(storeFileValue(1, "bool")).toBeNull();
    expect(storeFileValue(false, "unicode")).toBeNull();
  });
});

describe("ZFeatureFile", () => {
  it("reads Flagsmith's fields, ignores keys it does not know, and reads the extension", () => {
    const parsed = ZFeatureFile.parse([
      { ...feature, tags: ["ignored"], ensign: { version: 1, owners: ["a@example.com"] } },
    ]);
    expect(parsed[0]).toMatchObject({
      name: "alpha",
      value: 3,
      ensign: { tags: [], owners: ["a@example.com"] },
    });
    expect(parsed[0]).not.toHaveProperty("tags");
  });

  it("refuses a top-level object, a missing field and a value that does not fit its type", () => {
    expect(ZFeatureFile.safeParse({ features: [] }).success).toBe(false);
    expect(ZFeatureFile.safeParse([{ ...feature, enabled: undefined }]).success).toBe(false);
    expect(ZFeatureFile.safeParse([{ ...feature, value: "three" }]).success).toBe(false);
    expect(ZFeatureFile.safeParse([{ ...feature, ensign: { version: 2 } }]).success).toBe(false);
  });
});

describe("exportName", () => {
  it("names an export as Flagsmith does: environment, UTC date and minute", () => {
    expect(exportName("Production", new Date("2026-03-04T05:06:59Z"))).toBe(
      "Production | 2026-03-04 05:06 UTC",
    );
  });
});
