// The environment document of GET /api/v1/environment-document/ (Flagsmith's
// map_environment_to_sdk_document): what local-evaluation SDKs and Ensign's own engine read.
// Every list is always an array: the SDK parsers dereference them without null checks.
import type {
  EngineFeatureState,
  EngineIdentityOverride,
  EngineRule,
  EngineSegment,
  EnvironmentDocument,
} from "@/lib/engine";
import { readValue } from "@/lib/values";
import type { LoadedEnvironment, LoadedFeature, LoadedSegment, LoadedState } from "./load";

type Rule = LoadedSegment["rules"][number];
type AnyRule = Pick<Rule, "type"> & {
  conditions: { operator: string; value: string | null; property: string | null }[];
  rules?: AnyRule[];
};

export function buildEngineFeatureState(
  state: LoadedState,
  feature: Pick<LoadedFeature, "id" | "name" | "type">,
): EngineFeatureState {
  return {
    feature: { id: feature.id, name: feature.name, type: feature.type as "STANDARD" | "MULTIVARIATE" },
    enabled: state.enabled,
    // An imported state hashes as it did at its source (prisma/schema.prisma).
    django_id: state.importedId ?? state.id,
    featurestate_uuid: state.uuid,
    feature_state_value: readValue(state),
    feature_segment: state.featureSegment ? { priority: state.featureSegment.priority } : null,
    multivariate_feature_state_values: state.multivariateValues.map((mv) => ({
      id: mv.id,
      mv_fs_value_uuid: mv.uuid,
      percentage_allocation: mv.percentageAllocation,
      multivariate_feature_option: { id: mv.option.id, value: readValue(mv.option), key: mv.option.key },
    })),
  };
}

export function buildRule(rule: AnyRule): EngineRule {
  return {
    type: rule.type as EngineRule["type"],
    rules: (rule.rules ?? []).map(buildRule),
    conditions: rule.conditions.map((c) => ({
      operator: c.operator as EngineRule["conditions"][number]["operator"],
      value: c.value,
      property_: c.property,
    })),
  };
}

function buildSegment(segment: LoadedSegment, overrides: EngineFeatureState[]): EngineSegment {
  return {
    id: segment.importedId ?? segment.id,
    name: segment.name,
    rules: segment.rules.filter((r) => r.parentRuleId === null).map((r) => buildRule(r as AnyRule)),
    feature_states: overrides,
  };
}

/** The pieces of the environment the snapshot keeps beside the document. */
export type BuiltDocument = {
  document: EnvironmentDocument;
  /** Identity overrides by identifier, whether or not the document carries them. */
  identityOverrides: Map<string, EngineIdentityOverride>;
};

export function buildDocument(loaded: LoadedEnvironment): BuiltDocument {
  const { environment, features, states, segments } = loaded;
  const { project } = environment;
  const featureById = new Map(features.map((f) => [f.id, f]));
  const envStates: EngineFeatureState[] = [];
  const overridesBySegment = new Map<number, EngineFeatureState[]>();
  const identityOverrides = new Map<string, EngineIdentityOverride>();

  for (const state of states) {
    const feature = featureById.get(state.featureId);
    if (!feature) continue;
    const engineState = buildEngineFeatureState(state, feature);
    if (state.featureSegment) {
      const list = overridesBySegment.get(state.featureSegment.segmentId) ?? [];
      list.push(engineState);
      overridesBySegment.set(state.featureSegment.segmentId, list);
    } else if (state.identity) {
      const { identity } = state;
      let entry = identityOverrides.get(identity.identifier);
      if (!entry) {
        entry = {
          identifier: identity.identifier,
          environment_api_key: environment.apiKey,
          composite_key: `${environment.apiKey}_${identity.identifier}`,
          created_date: identity.createdAt.toISOString(),
          identity_uuid: identity.uuid,
          django_id: identity.id,
          dashboard_alias: null,
          identity_traits: [],
          identity_features: [],
        };
        identityOverrides.set(identity.identifier, entry);
      }
      entry.identity_features.push(engineState);
    } else if (state.featureSegmentId === null && state.identityId === null) {
      envStates.push(engineState);
    }
  }

  // Feature-specific segments only matter where they override something in this environment.
  const documentSegments = segments
    .filter((s) => s.featureId === null || overridesBySegment.has(s.id))
    .map((s) => buildSegment(s, overridesBySegment.get(s.id) ?? []));

  const document: EnvironmentDocument = {
    id: environment.id,
    api_key: environment.apiKey,
    name: environment.name,
    allow_client_traits: environment.allowClientTraits,
    updated_at: environment.documentUpdatedAt.toISOString(),
    hide_sensitive_data: environment.hideSensitiveData,
    hide_disabled_flags: environment.hideDisabledFlags,
    use_identity_composite_key_for_hashing: environment.useIdentityCompositeKeyForHashing,
    use_identity_overrides_in_local_eval: environment.useIdentityOverridesInLocalEval,
    project: {
      id: project.id,
      name: project.name,
      hide_disabled_flags: project.hideDisabledFlags,
      enable_realtime_updates: project.enableRealtimeUpdates,
      server_key_only_feature_ids: features.filter((f) => f.isServerKeyOnly).map((f) => f.id),
      organisation: {
        id: project.organisation.id,
        name: project.organisation.name,
        feature_analytics: project.organisation.featureAnalytics,
        stop_serving_flags: project.organisation.stopServingFlags,
        persist_trait_data: project.organisation.persistTraitData,
      },
      segments: documentSegments,
    },
    feature_states: envStates,
    identity_overrides: environment.useIdentityOverridesInLocalEval ? [...identityOverrides.values()] : [],
  };
  return { document, identityOverrides };
}
