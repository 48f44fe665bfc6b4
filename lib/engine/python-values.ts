import type { EngineTrait, TraitValue, TraitValueType } from "./types";

// Flagsmith's engine is Python, and its operators branch on the Python type of the trait value
// (int vs float vs bool vs str). A JS number cannot carry that distinction, so resolved values
// are tagged. Ints are bigints because Python ints are unbounded: "12345678901234567890" must
// compare exactly, as it does in Python.
export type PyValue =
  | { kind: "int"; value: bigint }
  | { kind: "float"; value: number }
  | { kind: "bool"; value: boolean }
  | { kind: "str"; value: string };

// Same patterns as the engine's map_any_value_to_context_value (ASCII digits, whole string):
// numeric-looking strings become numbers before any operator sees them, so "42" is an int.
const INT_PATTERN = /^-?[0-9]+$/;
const FLOAT_PATTERN = /^-?[0-9]+\.[0-9]+$/;

export function pyFromString(value: string): PyValue {
  if (INT_PATTERN.test(value)) return { kind: "int", value: BigInt(value) };
  if (FLOAT_PATTERN.test(value)) return { kind: "float", value: Number(value) };
  return { kind: "str", value };
}

/**
 * A JS value as the Python engine would see it. A number is an int when it is integral, unless
 * the stored type says "float" (JSON 5.0 arrives in JS as 5 but is a float in Python).
 */
export function toPyValue(value: TraitValue, valueType?: TraitValueType): PyValue {
  if (typeof value === "boolean") return { kind: "bool", value };
  if (typeof value === "string") return pyFromString(value);
  if (valueType !== "float" && Number.isInteger(value)) return { kind: "int", value: BigInt(value) };
  return { kind: "float", value };
}

export function traitToPyValue(trait: EngineTrait | undefined): PyValue | null {
  if (!trait || trait.trait_value === null || trait.trait_value === undefined) return null;
  return toPyValue(trait.trait_value, trait.value_type);
}

/** Python's repr(float): shortest round-trip digits, fixed notation for exponents in [-4, 16). */
export function formatPythonFloat(x: number): string {
  // From 1e-4 to 1e16 both Python's repr and String() write the shortest round-trip digits in
  // positional notation: the same text, but for the ".0" Python gives an integral value.
  // (String() is several times cheaper than toExponential() and the layout below.)
  const magnitude = Math.abs(x);
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const text = String(x);
    return text.includes(".") ? text : `${text}.0`;
  }
  return formatByExponent(x);
}

/** Python's repr() of any float, laid out from toExponential()'s digits (exported for tests). */
export function formatByExponent(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  // toExponential() without an argument yields the shortest digits that round-trip, the same
  // digits Python's repr picks; only the layout rules differ.
  const [mantissa, exponentText] = x.toExponential().split("e");
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace("-", "").replace(".", "");
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const intLength = exponent + 1;
    if (digits.length <= intLength) return `${sign}${digits}${"0".repeat(intLength - digits.length)}.0`;
    return `${sign}${digits.slice(0, intLength)}.${digits.slice(intLength)}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const expSign = exponent < 0 ? "-" : "+";
  return `${sign}${head}e${expSign}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

// A float's repr is the costly one, and one trait value is read by many conditions of one
// evaluation (IN, REGEX, MODULO's subject): it is formatted once per value object.
const floatText = new WeakMap<PyValue, string>();

function floatRepr(value: PyValue & { kind: "float" }): string {
  let text = floatText.get(value);
  if (text === undefined) {
    text = formatPythonFloat(value.value);
    floatText.set(value, text);
  }
  return text;
}

/** Python's str() of a tagged value: what hashing, REGEX and IN see. */
export function pyStr(value: PyValue): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float":
      return floatRepr(value);
    case "bool":
      return value.value ? "True" : "False";
    case "str":
      return value.value;
  }
}

/** Python's str() of a raw JS trait value (used for the transient identifier). */
export function pyStrOfTrait(value: TraitValue, valueType?: TraitValueType): string {
  if (typeof value === "string") return value;
  return pyStr(toPyValue(value, valueType));
}

/** Python compares str by code point; JS `<` compares UTF-16 units, which differs past U+FFFF. */
const SURROGATE = /[\uD800-\uDFFF]/;

export function compareCodePoints(a: string, b: string): number {
  // Without surrogates each UTF-16 unit is a code point, and JS compares units.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a === b ? 0 : a < b ? -1 : 1;
  const left = Array.from(a);
  const right = Array.from(b);
  const length = Math.min(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const diff = left[i].codePointAt(0)! - right[i].codePointAt(0)!;
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return left.length === right.length ? 0 : left.length < right.length ? -1 : 1;
}
