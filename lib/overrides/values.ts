// The value of a feature state as the admin API accepts it: Flagsmith's nested value
// object `{type, string_value | integer_value | boolean_value}`, or (where Flagsmith's
// flat serializers are used) a raw JSON scalar typed by its JSON type.
import { z } from "zod";
import { isInt32, storeFeatureValue, type StoredValue } from "@/lib/values";

const INT32 = { min: -2147483648, max: 2147483647 };

export const ZFeatureStateValueObject = z.object({
  type: z.enum(["int", "unicode", "bool"]).nullable().optional().describe("Value type; unicode when absent"),
  string_value: z.string().max(20000).nullable().optional().describe("The value when type is unicode"),
  integer_value: z
    .int()
    .min(INT32.min)
    .max(INT32.max)
    .nullable()
    .optional()
    .describe("The value when type is int"),
  boolean_value: z.boolean().nullable().optional().describe("The value when type is bool"),
});
export type TFeatureStateValueObject = z.infer<typeof ZFeatureStateValueObject>;

const VALUE_FIELD = { int: "integer_value", unicode: "string_value", bool: "boolean_value" } as const;

/** Where a value object names one type but carries only another type's value: the field it lacks. */
export function missingValueField(input: TFeatureStateValueObject): string | null {
  const field = VALUE_FIELD[input.type ?? "unicode"];
  if (input[field] !== undefined) return null;
  const others = Object.values(VALUE_FIELD).filter((f) => f !== field);
  return others.some((f) => input[f] !== undefined && input[f] !== null) ? field : null;
}

/** Stores a value object: the field matching its type is the value (null when absent). */
export function storeValueObject(input: TFeatureStateValueObject): StoredValue {
  const type = input.type ?? "unicode";
  if (type === "int") {
    const n = input.integer_value;
    return { valueType: "int", value: n === undefined || n === null || !isInt32(n) ? null : String(n) };
  }
  if (type === "bool") {
    const b = input.boolean_value;
    return { valueType: "bool", value: b === undefined || b === null ? null : String(b) };
  }
  return { valueType: "unicode", value: input.string_value ?? null };
}

type Ctx = z.core.$RefinementCtx;

function parseObject(raw: unknown, ctx: Ctx): StoredValue | typeof z.NEVER {
  const parsed = ZFeatureStateValueObject.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue } as z.core.$ZodRawIssue);
    return z.NEVER;
  }
  const missing = missingValueField(parsed.data);
  if (missing) {
    ctx.addIssue({ code: "custom", path: [missing], message: "This field is required.", input: undefined });
    return z.NEVER;
  }
  return storeValueObject(parsed.data);
}

function isPlainObject(raw: unknown): boolean {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw);
}

/** Only the nested object form (the create-segment-override shortcut). */
export const zFeatureStateValueObject = z
  .unknown()
  .transform((raw, ctx) => {
    if (raw === undefined) {
      ctx.addIssue({ code: "custom", message: "This field is required.", input: raw });
      return z.NEVER;
    }
    if (!isPlainObject(raw)) {
      const got = Array.isArray(raw)
        ? "list"
        : raw === null
          ? "NoneType"
          : typeof raw === "string"
            ? "str"
            : typeof raw === "boolean"
              ? "bool"
              : "int";
      ctx.addIssue({
        code: "custom",
        message: `Invalid data. Expected a dictionary, but got ${got}.`,
        input: raw,
      });
      return z.NEVER;
    }
    return parseObject(raw, ctx);
  })
  .describe("{type, string_value | integer_value | boolean_value}");

/** The nested object or a raw JSON scalar (string, integer, boolean, float, null). */
export const zFeatureStateValue = z
  .unknown()
  .transform((raw, ctx) => {
    if (isPlainObject(raw)) return parseObject(raw, ctx);
    if (raw === null || ["string", "number", "boolean"].includes(typeof raw)) {
      if (typeof raw === "string" && raw.length > 20000) {
        ctx.addIssue({
          code: "custom",
          message: "Ensure this field has no more than 20000 characters.",
          input: raw,
        });
        return z.NEVER;
      }
      return storeFeatureValue(raw as string | number | boolean | null);
    }
    ctx.addIssue({
      code: "custom",
      message: "Invalid data. Expected a dictionary, but got list.",
      input: raw,
    });
    return z.NEVER;
  })
  .describe("A value object {type, string_value | integer_value | boolean_value} or a raw scalar");
