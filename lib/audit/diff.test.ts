import { describe, expect, it } from "vitest";
import { diffFields } from "./diff";

describe("diffFields", () => {
  it("lists changed fields in snake_case with old and new values", () => {
    expect(
      diffFields(
        { name: "a", defaultEnabled: false, updatedAt: new Date(1) },
        { name: "a", defaultEnabled: true, updatedAt: new Date(2) },
      ),
    ).toEqual([{ field: "default_enabled", old: false, new: true }]);
  });

  it("treats a creation as every field going from null and a deletion as the reverse", () => {
    expect(diffFields(null, { name: "x", createdAt: new Date(0) })).toEqual([
      { field: "name", old: null, new: "x" },
      { field: "created_at", old: null, new: "1970-01-01T00:00:00.000Z" },
    ]);
    expect(diffFields({ value: 3 }, null)).toEqual([{ field: "value", old: 3, new: null }]);
  });

  it("compares nested values by content", () => {
    expect(diffFields({ rules: [{ a: 1 }] }, { rules: [{ a: 1 }] })).toEqual([]);
    expect(diffFields({ rules: [{ a: 1 }] }, { rules: [{ a: 2 }] })).toEqual([
      { field: "rules", old: [{ a: 1 }], new: [{ a: 2 }] },
    ]);
  });
});
