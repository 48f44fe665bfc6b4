import { describe, expect, it } from "vitest";
import { hasNullCharacter, nullCharacterErrors, NULL_CHARACTERS } from "./null-characters";

describe("nullCharacterErrors", () => {
  it("is null when no string holds a NUL", () => {
    expect(nullCharacterErrors({ name: "ok", n: 1, tags: ["a", null], nested: { x: true } })).toBeNull();
    expect(nullCharacterErrors(undefined)).toBeNull();
  });

  it("reports every string with a NUL at its field, nested as DRF nests errors", () => {
    expect(
      nullCharacterErrors({
        name: "a\u0000b",
        rules: [{ conditions: [{ value: "ok" }, { value: "\u0000" }] }],
      }),
    ).toEqual({
      name: [NULL_CHARACTERS],
      rules: [{ conditions: [{}, { value: [NULL_CHARACTERS] }] }],
    });
  });

  it("puts a bare string's error under non_field_errors", () => {
    expect(nullCharacterErrors("\u0000")).toEqual({ non_field_errors: [NULL_CHARACTERS] });
    expect(hasNullCharacter("a\u0000")).toBe(true);
    expect(hasNullCharacter("a0")).toBe(false);
  });
});
