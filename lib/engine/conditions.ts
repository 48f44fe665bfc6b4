import { getHashedPercentageForObjectIds } from "./hashing";
import { resolveProperty, type ConditionContext } from "./properties";
import { parsePythonFloat, parsePythonInt } from "./python-cast";
import { parsePythonJsonList } from "./python-json";
import { pythonReMatch } from "./python-regex";
import { compareCodePoints, pyStr, type PyValue } from "./python-values";
import { hasSemverSuffix, matchesSemver } from "./semver-compare";
import type { EngineCondition, Operator } from "./types";

// Segment conditions with the semantics of Flagsmith's Python engine (v10). Where Python would
// raise an uncaught exception (float(None), x % 0.0, json.loads(None)) the condition is simply
// false: one bad condition must not break flag delivery.

// Flagsmith's API hands the engine `condition.value or ""`, so a null value is the empty string
// for every operator (IN then holds for an empty trait, REGEX for any trait).
const NULL_VALUE = "";

// Snapshots are immutable and shared by every request, so each condition's value is parsed
// once per way it is read (as an int, a float, a list, …) and kept beside the condition object.
// The parsers are pure, so this changes speed only, never a result.
const parsedValues = new WeakMap<EngineCondition, Map<string, unknown>>();

function parsedOnce<T>(condition: EngineCondition, slot: string, parse: (value: string) => T): T | null {
  let slots = parsedValues.get(condition);
  if (!slots) {
    slots = new Map();
    parsedValues.set(condition, slots);
  }
  if (slots.has(slot)) return slots.get(slot) as T;
  const parsed = parse(condition.value ?? NULL_VALUE);
  slots.set(slot, parsed);
  return parsed;
}

const asInt = (c: EngineCondition) => parsedOnce(c, "int", parsePythonInt);
const asFloat = (c: EngineCondition) => parsedOnce(c, "float", parsePythonFloat);

function applyOrder<T extends number | bigint>(operator: Operator, left: T, right: T): boolean {
  switch (operator) {
    case "EQUAL":
      return left === right;
    case "NOT_EQUAL":
      return left !== right;
    case "GREATER_THAN":
      return left > right;
    case "GREATER_THAN_INCLUSIVE":
      return left >= right;
    case "LESS_THAN":
      return left < right;
    case "LESS_THAN_INCLUSIVE":
      return left <= right;
    default:
      return false;
  }
}

/**
 * EQUAL, NOT_EQUAL, the four orderings and CONTAINS: the condition value is cast to the trait's
 * Python type (int(), float(), "not in ('False', 'false')", str()); a failed cast is false for
 * every operator, NOT_EQUAL included. CONTAINS is `value in trait`, so only strings can contain.
 */
function matchesTyped(operator: Operator, condition: EngineCondition, trait: PyValue): boolean {
  const conditionValue = condition.value;
  switch (trait.kind) {
    case "int": {
      const expected = asInt(condition);
      return expected !== null && operator !== "CONTAINS" && applyOrder(operator, trait.value, expected);
    }
    case "float": {
      const expected = asFloat(condition);
      return expected !== null && operator !== "CONTAINS" && applyOrder(operator, trait.value, expected);
    }
    case "bool": {
      // Any string other than "False"/"false" (even "no", "0" or a null value) casts to True.
      const expected = conditionValue !== "False" && conditionValue !== "false";
      return operator !== "CONTAINS" && applyOrder(operator, Number(trait.value), Number(expected));
    }
    case "str": {
      if (hasSemverSuffix(conditionValue)) return matchesSemver(operator, trait.value, conditionValue);
      const expected = conditionValue ?? NULL_VALUE;
      if (operator === "CONTAINS") return trait.value.includes(expected);
      return applyOrder(operator, compareCodePoints(trait.value, expected), 0);
    }
  }
}

/** Python's float `%`: the result takes the divisor's sign (JS `%` keeps the dividend's). */
function pythonFloatMod(dividend: number, divisor: number): number {
  const remainder = dividend % divisor;
  if (remainder !== 0 && divisor < 0 !== remainder < 0) return remainder + divisor;
  return remainder;
}

/** "divisor|remainder"; the trait must be numeric (a bool counts: Python's bool is an int). */
function parseModulo(conditionValue: string): { divisor: number; remainder: number } | null {
  const parts = conditionValue.split("|");
  if (parts.length !== 2) return null;
  const divisor = parsePythonFloat(parts[0]);
  const remainder = parsePythonFloat(parts[1]);
  if (divisor === null || remainder === null || divisor === 0) return null;
  return { divisor, remainder };
}

function matchesModulo(condition: EngineCondition, trait: PyValue): boolean {
  if (trait.kind === "str") return false;
  const modulo = parsedOnce(condition, "modulo", parseModulo);
  if (!modulo) return false;
  const { divisor, remainder } = modulo;
  const dividend = Number(trait.value);
  // Python raises OverflowError converting an int beyond the float range.
  if (trait.kind === "int" && !Number.isFinite(dividend)) return false;
  return pythonFloatMod(dividend, divisor) === remainder;
}

/**
 * A value starting with "[" is read as a JSON list when it parses as one; anything else (and a
 * bracketed value that is not valid JSON) is split on commas. Candidates are compared as strings
 * without trimming. Ints are stringified first; floats and bools never match (Python compares
 * them with strings, which is always unequal). Since engine v10.0.4 only a leading "[" selects
 * JSON, so " [1]" or "\"a\"" are plain comma lists.
 */
function parseInCandidates(conditionValue: string): ReadonlySet<string> {
  const fromJson = conditionValue.startsWith("[") ? parsePythonJsonList(conditionValue) : null;
  return new Set(fromJson ?? conditionValue.split(","));
}

function matchesIn(condition: EngineCondition, trait: PyValue | null): boolean {
  if (trait === null) return false;
  const candidates = parsedOnce(condition, "in", parseInCandidates);
  if (candidates === null) return false;
  if (trait.kind === "str") return candidates.has(trait.value);
  if (trait.kind === "int") return candidates.has(trait.value.toString());
  return false;
}

/**
 * Buckets [segment key, subject] into [0, 100) and admits it when the bucket is <= the value.
 * Without a property the subject is the identity hash key; with one, it is the property's value,
 * and a named property the identity lacks never matches (Flagsmith's engine since v10.0.3;
 * before, it fell back to the identity key).
 */
/**
 * The bucket (0–100) a PERCENTAGE_SPLIT condition compares with its value: the hash of the
 * segment and the identity key, or of the named property's value. Null when there is no subject.
 */
export function getPercentageSplitBucket(
  context: ConditionContext,
  condition: EngineCondition,
  property: PyValue | null,
  segmentKey: string,
): number | null {
  const subject = condition.property_ ? property && pyStr(property) : (context.identity?.key ?? null);
  return subject === null ? null : getHashedPercentageForObjectIds([segmentKey, subject]);
}

function matchesPercentageSplit(
  context: ConditionContext,
  condition: EngineCondition,
  property: PyValue | null,
  segmentKey: string,
): boolean {
  const bucket = getPercentageSplitBucket(context, condition, property, segmentKey);
  if (bucket === null) return false;
  const threshold = asFloat(condition);
  if (threshold === null) return false;
  return bucket <= threshold;
}

/** Whether one condition holds for the context; segmentKey is the segment id as a string. */
export function matchesCondition(
  context: ConditionContext,
  condition: EngineCondition,
  segmentKey: string,
): boolean {
  const trait = condition.property_ ? resolveProperty(context, condition.property_) : null;
  const { operator, value } = condition;
  switch (operator) {
    case "IN":
      return matchesIn(condition, trait);
    case "PERCENTAGE_SPLIT":
      return matchesPercentageSplit(context, condition, trait, segmentKey);
    case "IS_NOT_SET":
      return trait === null;
    case "IS_SET":
      return trait !== null;
  }
  if (trait === null) return false;
  switch (operator) {
    case "NOT_CONTAINS":
      return trait.kind === "str" && !trait.value.includes(value ?? NULL_VALUE);
    case "REGEX":
      return pythonReMatch(value ?? NULL_VALUE, pyStr(trait));
    case "MODULO":
      return matchesModulo(condition, trait);
    case "EQUAL":
    case "NOT_EQUAL":
    case "GREATER_THAN":
    case "GREATER_THAN_INCLUSIVE":
    case "LESS_THAN":
    case "LESS_THAN_INCLUSIVE":
    case "CONTAINS":
      return matchesTyped(operator, condition, trait);
    default:
      return false;
  }
}
