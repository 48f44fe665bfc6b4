import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { zodIssuesToDrf } from "@/lib/api/zod-errors";
import { DEPTH_MESSAGE, ZSegmentCreate, ZSegmentPatch } from "./schemas";

function errors(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body, { reportInput: true });
  return result.success ? null : zodIssuesToDrf(result.error.issues);
}

describe("segment schemas", () => {
  it("answers the nesting limit before any field error, as Flagsmith does", () => {
    const body = { rules: [{ type: "BAD", rules: [{ type: "ANY", rules: [{ type: "ALL" }] }] }] };
    expect(errors(ZSegmentCreate, body)).toEqual({ segment: [DEPTH_MESSAGE] });
  });

  it("allows an empty list of rules at the deepest level", () => {
    const body = { name: "x", rules: [{ type: "ALL", rules: [{ type: "ANY", rules: [], conditions: [] }] }] };
    expect(errors(ZSegmentCreate, body)).toBeNull();
  });

  it("stringifies condition values as Python and keeps delete marks for the writer", () => {
    const parsed = ZSegmentCreate.parse({
      name: "x",
      rules: [
        {
          type: "ANY",
          conditions: [
            { property: "a", operator: "EQUAL", value: true },
            { property: "b", operator: "EQUAL", value: 3, delete: true },
          ],
        },
      ],
    });
    expect(parsed.rules[0].conditions).toEqual([
      { property: "a", operator: "EQUAL", value: "True" },
      { property: "b", operator: "EQUAL", value: "3", delete: true },
    ]);
  });

  it("lets PATCH send any subset, but not an empty rule list", () => {
    expect(errors(ZSegmentPatch, { description: "only" })).toBeNull();
    expect(errors(ZSegmentPatch, { rules: [] })).toEqual({ rules: ["This list may not be empty."] });
  });
});
