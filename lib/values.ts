// Typed values as Flagsmith stores them: feature values and multivariate options are
// int | unicode | bool (no float: floats are kept as strings); traits add float.
import { formatPythonFloat } from "@/lib/engine";

export type FeatureValueType = "int" | "unicode" | "bool";
export type TraitValueType = FeatureValueType | "float";
export type StoredValue = { valueType: string; value: string | null };
export type ScalarValue = string | number | boolean | null;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/**
 * str() of a JSON number as Python prints it: JSON numbers without a fraction are Python
 * ints, the rest floats (`1e-07`, not JavaScript's `1e-7`). JavaScript cannot tell `1.0`
 * from `1`, so both print as "1".
 */
export function pythonNumberString(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return BigInt(n).toString();
  return formatPythonFloat(n);
}

/**
 * A raw JSON value sent for a feature state, typed by its JSON type: 32-bit integers stay
 * integers, floats (and integers too large for Flagsmith's integer column) become strings.
 */
export function storeFeatureValue(raw: ScalarValue | undefined): StoredValue {
  if (raw === null || raw === undefined) return { valueType: "unicode", value: null };
  if (typeof raw === "boolean") return { valueType: "bool", value: raw ? "true" : "false" };
  if (typeof raw === "number") {
    return isInt32(raw)
      ? { valueType: "int", value: String(raw) }
      : { valueType: "unicode", value: pythonNumberString(raw) };
  }
  return { valueType: "unicode", value: raw };
}

// Python's int() accepts surrounding whitespace, a sign and digit-group underscores.
const PYTHON_INT = /^\s*[+-]?\d+(_\d+)*\s*$/;

/** A feature's initial_value string, typed as Flagsmith's get_value_type does. */
export function storeInitialValue(initial: string | null | undefined): StoredValue {
  if (initial === null || initial === undefined) return { valueType: "unicode", value: null };
  if (PYTHON_INT.test(initial)) {
    const n = Number(initial.trim().replaceAll("_", ""));
    if (isInt32(n)) return { valueType: "int", value: String(n) };
  }
  if (["true", "True", "false", "False"].includes(initial)) {
    return { valueType: "bool", value: initial.toLowerCase() };
  }
  return { valueType: "unicode", value: initial };
}

export type ValueObject = {
  type?: FeatureValueType;
  string_value?: string | null;
  integer_value?: number | null;
  boolean_value?: boolean | null;
};

/** Flagsmith's typed value object ({type, string_value, ...}); the field matching type holds the value. */
export function storeValueObject(obj: ValueObject): StoredValue {
  switch (obj.type ?? "unicode") {
    case "int":
      return { valueType: "int", value: obj.integer_value == null ? null : String(obj.integer_value) };
    case "bool":
      return {
        valueType: "bool",
        value: obj.boolean_value == null ? null : obj.boolean_value ? "true" : "false",
      };
    default:
      return { valueType: "unicode", value: obj.string_value ?? null };
  }
}

/** The typed value object of a stored value: the field matching its type holds it, the others null. */
export function readValueObject(stored: StoredValue) {
  const value = readValue(stored);
  const type = (
    ["int", "bool"].includes(stored.valueType) ? stored.valueType : "unicode"
  ) as FeatureValueType;
  return {
    type,
    integer_value: type === "int" ? (value as number | null) : null,
    string_value: type === "unicode" ? (value as string | null) : null,
    boolean_value: type === "bool" ? (value as boolean | null) : null,
  };
}

export function readValue(stored: StoredValue): ScalarValue {
  const { valueType, value } = stored;
  if (value === null) return null;
  switch (valueType) {
    case "int":
      return Number.parseInt(value, 10);
    case "float":
      return Number.parseFloat(value);
    case "bool":
      return value === "true";
    default:
      return value;
  }
}

/**
 * A trait value typed as Flagsmith types it (Python type of the decoded JSON value). JavaScript
 * reads `2.0` as 2, so callers that saw the JSON text say whether it was written as a float
 * (lib/api/json-body); a float is stored as Python prints it ("2.0").
 */
export function storeTraitValue(
  raw: string | number | boolean,
  options?: { isFloat?: boolean },
): StoredValue {
  if (typeof raw === "boolean") return { valueType: "bool", value: raw ? "true" : "false" };
  if (typeof raw === "number") {
    return Number.isInteger(raw) && !options?.isFloat
      ? { valueType: "int", value: BigInt(raw).toString() }
      : { valueType: "float", value: formatPythonFloat(raw) };
  }
  return { valueType: "unicode", value: raw };
}

/**
 * JSON text of a trait value as Flagsmith (Python's json) writes it: a float keeps its fraction
 * (2.0, not 2), so an SDK reading the traits back sees the type it sent.
 */
export function traitValueJson(value: ScalarValue, valueType: string | null | undefined): string {
  if (valueType === "float" && typeof value === "number" && Number.isFinite(value)) {
    return formatPythonFloat(value);
  }
  return JSON.stringify(value);
}
