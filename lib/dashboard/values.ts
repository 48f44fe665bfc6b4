// Typed flag values as people edit them. The API stores strings, 32-bit integers and
// booleans; a float is sent as a JSON number and kept as its text, so it reads back as a
// string that looks like a number.
import type { FlagValue } from "./types";

export type ValueKind = "string" | "integer" | "boolean" | "float";

export const VALUE_KINDS: { value: ValueKind; label: string }[] = [
  { value: "string", label: "Text" },
  { value: "integer", label: "Integer" },
  { value: "float", label: "Decimal" },
  { value: "boolean", label: "Boolean" },
];

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const FLOAT_TEXT = /^-?\d+\.\d+$/;

export function kindOf(value: FlagValue): ValueKind {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "float";
  if (typeof value === "string" && FLOAT_TEXT.test(value)) return "float";
  return "string";
}

export function valueToText(value: FlagValue): string {
  return value === null || value === undefined ? "" : String(value);
}

export type ParsedValue = { ok: true; value: FlagValue } | { ok: false; error: string };

/** The JSON value to send for what was typed, or why it is not valid for its type. */
export function parseValue(kind: ValueKind, text: string): ParsedValue {
  const trimmed = text.trim();
  switch (kind) {
    case "string":
      return { ok: true, value: text === "" ? null : text };
    case "boolean":
      if (trimmed === "true" || trimmed === "false") return { ok: true, value: trimmed === "true" };
      return { ok: false, error: "Choose true or false." };
    case "integer": {
      if (!/^-?\d+$/.test(trimmed)) return { ok: false, error: "Enter a whole number, like 42." };
      const n = Number(trimmed);
      if (n < INT32_MIN || n > INT32_MAX)
        return { ok: false, error: "Integers must be between -2147483648 and 2147483647." };
      return { ok: true, value: n };
    }
    case "float": {
      if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed))
        return { ok: false, error: "Enter a number, like 1.5." };
      return { ok: true, value: Number(trimmed) };
    }
  }
}

/** The initial value a feature is created with is always sent as text. */
export function initialValueText(parsed: FlagValue): string | null {
  return parsed === null ? null : String(parsed);
}

/** Flagsmith's nested value object, used by override writes. */
export function valueObject(value: FlagValue) {
  if (typeof value === "boolean") return { type: "bool", boolean_value: value };
  if (typeof value === "number" && Number.isInteger(value)) return { type: "int", integer_value: value };
  return { type: "unicode", string_value: value === null ? null : String(value) };
}

/** The value a `{type, string_value|integer_value|boolean_value}` object holds. */
export function valueFromObject(
  object: {
    type: string;
    string_value?: string | null;
    integer_value?: number | null;
    boolean_value?: boolean | null;
  } | null,
): FlagValue {
  if (!object) return null;
  if (object.type === "int") return object.integer_value ?? null;
  if (object.type === "bool") return object.boolean_value ?? null;
  return object.string_value ?? null;
}
