import { createHash } from "node:crypto";
import { chooseMultivariateValue } from "./multivariate";
import { compareCodePoints, formatPythonFloat, pyStrOfTrait } from "./python-values";
import { isRememberedList } from "./segment-memo";
import { getIdentityHashKey, getIdentitySegments } from "./segments";
import type {
  EngineFeature,
  EngineFeatureState,
  EngineMultivariateValue,
  EngineSegment,
  EngineTrait,
  EnvironmentDocument,
  FlagValue,
} from "./types";

export type ResolvedFlag = {
  feature: EngineFeature;
  /** The winning state: identity override, segment override or environment default. */
  state: EngineFeatureState;
  enabled: boolean;
  value: FlagValue;
  /** null for STANDARD; for MULTIVARIATE the chosen option's key (null if it has none), or "control". */
  variant: string | null;
  /** The multivariate value the identity was bucketed into; null for control and non-MV flags. */
  multivariateValue: EngineMultivariateValue | null;
  overriddenBy: null | "SEGMENT" | "IDENTITY";
  segment: { id: number; name: string } | null;
  /** "DEFAULT" | "TARGETING_MATCH; segment=<name>" | "SPLIT; weight=<w>" | "IDENTITY_OVERRIDE" */
  reason: string;
};

export type EvaluateIdentityInput = {
  doc: EnvironmentDocument;
  identifier: string;
  identityId?: number | null;
  traits: EngineTrait[];
  /** The identity's stored overrides; when omitted, the document's identity_overrides are used. */
  identityOverrides?: EngineFeatureState[];
  /** The segments the identity is in (getIdentitySegments), when the caller already has them. */
  matchedSegments?: readonly EngineSegment[];
};

export function variantOf(feature: EngineFeature, chosen: EngineMultivariateValue | null): string | null {
  if (feature.type !== "MULTIVARIATE") return null;
  if (!chosen) return "control";
  // An option without a key is reported as null, as Flagsmith does (not by its id).
  return chosen.multivariate_feature_option.key;
}

function defaultFlag(state: EngineFeatureState): ResolvedFlag {
  return {
    feature: state.feature,
    state,
    enabled: state.enabled,
    value: state.feature_state_value,
    variant: variantOf(state.feature, null),
    multivariateValue: null,
    overriddenBy: null,
    segment: null,
    reason: "DEFAULT",
  };
}

/** Environment defaults only: without an identity there is nothing to bucket, so no variants. */
export function evaluateEnvironmentFlags(doc: EnvironmentDocument): ResolvedFlag[] {
  return doc.feature_states.map(defaultFlag);
}

type SegmentOverride = { state: EngineFeatureState; segment: EngineSegment; priority: number };

// Lowest priority number wins; a missing priority ranks last. Only a strictly lower priority
// replaces the current pick, so on a tie the segment earlier in the document wins.
function pickSegmentOverrides(segments: readonly EngineSegment[]): Map<number, SegmentOverride> {
  if (!isRememberedList(segments)) return pickFrom(segments);
  let picked = pickedByList.get(segments);
  if (!picked) {
    picked = pickFrom(segments);
    pickedByList.set(segments, picked);
  }
  return picked;
}

// A remembered list of matched segments is shared by every identity with the same segment
// traits, and so is the pick made from it (never modified by its readers).
const pickedByList = new WeakMap<readonly EngineSegment[], Map<number, SegmentOverride>>();

function pickFrom(segments: readonly EngineSegment[]): Map<number, SegmentOverride> {
  const byFeature = new Map<number, SegmentOverride>();
  for (const segment of segments) {
    for (const state of segment.feature_states ?? []) {
      const priority = state.feature_segment?.priority ?? Infinity;
      const current = byFeature.get(state.feature.id);
      if (!current || priority < current.priority)
        byFeature.set(state.feature.id, { state, segment, priority });
    }
  }
  return byFeature;
}

function identityOverridesFor(input: EvaluateIdentityInput): Map<number, EngineFeatureState> {
  const states =
    input.identityOverrides ??
    input.doc.identity_overrides.find((override) => override.identifier === input.identifier)
      ?.identity_features ??
    [];
  const byFeature = new Map<number, EngineFeatureState>();
  for (const state of states) if (!byFeature.has(state.feature.id)) byFeature.set(state.feature.id, state);
  return byFeature;
}

/**
 * An identity's flags: identity override > matching segment's override > environment default.
 * The winning state, if it carries multivariate values, is bucketed for this identity (segment
 * overrides included, as Flagsmith's API and current engines do); identity overrides never are.
 * Every feature of the environment appears once, in document order.
 */
export function evaluateIdentityFlags(input: EvaluateIdentityInput): ResolvedFlag[] {
  const { doc, identifier, traits } = input;
  const identityKey = getIdentityHashKey({ doc, identifier, identityId: input.identityId });
  return resolveIdentityFlags({
    doc,
    identityKey,
    identityOverrides: identityOverridesFor(input),
    matchedSegments: getIdentitySegments({ doc, identifier, identityKey, traits }),
  });
}

/**
 * The same decisions as evaluateIdentityFlags, without building a ResolvedFlag per feature (its
 * reason text, segment and variant): for each feature of the document, in order, `visit` gets the
 * winning state and the multivariate value chosen from it (null for an identity override, for
 * control and for a flag without variations). value, variant and enabled follow from these two
 * (see ResolvedFlag). For the SDK identity answer, built once per identity call.
 */
export function visitIdentityStates(
  input: EvaluateIdentityInput,
  visit: (feature: EngineFeature, state: EngineFeatureState, chosen: EngineMultivariateValue | null) => void,
): void {
  const { doc, identifier, traits } = input;
  const identityKey = getIdentityHashKey({ doc, identifier, identityId: input.identityId });
  const identityOverrides = identityOverridesFor(input);
  const matched = input.matchedSegments ?? getIdentitySegments({ doc, identifier, identityKey, traits });
  const winners = segmentWinners(doc, matched);
  doc.feature_states.forEach((defaultState, i) => {
    const feature = defaultState.feature;
    const identityState = identityOverrides.size === 0 ? undefined : identityOverrides.get(feature.id);
    if (identityState) return visit(feature, identityState, null);
    const state = winners[i];
    visit(feature, state, chooseMultivariateValue(state, identityKey));
  });
}

// The winners of a remembered (shared) list of matched segments, worked out once.
const winnersByList = new WeakMap<readonly EngineSegment[], readonly EngineFeatureState[]>();

/**
 * Per feature of the document, in order, the state an identity in exactly these segments gets
 * before identity overrides and multivariate bucketing: the best matching segment's override,
 * else the environment default. For a remembered list of segments (segment-memo.ts) it is worked
 * out once and shared, frozen.
 */
export function segmentWinners(
  doc: EnvironmentDocument,
  matched: readonly EngineSegment[],
): readonly EngineFeatureState[] {
  const shared = isRememberedList(matched);
  const known = shared ? winnersByList.get(matched) : undefined;
  if (known) return known;
  const overrides = pickSegmentOverrides(matched);
  const winners = doc.feature_states.map(
    (defaultState) => overrides.get(defaultState.feature.id)?.state ?? defaultState,
  );
  if (!shared) return winners;
  Object.freeze(winners);
  winnersByList.set(matched, winners);
  return winners;
}

/**
 * The second half of evaluateIdentityFlags, for callers that decide segment membership
 * themselves (the blast radius shares it between two documents): the document's flags for an
 * identity with the given hash key, identity overrides (by feature id, first per feature) and
 * the document's segments the identity matched, in document order.
 */
export function resolveIdentityFlags(input: {
  doc: EnvironmentDocument;
  identityKey: string;
  identityOverrides: Map<number, EngineFeatureState>;
  matchedSegments: readonly EngineSegment[];
}): ResolvedFlag[] {
  const { doc, identityKey, identityOverrides } = input;
  const segmentOverrides = pickSegmentOverrides(input.matchedSegments);

  return doc.feature_states.map((defaultState): ResolvedFlag => {
    const feature = defaultState.feature;
    const identityState = identityOverrides.get(feature.id);
    if (identityState) {
      return {
        feature,
        state: identityState,
        enabled: identityState.enabled,
        value: identityState.feature_state_value,
        variant: variantOf(feature, null),
        multivariateValue: null,
        overriddenBy: "IDENTITY",
        segment: null,
        reason: "IDENTITY_OVERRIDE",
      };
    }
    const override = segmentOverrides.get(feature.id);
    const state = override?.state ?? defaultState;
    const chosen = chooseMultivariateValue(state, identityKey);
    const segment = override ? { id: override.segment.id, name: override.segment.name } : null;
    let reason = override ? `TARGETING_MATCH; segment=${override.segment.name}` : "DEFAULT";
    // percentage_allocation is a Python float, so the engine prints 50 as "50.0".
    if (chosen) reason = `SPLIT; weight=${formatPythonFloat(chosen.percentage_allocation)}`;
    return {
      feature,
      state,
      enabled: state.enabled,
      value: chosen ? chosen.multivariate_feature_option.value : state.feature_state_value,
      variant: variantOf(feature, chosen),
      multivariateValue: chosen,
      overriddenBy: override ? "SEGMENT" : null,
      segment,
      reason,
    };
  });
}

export type SdkFilterOptions = {
  hideDisabledFlags: boolean;
  serverKeyOnlyFeatureIds: number[];
  isServerKey: boolean;
  /**
   * Flagsmith's GET /flags/ returns early when hiding disabled flags and so forgets to drop
   * server-key-only features for client keys. We drop them by default; pass false to reproduce
   * that quirk exactly.
   */
  applyServerKeyOnlyWhenHidingDisabled?: boolean;
};

/**
 * The SDK-visible subset. hide_disabled_flags applies to the resolved flag, so a disabled
 * winning override removes the flag even when the environment default is enabled.
 */
export function filterFlagsForSdk(flags: ResolvedFlag[], opts: SdkFilterOptions): ResolvedFlag[] {
  const serverOnly = new Set(opts.serverKeyOnlyFeatureIds);
  const dropServerOnly =
    !opts.isServerKey && (!opts.hideDisabledFlags || (opts.applyServerKeyOnlyWhenHidingDisabled ?? true));
  return flags.filter(
    (flag) =>
      (!opts.hideDisabledFlags || flag.enabled) && !(dropServerOnly && serverOnly.has(flag.feature.id)),
  );
}

/** The environment's hide_disabled_flags, inheriting the project's when the environment has none. */
export function resolveHideDisabledFlags(doc: EnvironmentDocument): boolean {
  return doc.hide_disabled_flags ?? doc.project.hide_disabled_flags;
}

/**
 * The identifier Flagsmith derives for an identity posted without one: sha256 hex of
 * trait_key + str(value) for each trait, sorted by key (Python's str: True/False, 1.0 stays
 * "1.0" when the trait is typed float). Null-valued traits are skipped. With no usable traits
 * Flagsmith uses a random uuid; the engine stays deterministic and returns null for the caller
 * to do that.
 */
export function generateTransientIdentifier(traits: EngineTrait[]): string | null {
  const parts: { key: string; text: string }[] = [];
  for (const { trait_key, trait_value, value_type } of traits) {
    if (trait_value === null || trait_value === undefined) continue;
    parts.push({ key: trait_key, text: trait_key + pyStrOfTrait(trait_value, value_type) });
  }
  if (parts.length === 0) return null;
  const text = parts
    .sort((a, b) => compareCodePoints(a.key, b.key))
    .map((part) => part.text)
    .join("");
  return createHash("sha256").update(text, "utf8").digest("hex");
}
