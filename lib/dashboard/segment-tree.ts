// The builder's tree <-> the API's rule tree. A segment holds top-level rules that must all
// hold; a rule holds conditions and sub-rules (two levels at most, SEGMENT_RULES_MAX_DEPTH), and
// the engine combines its conditions, and separately its sub-rules, under the rule's type, then
// ANDs the two. Each top-level group of the builder is one top-level rule:
// - a group of plain conditions is a rule of its type (NOT "any of" is NONE);
// - NOT on a condition is a NONE sub-rule of that one condition;
// - a nested group is a sub-rule of conditions (its NOT "any of" is NONE);
// - NOT on an "all of" group is a NONE rule around one ALL sub-rule;
// - when plain conditions do not all come first, or an "any of" group mixes them with sub-rules,
//   every child becomes a sub-rule (a plain condition an ALL rule of one), so the order and the
//   meaning survive: ANY(conditions) AND ANY(sub-rules) is not "any of all of them".
// Reading back undoes exactly this, so a tree the builder saved opens as it was; any other tree
// the API accepts opens as a builder tree that evaluates the same (see segment-tree.test.ts).
import { SEGMENT_RULES_MAX_DEPTH } from "@/lib/segments/conditions";
import {
  newCondition,
  newGroup,
  needsProperty,
  needsValue,
  OPERATORS,
  validateCondition,
  type ConditionNode,
  type GroupNode,
  type Operator,
  type RuleNode,
} from "./segment-rules";
import type { Condition, Rule } from "./types";

/** Top-level groups are level 1; groups inside them level 2, the deepest the API accepts. */
export const MAX_GROUP_LEVEL = SEGMENT_RULES_MAX_DEPTH;

export const TREE_MESSAGES = {
  emptyGroup: "Add a condition to this group, or remove the group.",
  notAllNested:
    'NOT on "all of" needs a rule of its own: inside a nested group use "any of" (none of these).',
  notAllMixed: 'NOT on "all of" can hold plain conditions only; move NOT onto the conditions instead.',
  nestedNot: "NOT is not available inside a nested group: rules nest two levels deep at most.",
  tooDeep: "Groups nest two levels deep at most.",
  noGroups: "A segment needs at least one group of conditions.",
} as const;

type Compiled = {
  rules: Rule[];
  /** Problems that stop the tree being saved, by node key. */
  problems: Map<string, string>;
  /** API path of each condition ("0.rules.1.conditions.0") -> its node key. */
  paths: Map<string, string>;
};

function toApiCondition(c: ConditionNode): Condition {
  return {
    property: needsProperty(c.operator) ? c.property.trim() : "",
    operator: c.operator,
    value: needsValue(c.operator) ? c.value : null,
  };
}

const isPlain = (n: RuleNode): n is ConditionNode => n.kind === "condition" && !n.negated;

function compileConditions(conditions: RuleNode[], path: string, out: Compiled): Condition[] {
  return conditions.map((c, i) => {
    out.paths.set(`${path}.conditions.${i}`, c.key);
    return toApiCondition(c as ConditionNode);
  });
}

/** A child of a top-level group as a sub-rule of conditions only. */
function compileSubRule(node: RuleNode, path: string, out: Compiled): Rule {
  if (node.kind === "condition")
    return {
      type: node.negated ? "NONE" : "ALL",
      rules: [],
      conditions: compileConditions([node], path, out),
    };
  for (const child of node.children) {
    if (child.kind === "group") out.problems.set(child.key, TREE_MESSAGES.tooDeep);
    else if (child.negated) out.problems.set(child.key, TREE_MESSAGES.nestedNot);
  }
  if (node.negated && node.type === "ALL") out.problems.set(node.key, TREE_MESSAGES.notAllNested);
  const conditions = node.children.filter((c) => c.kind === "condition");
  return {
    type: node.negated ? "NONE" : node.type,
    rules: [],
    conditions: compileConditions(conditions, path, out),
  };
}

function compileTopGroup(group: GroupNode, path: string, out: Compiled): Rule {
  const { children } = group;
  if (group.negated && group.type === "ALL") {
    if (!children.every(isPlain)) out.problems.set(group.key, TREE_MESSAGES.notAllMixed);
    const inner = children.filter(isPlain);
    return {
      type: "NONE",
      conditions: [],
      rules: [{ type: "ALL", rules: [], conditions: compileConditions(inner, `${path}.rules.0`, out) }],
    };
  }
  const type = group.negated ? "NONE" : group.type;
  const firstOther = children.findIndex((c) => !isPlain(c));
  if (firstOther === -1) return { type, rules: [], conditions: compileConditions(children, path, out) };
  const plainFirst = children.slice(firstOther).every((c) => !isPlain(c));
  const split = type !== "ANY" && plainFirst ? firstOther : 0;
  return {
    type,
    conditions: compileConditions(children.slice(0, split), path, out),
    rules: children.slice(split).map((c, i) => compileSubRule(c, `${path}.rules.${i}`, out)),
  };
}

/** The API's rule tree for the builder's groups, with what stops it being saved. */
export function compileTree(groups: GroupNode[]): Compiled {
  const out: Compiled = { rules: [], problems: new Map(), paths: new Map() };
  out.rules = groups.map((g, i) => compileTopGroup(g, String(i), out));
  const visit = (nodes: RuleNode[]) =>
    nodes.forEach((n) => {
      if (n.kind !== "group") return;
      if (n.children.length === 0) out.problems.set(n.key, TREE_MESSAGES.emptyGroup);
      visit(n.children);
    });
  visit(groups);
  return out;
}

export const toApiRules = (groups: GroupNode[]): Rule[] => compileTree(groups).rules;

function fromApiCondition(c: Condition, negated = false): ConditionNode {
  const operator = (OPERATORS as readonly string[]).includes(c.operator) ? (c.operator as Operator) : "EQUAL";
  // A stored text comparison was saved knowingly (or made through the API): no second confirmation.
  return newCondition({
    negated,
    property: c.property ?? "",
    operator,
    value: c.value ?? "",
    textConfirmed: true,
  });
}

const ruleGroup = (rule: Rule, children: RuleNode[]): GroupNode =>
  newGroup(rule.type === "NONE" ? "ANY" : rule.type, children, rule.type === "NONE");

/** A sub-rule: one condition reads as that condition (NOT for NONE), more as a nested group. */
function fromApiSubRule(rule: Rule): RuleNode {
  const conditions = rule.conditions ?? [];
  const rules = rule.rules ?? [];
  if (rules.length === 0 && conditions.length === 1)
    return fromApiCondition(conditions[0], rule.type === "NONE");
  return ruleGroup(rule, [...conditions.map((c) => fromApiCondition(c)), ...rules.map(fromApiSubRule)]);
}

/** The builder's groups for a stored rule tree of any shape the API accepts. */
export function fromApiRules(rules: Rule[]): GroupNode[] {
  return rules.flatMap((rule): GroupNode[] => {
    const conditions = rule.conditions ?? [];
    const subRules = rule.rules ?? [];
    const only = subRules.length === 1 ? subRules[0] : null;
    if (rule.type === "NONE" && conditions.length === 0 && only?.type === "ALL" && !only.rules?.length)
      return [
        newGroup(
          "ALL",
          (only.conditions ?? []).map((c) => fromApiCondition(c)),
          true,
        ),
      ];
    // The engine ANDs an ANY rule's conditions with its sub-rules: two groups say exactly that.
    if (rule.type === "ANY" && conditions.length && subRules.length)
      return [
        newGroup(
          "ANY",
          conditions.map((c) => fromApiCondition(c)),
        ),
        newGroup("ANY", subRules.map(fromApiSubRule)),
      ];
    return [
      ruleGroup(rule, [...conditions.map((c) => fromApiCondition(c)), ...subRules.map(fromApiSubRule)]),
    ];
  });
}

/** Everything that stops the groups being saved, by node key (conditions: their first field error). */
export function treeProblems(groups: GroupNode[]): Map<string, string> {
  const problems = new Map(compileTree(groups).problems);
  const visit = (nodes: RuleNode[]) =>
    nodes.forEach((n) => {
      if (n.kind === "group") return visit(n.children);
      const errors = validateCondition(n);
      const first = errors.property ?? errors.value;
      if (first && !problems.has(n.key)) problems.set(n.key, first);
    });
  visit(groups);
  return problems;
}

export const draftIsValid = (groups: GroupNode[]) => groups.length > 0 && treeProblems(groups).size === 0;

/**
 * Field errors of the API's answer, placed on the conditions they are about. The answer mirrors
 * the body: `{"rules": [{"rules": [{}, {"conditions": [{"value": ["..."]}]}]}]}`.
 */
export function apiConditionErrors(
  body: unknown,
  paths: Map<string, string>,
): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object" || Array.isArray(node)) return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.rules))
      record.rules.forEach((r, i) => walk(r, path === "" ? String(i) : `${path}.rules.${i}`));
    if (path === "" || !Array.isArray(record.conditions)) return;
    record.conditions.forEach((condition, i) => {
      const key = paths.get(`${path}.conditions.${i}`);
      if (!key || !condition || typeof condition !== "object") return;
      const fields: Record<string, string> = {};
      for (const [field, messages] of Object.entries(condition as Record<string, unknown>))
        fields[field] = Array.isArray(messages) ? messages.join(" ") : String(messages);
      if (Object.keys(fields).length) out.set(key, fields);
    });
  };
  walk(body, "");
  return out;
}

/** Whether a group at this level may hold nested groups and NOT conditions (they need a rule more). */
export const canNest = (level: number) => level < MAX_GROUP_LEVEL;
