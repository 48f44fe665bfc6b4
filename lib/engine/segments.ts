import { matchesCondition } from "./conditions";
import { indexTraits, type ConditionContext } from "./properties";
import { rememberedMatches } from "./segment-memo";
import type { EngineRule, EngineSegment, EngineTrait, EnvironmentDocument } from "./types";

/** Everything segment matching needs about one identity. */
export type EvaluationContext = {
  doc: EnvironmentDocument;
  identifier: string;
  /** From getIdentityHashKey: what PERCENTAGE_SPLIT and multivariate bucketing hash. */
  identityKey: string;
  traits: EngineTrait[];
};

/**
 * The identity's hash key: "<client api key>_<identifier>" when the environment hashes by
 * composite key (the default, and what local-evaluation SDKs always do), else the identity's
 * database id. An identity without an id (transient, not yet stored) falls back to the composite
 * key so that it still buckets deterministically.
 */
export function getIdentityHashKey(input: {
  doc: EnvironmentDocument;
  identifier: string;
  identityId?: number | null;
}): string {
  const { doc, identifier, identityId } = input;
  if (doc.use_identity_composite_key_for_hashing || identityId === null || identityId === undefined) {
    return `${doc.api_key}_${identifier}`;
  }
  return String(identityId);
}

export function createConditionContext(
  context: EvaluationContext,
  traits: ReadonlyMap<string, EngineTrait> = indexTraits(context.traits),
): ConditionContext {
  return {
    environment: { key: context.doc.api_key, name: context.doc.name },
    identity: { identifier: context.identifier, key: context.identityKey, traits },
  };
}

/** Conditions combined under the rule's type, stopping at the first that decides it. */
function conditionsHold(context: ConditionContext, rule: EngineRule, segmentKey: string): boolean {
  const conditions = rule.conditions;
  if (!conditions || conditions.length === 0) return true;
  switch (rule.type) {
    case "ALL":
      for (const condition of conditions) if (!matchesCondition(context, condition, segmentKey)) return false;
      return true;
    case "ANY":
      for (const condition of conditions) if (matchesCondition(context, condition, segmentKey)) return true;
      return false;
    case "NONE":
      for (const condition of conditions) if (matchesCondition(context, condition, segmentKey)) return false;
      return true;
    default:
      return false;
  }
}

/** Sub-rules combined under the parent's type, likewise. */
function subRulesHold(context: ConditionContext, rule: EngineRule, segmentKey: string): boolean {
  const children = rule.rules;
  if (!children || children.length === 0) return true;
  switch (rule.type) {
    case "ALL":
      for (const child of children) if (!matchesRule(context, child, segmentKey)) return false;
      return true;
    case "ANY":
      for (const child of children) if (matchesRule(context, child, segmentKey)) return true;
      return false;
    case "NONE":
      for (const child of children) if (matchesRule(context, child, segmentKey)) return false;
      return true;
    default:
      return false;
  }
}

/**
 * A rule holds when its conditions, and separately its sub-rules, combine to true under the
 * rule's own type: under ANY one matching condition and one matching sub-rule suffice, under NONE
 * neither may match. That is Flagsmith's engine since v10.1.0 (before it, sub-rules were always
 * ANDed). The dashboard's shape, one ALL rule over nested ANY rules, means the same either way.
 * An empty list holds vacuously, whatever the type.
 */
export function matchesRule(context: ConditionContext, rule: EngineRule, segmentKey: string): boolean {
  return conditionsHold(context, rule, segmentKey) && subRulesHold(context, rule, segmentKey);
}

/** A segment with no rules matches nobody; otherwise every top-level rule must hold. */
export function isContextInSegment(context: ConditionContext, segment: EngineSegment): boolean {
  const segmentKey = String(segment.id);
  return segment.rules.length > 0 && segment.rules.every((rule) => matchesRule(context, rule, segmentKey));
}

/**
 * The project's segments this identity belongs to, in document order. For a document declared
 * immutable (segment-memo.ts) the membership of segments that read only traits is remembered
 * per combination of trait values; the list is then shared and frozen.
 */
export function getIdentitySegments(context: EvaluationContext): readonly EngineSegment[] {
  const segments = context.doc.project.segments;
  if (segments.length === 0) return segments;
  const traits = indexTraits(context.traits);
  // Built on the first segment evaluated: a remembered answer needs none.
  let conditionContext: ConditionContext | undefined;
  const holds = (segment: EngineSegment) =>
    isContextInSegment((conditionContext ??= createConditionContext(context, traits)), segment);
  const remembered = rememberedMatches(context.doc, traits, holds);
  if (!remembered) return segments.filter(holds);
  if (remembered.all) return remembered.matched;
  return segments.filter((segment, i) => (remembered.remembered[i] ? remembered.holds[i] : holds(segment)));
}
