// A proposed change applied to an environment document, giving the document that would be
// live after it. Pure: the live document is never changed (only the parts touched are copied).
import type {
  EngineFeatureState,
  EngineRule,
  EngineSegment,
  EnvironmentDocument,
  FlagValue,
} from "@/lib/engine";

/** A feature state as a change would leave it: the environment default (segmentId null) or a segment override. */
export type ProposedState = {
  featureId: number;
  segmentId: number | null;
  enabled?: boolean;
  value?: FlagValue;
  /** Remove the segment override (ignored for the environment default). */
  remove?: boolean;
  /** Priority of a new segment override; last when absent. */
  priority?: number;
  /** New weights per multivariate option id; options left out get 0 (a stored change request is complete). */
  allocations?: { optionId: number; percentage: number }[];
};

export type ProposedSegment = { segmentId: number; rules: EngineRule[] };

export type Proposal = { featureStates: ProposedState[]; segments: ProposedSegment[] };

function changeState(state: EngineFeatureState, change: ProposedState): EngineFeatureState {
  const weights = change.allocations && new Map(change.allocations.map((a) => [a.optionId, a.percentage]));
  return {
    ...state,
    enabled: change.enabled ?? state.enabled,
    feature_state_value: change.value !== undefined ? change.value : state.feature_state_value,
    multivariate_feature_state_values: weights
      ? state.multivariate_feature_state_values.map((v) => ({
          ...v,
          percentage_allocation: weights.get(v.multivariate_feature_option.id) ?? 0,
        }))
      : state.multivariate_feature_state_values,
  };
}

function lastPriority(doc: EnvironmentDocument, featureId: number): number {
  let last = -1;
  for (const segment of doc.project.segments)
    for (const state of segment.feature_states ?? [])
      if (state.feature.id === featureId && state.feature_segment)
        last = Math.max(last, state.feature_segment.priority);
  return last + 1;
}

function applyOverride(
  doc: EnvironmentDocument,
  segment: EngineSegment,
  change: ProposedState,
): EngineSegment {
  const states = segment.feature_states ?? [];
  const current = states.find((s) => s.feature.id === change.featureId);
  if (change.remove) return { ...segment, feature_states: states.filter((s) => s !== current) };
  if (current)
    return { ...segment, feature_states: states.map((s) => (s === current ? changeState(s, change) : s)) };
  const base = doc.feature_states.find((s) => s.feature.id === change.featureId);
  if (!base) return segment;
  const created: EngineFeatureState = {
    feature: base.feature,
    enabled: change.enabled ?? false,
    django_id: null,
    featurestate_uuid: `proposed-${segment.id}-${change.featureId}`,
    feature_state_value: change.value !== undefined ? change.value : null,
    feature_segment: { priority: change.priority ?? lastPriority(doc, change.featureId) },
    multivariate_feature_state_values: [],
  };
  return { ...segment, feature_states: [...states, created] };
}

/** The document as it would be with the proposal applied. Segments it names must be in the document. */
export function applyProposal(live: EnvironmentDocument, proposal: Proposal): EnvironmentDocument {
  const defaults = new Map(
    proposal.featureStates.filter((c) => c.segmentId === null).map((c) => [c.featureId, c] as const),
  );
  let doc: EnvironmentDocument = {
    ...live,
    feature_states: live.feature_states.map((s) => {
      const change = defaults.get(s.feature.id);
      return change ? changeState(s, change) : s;
    }),
  };
  const rules = new Map(proposal.segments.map((s) => [s.segmentId, s.rules] as const));
  let segments = doc.project.segments.map((s) => (rules.has(s.id) ? { ...s, rules: rules.get(s.id)! } : s));
  for (const change of proposal.featureStates) {
    if (change.segmentId === null) continue;
    doc = { ...doc, project: { ...doc.project, segments } };
    segments = segments.map((s) => (s.id === change.segmentId ? applyOverride(doc, s, change) : s));
  }
  return { ...doc, project: { ...doc.project, segments } };
}

/** The features whose values a proposal can change: those it names and those overridden by segments it re-rules. */
export function affectedFeatureIds(live: EnvironmentDocument, proposal: Proposal): Set<number> {
  const ids = new Set(proposal.featureStates.map((c) => c.featureId));
  const reRuled = new Set(proposal.segments.map((s) => s.segmentId));
  for (const segment of live.project.segments)
    if (reRuled.has(segment.id)) for (const state of segment.feature_states ?? []) ids.add(state.feature.id);
  return ids;
}
