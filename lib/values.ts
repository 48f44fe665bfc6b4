// Typed values as Flagsmith stores them: feature values and multivariate options are
// int | unicode | bool (no float: floats are kept as strings); traits add float.
export type FeatureValueType = "int" | "unicode" | "bool";
export type TraitValueType = FeatureValueType | "float";
export type StoredValue = { valueType: string; value: string | null };
export type ScalarValue = string | number | boolean | null;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/** A raw JSON value sent for a feature state, typed by its JSON type (floats become strings). */
export function storeFeatureValue(raw: ScalarValue | undefined): StoredValue {
  if (raw === null || raw === undefined) return { valueType: "unicode", value: null };
  if (typeof raw === "boolean") return { valueType: "bool", value: raw ? "true" : "false" };
  if (typeof raw === "number") {
    return isInt32(raw)
      ? { valueType: "int", value: String(raw) }
      : { valueType: "unicode", value: String(raw) };
  }
  return { valueType: "unicode", value: raw };
}

/** A feature's initial_value string, typed as Flagsmith's get_value_type does. */
export function storeInitialValue(initial: string | null | undefined): StoredValue {
  if (initial === null || initial === undefined) return { valueType: "unicode", value: null };
  if (/^-?\d+$/.test(initial) && isInt32(Number(initial))) return { valueType: "int", value: initial };
  if (["true", "True", "false", "False"].includes(initial)) {
    return { valueType: "bool", value: initial.toLowerCase() };
  }
  return { valueType: "unicode", value: initial };
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

/** A trait value typed as Flagsmith types it (Python type of the decoded JSON value). */
export function storeTraitValue(raw: string | number | boolean): StoredValue {
  if (typeof raw === "boolean") return { valueType: "bool", value: raw ? "true" : "false" };
  if (typeof raw === "number") {
    return Number.isInteger(raw)
      ? { valueType: "int", value: String(raw) }
      : { valueType: "float", value: String(raw) };
  }
  return { valueType: "unicode", value: raw };
}
