// Request values that Flagsmith's serializers accept in more than one JSON shape: feature
// references (a pk, or for edge identities also a name), override values (a raw scalar or
// the nested value object) and trait values (typed by their JSON type).
import { z } from "zod";
import { DB_INT_MAX } from "@/lib/api/query-int";
import { LIMITS } from "@/lib/limits/limits";
import { isInt32, storeFeatureValue, type StoredValue } from "@/lib/values";

const MAX_FEATURE_VALUE_LENGTH = LIMITS.featureValueLength;
export const MAX_TRAIT_STRING_LENGTH = 2000;
export const TRAIT_TOO_LONG = `Value string is too long. Must be less than ${MAX_TRAIT_STRING_LENGTH} character`;

/** The Python type name DRF puts in its messages. */
export function pyTypeName(value: unknown): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "dict";
}

/** A feature named in a body: a pk (number or digit string), or a name where allowed. */
export function zFeatureRef(options: { byName: boolean }) {
  return z
    .unknown()
    .transform((value, ctx): number | string | undefined => {
      if (value === undefined) return undefined;
      const pk =
        typeof value === "number" && Number.isInteger(value) && value > 0
          ? value
          : typeof value === "string" && /^\d{1,10}$/.test(value)
            ? Number(value)
            : null;
      // A pk past the database's integer column matches no row: answered here, as any other
      // unknown pk, rather than failing in the query (500).
      if (pk !== null && pk > DB_INT_MAX) {
        ctx.addIssue({
          code: "custom",
          input: value,
          message: `Invalid pk "${value}" - object does not exist.`,
        });
        return z.NEVER;
      }
      if (pk !== null) return pk;
      if (options.byName && typeof value === "string" && value.length > 0) return value;
      ctx.addIssue({
        code: "custom",
        input: value,
        message:
          value === null
            ? "This field may not be null."
            : `Incorrect type. Expected pk value, received ${pyTypeName(value)}.`,
      });
      return z.NEVER;
    })
    .optional();
}

type ValueObject = {
  type?: unknown;
  string_value?: unknown;
  integer_value?: unknown;
  boolean_value?: unknown;
};

function fromValueObject(obj: ValueObject, ctx: z.RefinementCtx): StoredValue | typeof z.NEVER {
  const type = obj.type ?? "unicode";
  const fail = (field: string, message: string) => {
    ctx.addIssue({ code: "custom", input: obj, path: [field], message });
    return z.NEVER;
  };
  if (type === "int") {
    const v = obj.integer_value ?? null;
    if (v === null) return { valueType: "int", value: null };
    if (typeof v !== "number" || !Number.isInteger(v))
      return fail("integer_value", "A valid integer is required.");
    if (!isInt32(v)) return fail("integer_value", "Ensure this value is less than or equal to 2147483647.");
    return { valueType: "int", value: String(v) };
  }
  if (type === "bool") {
    const v = obj.boolean_value ?? null;
    if (v === null) return { valueType: "bool", value: null };
    if (typeof v !== "boolean") return fail("boolean_value", "Must be a valid boolean.");
    return { valueType: "bool", value: v ? "true" : "false" };
  }
  if (type === "unicode") {
    const v = obj.string_value ?? null;
    if (v === null) return { valueType: "unicode", value: null };
    if (typeof v !== "string") return fail("string_value", "Not a valid string.");
    if (v.length > MAX_FEATURE_VALUE_LENGTH) {
      return fail(
        "string_value",
        `Ensure this field has no more than ${MAX_FEATURE_VALUE_LENGTH} characters.`,
      );
    }
    return { valueType: "unicode", value: v };
  }
  return fail("type", `"${String(type)}" is not a valid choice.`);
}

/** An override's value: undefined when absent, else the stored form. */
export const zOverrideValue = z
  .unknown()
  .transform((value, ctx): StoredValue | undefined => {
    if (value === undefined) return undefined;
    if (value === null || typeof value === "boolean" || typeof value === "number") {
      return storeFeatureValue(value);
    }
    if (typeof value === "string") {
      if (value.length <= MAX_FEATURE_VALUE_LENGTH) return storeFeatureValue(value);
      ctx.addIssue({
        code: "custom",
        input: value,
        message: `Ensure this field has no more than ${MAX_FEATURE_VALUE_LENGTH} characters.`,
      });
      return z.NEVER;
    }
    if (typeof value === "object" && !Array.isArray(value)) return fromValueObject(value as ValueObject, ctx);
    ctx.addIssue({
      code: "custom",
      input: value,
      message: "Expected a string, integer, boolean or a value object.",
    });
    return z.NEVER;
  })
  .optional();

/** A trait value as sent: a scalar, or null (which deletes where deleting is allowed). */
export const zTraitInputValue = z
  .unknown()
  .transform((value, ctx): string | number | boolean | null | undefined => {
    if (value === undefined || value === null) return value;
    if (typeof value === "number" || typeof value === "boolean") return value;
    if (typeof value === "string") {
      if (value.length <= MAX_TRAIT_STRING_LENGTH) return value;
      ctx.addIssue({ code: "custom", input: value, message: TRAIT_TOO_LONG });
      return z.NEVER;
    }
    ctx.addIssue({ code: "custom", input: value, message: "Expected a string, number or boolean." });
    return z.NEVER;
  });

export const zOptionalTraitInputValue = zTraitInputValue.optional();
