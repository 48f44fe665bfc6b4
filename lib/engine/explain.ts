// Why an identity gets each value. The values and the winning override come from
// evaluateIdentityFlags itself, the function every SDK answer uses; this module only annotates
// that answer with the same engine functions (matchesRule, matchesCondition, the bucketing
// helpers), evaluated without short-circuit so that every condition shows its result and the
// trait value it read.
import { getPercentageSplitBucket, matchesCondition } from "./conditions";
import { evaluateIdentityFlags, type EvaluateIdentityInput, type ResolvedFlag } from "./evaluate";
import { chooseMultivariateValue, getMultivariatePercentage, sortMultivariateValues } from "./multivariate";
import { resolveProperty, type ConditionContext } from "./properties";
import type { PyValue } from "./python-values";
import { createConditionContext, getIdentityHashKey, isContextInSegment, matchesRule } from "./segments";
import type { EngineCondition, EngineRule, EngineSegment, FlagValue, Operator, RuleType } from "./types";

export type ExplainedCondition = {
  operator: Operator;
  property: string | null;
  value: string | null;
  matched: boolean;
  /** The trait (or context property) the condition read; null when the identity has none. */
  seen: string | number | boolean | null;
  /** PERCENTAGE_SPLIT: the identity's bucket (0–100) compared with the value. */
  bucket?: number | null;
};

export type ExplainedRule = {
  type: RuleType;
  matched: boolean;
  conditions: ExplainedCondition[];
  rules: ExplainedRule[];
};

export type ExplainedSegment = { id: number; name: string; matched: boolean; rules: ExplainedRule[] };

export type ExplainedSplitOption = {
  value: FlagValue;
  key: string | null;
  percentage_allocation: number;
  /** The option's range on the identity's 0–100 scale: [from, to). */
  from: number;
  to: number;
  chosen: boolean;
};

export type ExplainedSplit = { percentage: number; options: ExplainedSplitOption[] };

export type SegmentOverrideCandidate = {
  segment: { id: number; name: string };
  priority: number | null;
  matched: boolean;
  won: boolean;
};

export type ExplainedFlag = {
  flag: ResolvedFlag;
  decidedBy: "IDENTITY_OVERRIDE" | "SEGMENT_OVERRIDE" | "DEFAULT";
  /** Every segment overriding this feature, with whether the identity is in it and which won. */
  segmentOverrides: SegmentOverrideCandidate[];
  /** The multivariate bucketing of the winning state; null when it has no variants. */
  split: ExplainedSplit | null;
};

export type Explanation = { identityKey: string; segments: ExplainedSegment[]; flags: ExplainedFlag[] };

function seenValue(value: PyValue | null): string | number | boolean | null {
  if (value === null) return null;
  if (value.kind !== "int") return value.value;
  const asNumber = Number(value.value);
  return Number.isSafeInteger(asNumber) ? asNumber : value.value.toString();
}

function explainCondition(context: ConditionContext, condition: EngineCondition, segmentKey: string) {
  const property = condition.property_ ? resolveProperty(context, condition.property_) : null;
  const explained: ExplainedCondition = {
    operator: condition.operator,
    property: condition.property_,
    value: condition.value,
    matched: matchesCondition(context, condition, segmentKey),
    seen: seenValue(property),
  };
  if (condition.operator === "PERCENTAGE_SPLIT")
    explained.bucket = getPercentageSplitBucket(context, condition, property, segmentKey);
  return explained;
}

function explainRule(context: ConditionContext, rule: EngineRule, segmentKey: string): ExplainedRule {
  return {
    type: rule.type,
    matched: matchesRule(context, rule, segmentKey),
    conditions: (rule.conditions ?? []).map((condition) => explainCondition(context, condition, segmentKey)),
    rules: (rule.rules ?? []).map((child) => explainRule(context, child, segmentKey)),
  };
}

function explainSegment(context: ConditionContext, segment: EngineSegment): ExplainedSegment {
  const segmentKey = String(segment.id);
  return {
    id: segment.id,
    name: segment.name,
    matched: isContextInSegment(context, segment),
    rules: segment.rules.map((rule) => explainRule(context, rule, segmentKey)),
  };
}

function explainSplit(flag: ResolvedFlag, identityKey: string): ExplainedSplit | null {
  if (flag.overriddenBy === "IDENTITY") return null;
  const values = flag.state.multivariate_feature_state_values ?? [];
  if (values.length === 0) return null;
  const chosen = chooseMultivariateValue(flag.state, identityKey);
  let from = 0;
  const options = sortMultivariateValues(values).map((mv) => {
    const option: ExplainedSplitOption = {
      value: mv.multivariate_feature_option.value,
      key: mv.multivariate_feature_option.key,
      percentage_allocation: mv.percentage_allocation,
      from,
      to: from + mv.percentage_allocation,
      chosen: mv === chosen,
    };
    from = option.to;
    return option;
  });
  return { percentage: getMultivariatePercentage(flag.state, identityKey), options };
}

/** The identity's flags as evaluateIdentityFlags resolves them, each with why. */
export function explainIdentityFlags(input: EvaluateIdentityInput): Explanation {
  const { doc, identifier, traits } = input;
  const flags = evaluateIdentityFlags(input);
  const identityKey = getIdentityHashKey({ doc, identifier, identityId: input.identityId });
  const context = createConditionContext({ doc, identifier, identityKey, traits });
  const segments = doc.project.segments.map((segment) => explainSegment(context, segment));
  const matched = new Map(segments.map((segment) => [segment.id, segment.matched]));
  return {
    identityKey,
    segments,
    flags: flags.map((flag) => {
      const segmentOverrides: SegmentOverrideCandidate[] = [];
      for (const segment of doc.project.segments) {
        const state = segment.feature_states?.find((s) => s.feature.id === flag.feature.id);
        if (!state) continue;
        segmentOverrides.push({
          segment: { id: segment.id, name: segment.name },
          priority: state.feature_segment?.priority ?? null,
          matched: matched.get(segment.id) ?? false,
          won: flag.overriddenBy === "SEGMENT" && flag.state === state,
        });
      }
      // In the order the engine tries them: lowest priority first, a missing priority last,
      // ties in segment order (the sort is stable).
      segmentOverrides.sort((a, b) => (a.priority ?? Infinity) - (b.priority ?? Infinity));
      return {
        flag,
        decidedBy:
          flag.overriddenBy === "IDENTITY"
            ? "IDENTITY_OVERRIDE"
            : flag.overriddenBy === "SEGMENT"
              ? "SEGMENT_OVERRIDE"
              : "DEFAULT",
        segmentOverrides,
        split: explainSplit(flag, identityKey),
      };
    }),
  };
}
