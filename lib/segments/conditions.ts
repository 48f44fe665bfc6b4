// Checks on a condition's stored (string) value that the evaluation engine relies on:
// a value the engine could never match is refused when the segment is written, not
// silently treated as "no match" at evaluation time.
import { compilePythonRegex, REGEX_MAX_PROGRAM } from "@/lib/engine/python-regex";

const VALUELESS_OPERATORS: ReadonlySet<string> = new Set(["IS_SET", "IS_NOT_SET"]);
const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

export const CONDITION_MESSAGES = {
  percentageSplit: "Percentage split value must be a number between 0 and 100.",
  modulo: 'Modulo value must be "divisor|remainder": two numbers and a divisor other than 0.',
  regex: "Enter a valid regular expression.",
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
      return Number(parts[0]) === 0 ? CONDITION_MESSAGES.modulo : null;
    }
    case "REGEX": {
      const compiled = compilePythonRegex(value);
      return compiled.ok ? null : REGEX_MESSAGES[compiled.problem];
    }
    default:
      return null;
  }
}
