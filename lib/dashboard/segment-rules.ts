// The visual rule builder's model: AND groups (an ALL rule's nested rules) of OR
// conditions (each an ANY rule), and its conversion to and from the API's rule tree.
import { OPERATORS, type Operator } from "@/lib/engine/types";
import { ZConditionCheck } from "@/lib/segments/conditions";
import type { Condition, Rule } from "./types";

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

export type ConditionDraft = { key: string; property: string; operator: Operator; value: string };
export type GroupDraft = { key: string; conditions: ConditionDraft[] };

let counter = 0;
const nextKey = () => `k${++counter}`;

export const newCondition = (): ConditionDraft => ({
  key: nextKey(),
  property: "",
  operator: "EQUAL",
  value: "",
});
export const newGroup = (): GroupDraft => ({ key: nextKey(), conditions: [newCondition()] });

export const needsValue = (op: Operator) => op !== "IS_SET" && op !== "IS_NOT_SET";
export const needsProperty = (op: Operator) => op !== "PERCENTAGE_SPLIT";

function toApiCondition(c: ConditionDraft): Condition {
  return {
    property: needsProperty(c.operator) ? c.property.trim() : "",
    operator: c.operator,
    value: needsValue(c.operator) ? c.value : null,
  };
}

/** The rule tree the API receives: one ALL rule holding one ANY rule per group. */
export function toApiRules(groups: GroupDraft[]): Rule[] {
  return [
    {
      type: "ALL",
      conditions: [],
      rules: groups.map((g) => ({ type: "ANY", rules: [], conditions: g.conditions.map(toApiCondition) })),
    },
  ];
}

function fromApiCondition(c: Condition): ConditionDraft {
  const operator = (OPERATORS as readonly string[]).includes(c.operator) ? (c.operator as Operator) : "EQUAL";
  return { key: nextKey(), property: c.property ?? "", operator, value: c.value ?? "" };
}

/**
 * Groups for a stored tree. Every top-level rule must match, so a nested ANY rule is a
 * group, and each condition of an ALL rule is a group of its own. NONE rules (and ANY at
 * the top with nested rules) have no place in AND-of-OR: `exact` is false for them.
 */
export function fromApiRules(rules: Rule[]): { groups: GroupDraft[]; exact: boolean } {
  const groups: GroupDraft[] = [];
  let exact = true;
  const single = (c: Condition) => groups.push({ key: nextKey(), conditions: [fromApiCondition(c)] });
  for (const top of rules) {
    if (top.type === "ALL") {
      (top.conditions ?? []).forEach(single);
      for (const nested of top.rules ?? []) {
        if (nested.type === "ANY" && (nested.conditions ?? []).length) {
          groups.push({ key: nextKey(), conditions: nested.conditions.map(fromApiCondition) });
        } else if (nested.type === "ALL") {
          (nested.conditions ?? []).forEach(single);
        } else if ((nested.conditions ?? []).length) {
          exact = false;
        }
        if ((nested.rules ?? []).length) exact = false;
      }
    } else if (top.type === "ANY" && !(top.rules ?? []).length) {
      if ((top.conditions ?? []).length)
        groups.push({ key: nextKey(), conditions: top.conditions.map(fromApiCondition) });
    } else {
      exact = false;
    }
  }
  return { groups, exact };
}

const EMPTY_VALUE_MESSAGES: Partial<Record<Operator, string>> = {
  IN: "Add at least one value.",
  REGEX: "Enter a regular expression.",
  PERCENTAGE_SPLIT: "Enter a percentage from 0 to 100.",
  MODULO: "Enter a divisor and a remainder.",
};

export const splitList = (value: string) => (value === "" ? [] : value.split(","));

/** What is wrong with one condition, per field; empty when it can be saved. */
export function validateCondition(c: ConditionDraft): { property?: string; value?: string } {
  const errors: { property?: string; value?: string } = {};
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
  return errors;
}

export function draftIsValid(groups: GroupDraft[]): boolean {
  return (
    groups.length > 0 &&
    groups.every(
      (g) => g.conditions.length > 0 && g.conditions.every((c) => !Object.keys(validateCondition(c)).length),
    )
  );
}

/**
 * Field errors of the API's answer, placed on the conditions they are about: DRF nests
 * them as `rules[0].rules[group].conditions[index].field`.
 */
export function apiConditionErrors(body: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const top = (body as { rules?: unknown })?.rules;
  if (!Array.isArray(top)) return out;
  top.forEach((rule) => {
    const nested = (rule as { rules?: unknown })?.rules;
    if (!Array.isArray(nested)) return;
    nested.forEach((group, g) => {
      const conditions = (group as { conditions?: unknown })?.conditions;
      if (!Array.isArray(conditions)) return;
      conditions.forEach((condition, c) => {
        if (!condition || typeof condition !== "object") return;
        for (const [field, messages] of Object.entries(condition as Record<string, unknown>)) {
          out.set(`${g}.${c}.${field}`, Array.isArray(messages) ? messages.join(" ") : String(messages));
        }
      });
    });
  });
  return out;
}

export function countConditions(rules: Rule[]): number {
  return rules.reduce((sum, r) => sum + (r.conditions?.length ?? 0) + countConditions(r.rules ?? []), 0);
}
