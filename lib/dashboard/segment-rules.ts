// The visual rule builder's model: top-level groups that must all match, each "all of" or
// "any of" its conditions and nested groups, and NOT on a group or a condition. Conversion to
// and from the API's rule tree is in segment-tree.ts.
import { OPERATORS, type Operator } from "@/lib/engine/types";
import { SEMVER_SUFFIX } from "@/lib/engine/semver-compare";
import { isNumberText, ZConditionCheck } from "@/lib/segments/conditions";

export { OPERATORS, type Operator };

export const OPERATOR_LABELS: Record<Operator, string> = {
  EQUAL: "equals",
  NOT_EQUAL: "does not equal",
  GREATER_THAN: "is greater than",
  LESS_THAN: "is less than",
  GREATER_THAN_INCLUSIVE: "is greater than or equal to",
  LESS_THAN_INCLUSIVE: "is less than or equal to",
  CONTAINS: "contains",
  NOT_CONTAINS: "does not contain",
  REGEX: "matches regex",
  PERCENTAGE_SPLIT: "% split",
  IS_SET: "is set",
  IS_NOT_SET: "is not set",
  IN: "is one of",
  MODULO: "modulo",
};

export type ConditionNode = {
  kind: "condition";
  key: string;
  /** NOT: stored as a NONE rule holding just this condition. */
  negated: boolean;
  property: string;
  operator: Operator;
  value: string;
  /** The user has seen that this comparison is made as text and keeps it. */
  textConfirmed?: boolean;
};
export type GroupType = "ALL" | "ANY";
export type GroupNode = {
  kind: "group";
  key: string;
  type: GroupType;
  /** NOT: "none of" for an ANY group (a NONE rule); a NONE rule around an ALL group. */
  negated: boolean;
  children: RuleNode[];
};
export type RuleNode = ConditionNode | GroupNode;

let counter = 0;
const nextKey = () => `k${++counter}`;

export const newCondition = (fields: Partial<Omit<ConditionNode, "kind" | "key">> = {}): ConditionNode => ({
  kind: "condition",
  key: nextKey(),
  negated: false,
  property: "",
  operator: "EQUAL",
  value: "",
  ...fields,
});
export const newGroup = (
  type: GroupType = "ANY",
  children: RuleNode[] = [newCondition()],
  negated = false,
): GroupNode => ({ kind: "group", key: nextKey(), type, negated, children });

export const needsValue = (op: Operator) => op !== "IS_SET" && op !== "IS_NOT_SET";
export const needsProperty = (op: Operator) => op !== "PERCENTAGE_SPLIT";

/** Operators that compare numbers with a numeric trait, versions with ":semver", text otherwise. */
export const ORDERING_OPERATORS: ReadonlySet<Operator> = new Set([
  "GREATER_THAN",
  "GREATER_THAN_INCLUSIVE",
  "LESS_THAN",
  "LESS_THAN_INCLUSIVE",
]);
/** Operators for which a value ending in ":semver" compares versions. */
export const SEMVER_OPERATORS: ReadonlySet<Operator> = new Set([...ORDERING_OPERATORS, "EQUAL", "NOT_EQUAL"]);

export const isSemverValue = (value: string) => value.endsWith(SEMVER_SUFFIX);
export const withSemver = (value: string, on: boolean) =>
  on
    ? isSemverValue(value)
      ? value
      : `${value}${SEMVER_SUFFIX}`
    : isSemverValue(value)
      ? value.slice(0, -SEMVER_SUFFIX.length)
      : value;

const EMPTY_VALUE_MESSAGES: Partial<Record<Operator, string>> = {
  IN: "Add at least one value.",
  REGEX: "Enter a regular expression.",
  PERCENTAGE_SPLIT: "Enter a percentage from 0 to 100.",
  MODULO: "Enter a divisor and a remainder.",
};

export const splitList = (value: string) => (value === "" ? [] : value.split(","));

/**
 * The warning for a comparison the user may not mean: "age > eighteen" compares as text (as
 * Flagsmith does), so only a text trait can match, letter by letter. Null when there is none.
 */
export function textComparisonWarning(c: Pick<ConditionNode, "operator" | "value">): string | null {
  if (!ORDERING_OPERATORS.has(c.operator) || c.value === "") return null;
  if (isSemverValue(c.value) || isNumberText(c.value)) return null;
  return `Compared as text: "${c.value}" is not a number, so only a text trait can match, letter by letter (as text "9" is greater than "10").`;
}

export const CONFIRM_TEXT_MESSAGE = "Confirm the comparison as text, or enter a number.";

export type ConditionErrors = { property?: string; value?: string };

/** What is wrong with one condition, per field; empty when it can be saved. */
export function validateCondition(c: ConditionNode): ConditionErrors {
  const errors: ConditionErrors = {};
  if (needsProperty(c.operator) && !c.property.trim())
    errors.property = "Enter the trait this condition looks at.";
  if (!needsValue(c.operator)) return errors;
  if (c.value === "") {
    errors.value = EMPTY_VALUE_MESSAGES[c.operator] ?? "Enter a value.";
    return errors;
  }
  // Everything else is the API's own check (one zod schema), so the builder says what the API would.
  const checked = ZConditionCheck.safeParse({ property: c.property, operator: c.operator, value: c.value });
  const issue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === "value");
  if (issue) errors.value = issue.message;
  else if (textComparisonWarning(c) && !c.textConfirmed) errors.value = CONFIRM_TEXT_MESSAGE;
  return errors;
}

export function countConditions(rules: { conditions?: unknown[]; rules?: unknown[] }[]): number {
  return rules.reduce(
    (sum: number, r) => sum + (r.conditions?.length ?? 0) + countConditions((r.rules ?? []) as typeof rules),
    0,
  );
}

export const countNodeConditions = (nodes: RuleNode[]): number =>
  nodes.reduce((sum, n) => sum + (n.kind === "condition" ? 1 : countNodeConditions(n.children)), 0);
