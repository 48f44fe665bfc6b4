// The blast radius's evaluation, cut down to what a proposal can change. A feature's flag for an
// identity depends only on its environment default, the identity's own override of it and the
// matching segments that override it; so both documents are reduced to the affected features and
// the segments overriding them, compiled once per run. Per identity, the condition context is
// built once and a segment whose rules the proposal left alone is matched once for both sides.
// Pure.
import {
  createConditionContext,
  getIdentityHashKey,
  isContextInSegment,
  resolveIdentityFlags,
  type EngineFeatureState,
  type EngineSegment,
  type EngineTrait,
  type EnvironmentDocument,
  type ResolvedFlag,
} from "@/lib/engine";

export type RestrictedPlan = {
  featureIds: Set<number>;
  live: EnvironmentDocument;
  proposed: EnvironmentDocument;
  /** For each of the proposed document's segments, the index of the live segment it matches like, or -1. */
  shared: number[];
};

/** The document with only the given features' states, and only the segments overriding one of them. */
function restrict(doc: EnvironmentDocument, featureIds: Set<number>): EnvironmentDocument {
  const segments: EngineSegment[] = [];
  for (const segment of doc.project.segments) {
    const states = (segment.feature_states ?? []).filter((s) => featureIds.has(s.feature.id));
    if (states.length > 0) segments.push({ ...segment, feature_states: states });
  }
  return {
    ...doc,
    feature_states: doc.feature_states.filter((s) => featureIds.has(s.feature.id)),
    project: { ...doc.project, segments },
    identity_overrides: [],
  };
}

/** Compiles the two documents for restricted evaluation of the given features. */
export function compileRestrictedPlan(options: {
  live: EnvironmentDocument;
  proposed: EnvironmentDocument;
  featureIds: Set<number>;
}): RestrictedPlan {
  const live = restrict(options.live, options.featureIds);
  const proposed = restrict(options.proposed, options.featureIds);
  // applyProposal keeps the rules array of every segment it does not re-rule, so the same array
  // (and the same id, which percentage splits hash) means the same membership.
  const liveIndex = new Map(live.project.segments.map((s, i) => [s.id, i] as const));
  const shared = proposed.project.segments.map((segment) => {
    const i = liveIndex.get(segment.id);
    return i !== undefined && live.project.segments[i]!.rules === segment.rules ? i : -1;
  });
  return { featureIds: options.featureIds, live, proposed, shared };
}

/** The affected features' flags for one identity under the live and the proposed document. */
export function evaluateRestricted(
  plan: RestrictedPlan,
  identity: {
    id: number;
    identifier: string;
    traits: EngineTrait[];
    identityOverrides: EngineFeatureState[];
  },
): { before: ResolvedFlag[]; after: ResolvedFlag[] } {
  // The documents differ only in states and segment rules: hash key and context are the same.
  const identityKey = getIdentityHashKey({
    doc: plan.live,
    identifier: identity.identifier,
    identityId: identity.id,
  });
  const context = createConditionContext({
    doc: plan.live,
    identifier: identity.identifier,
    identityKey,
    traits: identity.traits,
  });
  const identityOverrides = new Map<number, EngineFeatureState>();
  for (const state of identity.identityOverrides)
    if (plan.featureIds.has(state.feature.id) && !identityOverrides.has(state.feature.id))
      identityOverrides.set(state.feature.id, state);

  const liveSegments = plan.live.project.segments;
  const liveMatches = liveSegments.map((segment) => isContextInSegment(context, segment));
  const proposedMatched = plan.proposed.project.segments.filter((segment, i) => {
    const shared = plan.shared[i]!;
    return shared >= 0 ? liveMatches[shared]! : isContextInSegment(context, segment);
  });
  return {
    before: resolveIdentityFlags({
      doc: plan.live,
      identityKey,
      identityOverrides,
      matchedSegments: liveSegments.filter((_, i) => liveMatches[i]),
    }),
    after: resolveIdentityFlags({
      doc: plan.proposed,
      identityKey,
      identityOverrides,
      matchedSegments: proposedMatched,
    }),
  };
}
