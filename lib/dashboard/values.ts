// Typed flag values as people edit them. The API stores strings, 32-bit integers and
// booleans; a float is sent as a JSON number and kept as its text, so it reads back as a
// string that looks like a number.
import type { FlagValue } from "./types";

export type ValueKind = "string" | "json" | "integer" | "boolean" | "float";

export const VALUE_KINDS: { value: ValueKind; label: string }[] = [
  { value: "string", label: "Text" },
  { value: "json", label: "JSON" },
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
  if (typeof value === "string" && isJsonDocument(value)) return "json";
  return "string";
}

/** Text holding a JSON object or list: edited as JSON, still stored and served as text. */
export function isJsonDocument(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** Why a text is not JSON, in the parser's words, or null when it is. */
export function jsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (e) {
    return `Invalid JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** The JSON re-indented with two spaces; the text unchanged when it is not JSON. */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
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
    case "json": {
      // Saved exactly as typed: SDKs receive this text.
      if (trimmed === "") return { ok: false, error: 'Enter a JSON value, like {"a": 1}.' };
      const error = jsonError(text);
      return error ? { ok: false, error } : { ok: true, value: text };
    }
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
