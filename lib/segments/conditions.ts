// Checks on a condition's stored (string) value that the evaluation engine relies on:
// a value the engine could never match is refused when the segment is written, not
// silently treated as "no match" at evaluation time.
import { z } from "zod";
import { compilePythonRegex, REGEX_MAX_PROGRAM } from "@/lib/engine/python-regex";
import { hasSemverSuffix, parseStrictSemver, SEMVER_SUFFIX } from "@/lib/engine/semver-compare";

/** How deep rules nest (Flagsmith's SEGMENT_RULES_MAX_DEPTH); here so the dashboard can read it too. */
export const SEGMENT_RULES_MAX_DEPTH = 2;

const VALUELESS_OPERATORS: ReadonlySet<string> = new Set(["IS_SET", "IS_NOT_SET"]);
// Operators that compare a string trait as a version when the value ends in ":semver".
const SEMVER_OPERATORS: ReadonlySet<string> = new Set([
  "EQUAL",
  "NOT_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_INCLUSIVE",
  "LESS_THAN",
  "LESS_THAN_INCLUSIVE",
]);
const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** Whether a condition value reads as a number (what the engine compares numerically with a numeric trait). */
export const isNumberText = (value: string) => NUMBER.test(value);

export const CONDITION_MESSAGES = {
  percentageSplit: "Percentage split value must be a number between 0 and 100.",
  modulo: 'Modulo value must be "divisor|remainder": two numbers and a divisor other than 0.',
  moduloRemainder:
    "The remainder must lie between 0 and the divisor (x modulo 3 is 0, 1 or 2): this condition could never match.",
  regex: "Enter a valid regular expression.",
  semver:
    'Enter a version as MAJOR.MINOR.PATCH (such as 1.2.3 or 2.0.0-beta.1) before ":semver", or remove ":semver" to compare as text.',
  regexUnsupported:
    "Backreferences, lookarounds, atomic groups and conditionals are not supported: they cannot be evaluated in linear time.",
  regexComplex: `This regular expression is too complex: repeats are limited to 1000 and the whole pattern to ${REGEX_MAX_PROGRAM} steps.`,
} as const;

const REGEX_MESSAGES = {
  invalid: CONDITION_MESSAGES.regex,
  unsupported: CONDITION_MESSAGES.regexUnsupported,
  complex: CONDITION_MESSAGES.regexComplex,
} as const;

/** Whether an operator needs a value at all (IS_SET / IS_NOT_SET do not). */
export function operatorNeedsValue(operator: string): boolean {
  return !VALUELESS_OPERATORS.has(operator);
}

/** Whether an operator needs a trait property (PERCENTAGE_SPLIT may hash the identity instead). */
export function operatorNeedsProperty(operator: string): boolean {
  return operator !== "PERCENTAGE_SPLIT";
}

/** The message for a stored value the operator cannot use, or null when it is usable. */
export function conditionValueError(operator: string, value: string): string | null {
  switch (operator) {
    case "PERCENTAGE_SPLIT": {
      if (!NUMBER.test(value)) return CONDITION_MESSAGES.percentageSplit;
      const n = Number(value);
      return n >= 0 && n <= 100 ? null : CONDITION_MESSAGES.percentageSplit;
    }
    case "MODULO": {
      const parts = value.split("|");
      if (parts.length !== 2 || !parts.every((p) => NUMBER.test(p))) return CONDITION_MESSAGES.modulo;
      const [divisor, remainder] = parts.map(Number);
      if (divisor === 0) return CONDITION_MESSAGES.modulo;
      // Python's % takes the divisor's sign and stays within it (rounding can reach the divisor
      // itself), so a remainder outside [0, divisor] is never the answer.
      const [low, high] = divisor > 0 ? [0, divisor] : [divisor, 0];
      return remainder < low || remainder > high ? CONDITION_MESSAGES.moduloRemainder : null;
    }
    case "REGEX": {
      const compiled = compilePythonRegex(value);
      return compiled.ok ? null : REGEX_MESSAGES[compiled.problem];
    }
    default:
      // "1.2:semver" never matches a string trait (the engine cannot parse the version); only a
      // boolean trait could, because any text but "False" reads as True: never what was meant.
      if (SEMVER_OPERATORS.has(operator) && hasSemverSuffix(value)) {
        const version = value.slice(0, -SEMVER_SUFFIX.length);
        return parseStrictSemver(version) ? null : CONDITION_MESSAGES.semver;
      }
      return null;
  }
}

/**
 * The checks every condition passes, in one zod schema: the API's condition input refines with
 * it, and the dashboard's rule builder parses its drafts with it to show the same message next
 * to the field. Issues have the path of their field ("property" or "value").
 */
export const ZConditionCheck = z
  .object({
    property: z.string().nullable().optional(),
    operator: z.string(),
    value: z.string().nullable().optional(),
  })
  .superRefine((c, ctx) => checkCondition(c, ctx));

type ConditionShape = { property?: string | null; operator: string; value?: string | null };

export function checkCondition(c: ConditionShape, ctx: z.RefinementCtx) {
  if (operatorNeedsProperty(c.operator) && !c.property) {
    ctx.addIssue({ code: "custom", path: ["property"], message: "This field may not be blank." });
  }
  if (c.value === undefined || c.value === null) {
    if (operatorNeedsValue(c.operator)) {
      const message = c.value === null ? "This field may not be null." : "This field is required.";
      ctx.addIssue({ code: "custom", path: ["value"], message });
    }
    return;
  }
  const error = conditionValueError(c.operator, c.value);
  if (error) ctx.addIssue({ code: "custom", path: ["value"], message: error });
}
