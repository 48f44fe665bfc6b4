import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodIssuesToDrf } from "@/lib/api/zod-errors";
import { missingValueField, storeValueObject, zFeatureStateValue, zFeatureStateValueObject } from "./values";

const body = z.object({ value: zFeatureStateValue.optional(), object: zFeatureStateValueObject.optional() });
const errors = (input: unknown) => {
  const result = body.safeParse(input, { reportInput: true });
  return result.success ? null : zodIssuesToDrf(result.error.issues);
};

describe("feature state values", () => {
  it("stores the field matching the type", () => {
    expect(storeValueObject({ type: "int", integer_value: 5 })).toEqual({ valueType: "int", value: "5" });
    expect(storeValueObject({ type: "bool", boolean_value: false })).toEqual({
      valueType: "bool",
      value: "false",
    });
    expect(storeValueObject({ string_value: "hi" })).toEqual({ valueType: "unicode", value: "hi" });
    expect(storeValueObject({ type: "unicode" })).toEqual({ valueType: "unicode", value: null });
  });

  it("spots a value given under another type's field", () => {
    expect(missingValueField({ type: "int", string_value: "5" })).toBe("integer_value");
    expect(missingValueField({ type: "int", integer_value: null, string_value: "5" })).toBeNull();
    expect(missingValueField({ type: "bool" })).toBeNull();
  });

  it("accepts raw scalars typed by their JSON type where the flat form is allowed", () => {
    expect(body.parse({ value: 3 }).value).toEqual({ valueType: "int", value: "3" });
    expect(body.parse({ value: 0.5 }).value).toEqual({ valueType: "unicode", value: "0.5" });
    expect(body.parse({ value: true }).value).toEqual({ valueType: "bool", value: "true" });
    expect(body.parse({ value: null }).value).toEqual({ valueType: "unicode", value: null });
    expect(body.parse({ value: { type: "int", integer_value: 9 } }).value).toEqual({
      valueType: "int",
      value: "9",
    });
  });

  it("reports nested errors at their path", () => {
    expect(errors({ value: { type: "float" } })).toEqual({
      value: { type: ['"float" is not a valid choice.'] },
    });
    expect(errors({ value: { type: "bool", string_value: "x" } })).toEqual({
      value: { boolean_value: ["This field is required."] },
    });
    expect(errors({ object: "x" })).toEqual({
      object: ["Invalid data. Expected a dictionary, but got str."],
    });
    expect(errors({ value: [] })).toEqual({ value: ["Invalid data. Expected a dictionary, but got list."] });
  });
});
