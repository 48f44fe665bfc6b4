// Compares what each identity gets from the live and the proposed document, feature by
// feature, and counts the differences by kind (off→on, on→off, value A→B, variant X→Y),
// keeping a few examples of each with the explainer's reason on both sides. Pure.
import {
  evaluateIdentityFlags,
  explainIdentityFlags,
  type EngineFeatureState,
  type EngineTrait,
  type EnvironmentDocument,
  type FlagValue,
  type ResolvedFlag,
} from "@/lib/engine";
import { compileRestrictedPlan, evaluateRestricted, type RestrictedPlan } from "./restricted";

export type ImpactIdentity = {
  id: number;
  identifier: string;
  traits: EngineTrait[];
  identityOverrides: EngineFeatureState[];
};

export type ChangeKind = "OFF_TO_ON" | "ON_TO_OFF" | "VALUE" | "VARIANT";

export type FlagSide = {
  enabled: boolean;
  value: FlagValue;
  variant: string | null;
  decided_by: "IDENTITY_OVERRIDE" | "SEGMENT_OVERRIDE" | "DEFAULT";
  reason: string;
  segment: { id: number; name: string } | null;
};

export type ImpactExample = { identifier: string; live: FlagSide; proposed: FlagSide };

export type ImpactChange = {
  kind: ChangeKind;
  from: FlagValue;
  to: FlagValue;
  count: number;
  examples: ImpactExample[];
};

export type FeatureImpact = {
  feature: { id: number; name: string };
  identities_changed: number;
  changes: ImpactChange[];
  /** Identities whose change fell into a kind past `maxChangesPerFeature`: counted here only. */
  other_changes: number;
};

export type ImpactTally = {
  live: EnvironmentDocument;
  proposed: EnvironmentDocument;
  featureIds: Set<number>;
  /** The documents cut down to the affected features; null to evaluate every flag (for comparison). */
  plan: RestrictedPlan | null;
  maxExamples: number;
  maxChangesPerFeature: number;
  scanned: number;
  identitiesChanged: number;
  features: Map<
    number,
    {
      feature: { id: number; name: string };
      changed: number;
      other: number;
      groups: Map<string, ImpactChange>;
    }
  >;
};

export function createImpactTally(options: {
  live: EnvironmentDocument;
  proposed: EnvironmentDocument;
  featureIds: Set<number>;
  maxExamples?: number;
  maxChangesPerFeature?: number;
  /** Evaluate only the affected features (the default); false evaluates every flag of both documents. */
  restricted?: boolean;
}): ImpactTally {
  const features: ImpactTally["features"] = new Map();
  for (const state of options.live.feature_states) {
    if (!options.featureIds.has(state.feature.id)) continue;
    const feature = { id: state.feature.id, name: state.feature.name };
    features.set(feature.id, { feature, changed: 0, other: 0, groups: new Map() });
  }
  return {
    live: options.live,
    proposed: options.proposed,
    featureIds: options.featureIds,
    plan:
      options.restricted === false
        ? null
        : compileRestrictedPlan({
            live: options.live,
            proposed: options.proposed,
            featureIds: options.featureIds,
          }),
    maxExamples: options.maxExamples ?? 3,
    maxChangesPerFeature: options.maxChangesPerFeature ?? 20,
    scanned: 0,
    identitiesChanged: 0,
    features,
  };
}

/** How a flag changed for one identity; null when it did not. */
export function classifyChange(
  before: ResolvedFlag,
  after: ResolvedFlag,
): { kind: ChangeKind; from: FlagValue; to: FlagValue } | null {
  if (before.enabled !== after.enabled)
    return after.enabled
      ? { kind: "OFF_TO_ON", from: false, to: true }
      : { kind: "ON_TO_OFF", from: true, to: false };
  if (before.variant !== after.variant && before.feature.type === "MULTIVARIATE")
    return { kind: "VARIANT", from: before.variant, to: after.variant };
  if (before.value !== after.value) return { kind: "VALUE", from: before.value, to: after.value };
  return null;
}

function sideOf(doc: EnvironmentDocument, identity: ImpactIdentity, featureId: number): FlagSide {
  const explanation = explainIdentityFlags({
    doc,
    identifier: identity.identifier,
    identityId: identity.id,
    traits: identity.traits,
    identityOverrides: identity.identityOverrides,
  });
  const explained = explanation.flags.find((f) => f.flag.feature.id === featureId)!;
  const { flag } = explained;
  return {
    enabled: flag.enabled,
    value: flag.value,
    variant: flag.variant,
    decided_by: explained.decidedBy,
    reason: flag.reason,
    segment: flag.segment,
  };
}

function evaluate(doc: EnvironmentDocument, identity: ImpactIdentity): ResolvedFlag[] {
  return evaluateIdentityFlags({
    doc,
    identifier: identity.identifier,
    identityId: identity.id,
    traits: identity.traits,
    identityOverrides: identity.identityOverrides,
  });
}

/** Adds one identity to the tally. */
export function tallyIdentity(tally: ImpactTally, identity: ImpactIdentity): void {
  tally.scanned += 1;
  const flags = tally.plan
    ? evaluateRestricted(tally.plan, identity)
    : { before: evaluate(tally.live, identity), after: evaluate(tally.proposed, identity) };
  const before = flags.before;
  const after = new Map(flags.after.map((f) => [f.feature.id, f]));
  let changedAny = false;
  for (const flag of before) {
    const entry = tally.features.get(flag.feature.id);
    const next = after.get(flag.feature.id);
    if (!entry || !next) continue;
    const change = classifyChange(flag, next);
    if (!change) continue;
    changedAny = true;
    entry.changed += 1;
    const key = `${change.kind}:${JSON.stringify(change.from)}:${JSON.stringify(change.to)}`;
    let group = entry.groups.get(key);
    if (!group) {
      if (entry.groups.size >= tally.maxChangesPerFeature) {
        entry.other += 1;
        continue;
      }
      group = { ...change, count: 0, examples: [] };
      entry.groups.set(key, group);
    }
    group.count += 1;
    if (group.examples.length < tally.maxExamples) {
      // The explainer runs only for the few examples kept: it is far costlier than evaluation.
      group.examples.push({
        identifier: identity.identifier,
        live: sideOf(tally.live, identity, flag.feature.id),
        proposed: sideOf(tally.proposed, identity, flag.feature.id),
      });
    }
  }
  if (changedAny) tally.identitiesChanged += 1;
}

export function summariseImpact(tally: ImpactTally) {
  return {
    identities_scanned: tally.scanned,
    identities_changed: tally.identitiesChanged,
    features: [...tally.features.values()].map((entry): FeatureImpact => ({
      feature: entry.feature,
      identities_changed: entry.changed,
      changes: [...entry.groups.values()].sort((a, b) => b.count - a.count),
      other_changes: entry.other,
    })),
  };
}
