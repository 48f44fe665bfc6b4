// A segment's rule tree: segment → rules → rules, each rule with its conditions, kept in
// the order the client sent them (position). Writes always replace the whole tree.
import type { z } from "zod";
import type { Tx } from "@/lib/db/client";
import type { ZSegmentCondition, ZSegmentRule } from "./responses";
import type { TConditionInput, TNestedRuleInput, TRuleInput } from "./schemas";

const conditionOrder = { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] };

/** Prisma `include` that loads a segment with its rule tree in stored order. */
export const segmentInclude = {
  rules: {
    where: { parentRuleId: null },
    ...conditionOrder,
    include: {
      conditions: conditionOrder,
      rules: { ...conditionOrder, include: { conditions: conditionOrder } },
    },
  },
};

type ConditionRow = {
  id: number;
  property: string | null;
  operator: string;
  value: string | null;
  description: string | null;
};
type RuleRow = { id: number; type: string; conditions: ConditionRow[]; rules?: RuleRow[] };

function liveConditions(conditions: TConditionInput[] | undefined) {
  return (conditions ?? [])
    .filter((c) => !c.delete)
    .map((c, position) => ({
      property: c.property ?? null,
      operator: c.operator,
      value: c.value ?? null,
      description: c.description ?? null,
      position,
    }));
}

/** Stores a rule tree under a segment. Rules and conditions marked `delete` are dropped. */
export async function createRules(tx: Tx, segmentId: number, rules: TRuleInput[]): Promise<void> {
  const live = rules.filter((r) => !r.delete);
  for (const [position, rule] of live.entries()) {
    const nested = ((rule.rules ?? []) as TNestedRuleInput[]).filter((r) => !r.delete);
    await tx.segmentRule.create({
      data: {
        segmentId,
        type: rule.type,
        position,
        conditions: { create: liveConditions(rule.conditions) },
        rules: {
          create: nested.map((child, childPosition) => ({
            type: child.type,
            position: childPosition,
            conditions: { create: liveConditions(child.conditions) },
          })),
        },
      },
    });
  }
}

/** Replaces a segment's rule tree; nested rules and conditions go with their parents. */
export async function replaceRules(tx: Tx, segmentId: number, rules: TRuleInput[]): Promise<void> {
  await tx.segmentRule.deleteMany({ where: { segmentId } });
  await createRules(tx, segmentId, rules);
}

function serializeCondition(c: ConditionRow): z.infer<typeof ZSegmentCondition> {
  return {
    id: c.id,
    operator: c.operator as z.infer<typeof ZSegmentCondition>["operator"],
    property: c.property,
    value: c.value,
    description: c.description,
  };
}

export function serializeRule(rule: RuleRow): z.infer<typeof ZSegmentRule> {
  return {
    id: rule.id,
    type: rule.type as z.infer<typeof ZSegmentRule>["type"],
    rules: (rule.rules ?? []).map(serializeRule),
    conditions: rule.conditions.map(serializeCondition),
  };
}
