import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodIssuesToDrf } from "./zod-errors";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return zodIssuesToDrf(result.error.issues);
};

describe("zodIssuesToDrf", () => {
  it("keys a bad item of a list of plain values by its index, as DRF's ListField", () => {
    const schema = z.object({ group_ids: z.array(z.number().int()) });
    expect(errorsOf(schema, { group_ids: [1, "x", 2, "y"] })).toEqual({
      group_ids: {
        "1": ["A valid integer is required."],
        "3": ["A valid integer is required."],
      },
    });
  });

  it("nests errors of a list of objects as DRF's ListSerializer", () => {
    const schema = z.object({ rules: z.array(z.object({ type: z.string() })) });
    expect(errorsOf(schema, { rules: [{ type: "ALL" }, {}] })).toEqual({
      rules: [{}, { type: ["This field is required."] }],
    });
  });

  it("puts errors without a path under non_field_errors", () => {
    expect(errorsOf(z.string(), 3)).toEqual({ non_field_errors: ["Not a valid string."] });
  });
});
