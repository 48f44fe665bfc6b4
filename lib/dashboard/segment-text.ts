// The builder's tree as one line people read: "plan = pro OR (country in de,fr AND age ≥ 18)".
import type { ConditionNode, GroupNode, Operator, RuleNode } from "./segment-rules";

const SYMBOLS: Partial<Record<Operator, string>> = {
  EQUAL: "=",
  NOT_EQUAL: "≠",
  GREATER_THAN: ">",
  GREATER_THAN_INCLUSIVE: "≥",
  LESS_THAN: "<",
  LESS_THAN_INCLUSIVE: "≤",
  CONTAINS: "contains",
  NOT_CONTAINS: "does not contain",
  REGEX: "matches",
  IN: "in",
};

function describeCondition(c: ConditionNode): string {
  const property = c.property.trim() || "…";
  const value = c.value === "" ? "…" : c.value;
  let text: string;
  switch (c.operator) {
    case "IS_SET":
      text = `${property} is set`;
      break;
    case "IS_NOT_SET":
      text = `${property} is not set`;
      break;
    case "PERCENTAGE_SPLIT":
      text = `${value}% of identities`;
      break;
    case "MODULO": {
      const [divisor = "…", remainder = "…"] = c.value.split("|");
      text = `${property} mod ${divisor || "…"} = ${remainder || "…"}`;
      break;
    }
    default:
      text = `${property} ${SYMBOLS[c.operator] ?? c.operator} ${value}`;
  }
  return c.negated ? `NOT (${text})` : text;
}

function describeNode(node: RuleNode, nested: boolean): string {
  if (node.kind === "condition") return describeCondition(node);
  return describeGroup(node, nested);
}

function describeGroup(group: GroupNode, nested: boolean): string {
  const parts = group.children.map((c) => describeNode(c, true));
  if (parts.length === 0) return "(empty)";
  const joined = parts.join(group.type === "ALL" ? " AND " : " OR ");
  if (group.negated) return `NOT (${joined})`;
  return nested && parts.length > 1 ? `(${joined})` : joined;
}

/** The whole segment: its top-level groups, all of which must match. */
export function describeGroups(groups: GroupNode[]): string {
  if (groups.length === 0) return "nobody";
  return groups.map((g) => describeGroup(g, groups.length > 1)).join(" AND ");
}
