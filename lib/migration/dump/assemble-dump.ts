// Turns the checked rows of a dump (./parse.ts) into the live importer's shapes: per
// project its tags, features, segments with their rule trees, and per environment the states
// live now (the highest started version, of the live feature version under versioning v2).
import type { SFeatureState, SIdentityOverride, SRule, STrait, SValueObject } from "../source-types";
import type { DumpFields } from "./format";
import type { DumpSource, Row, Rows } from "./types";

function valueOf(v: DumpFields<"features.featurestatevalue"> | undefined): SValueObject {
  if (!v) return { type: "unicode", string_value: null };
  return {
    type: v.type ?? "unicode",
    string_value: v.string_value ?? null,
    integer_value: v.integer_value ?? null,
    boolean_value: v.boolean_value ?? null,
  };
}

function traitOf(t: DumpFields<"traits.trait">): STrait {
  switch (t.value_type) {
    case "int":
      return { trait_key: t.trait_key, trait_value: t.integer_value ?? null };
    case "float":
      return { trait_key: t.trait_key, trait_value: t.float_value ?? null };
    case "bool":
      return { trait_key: t.trait_key, trait_value: t.boolean_value ?? null };
    default:
      return { trait_key: t.trait_key, trait_value: t.string_value ?? null };
  }
}

const isLive = (at: string | null | undefined, now: Date) => !at || new Date(at) <= now;

/**
 * The feature versions that are live now (versioning v2): per feature and environment, the
 * published one with the latest start that has started.
 */
function liveVersions(rows: Rows, now: Date) {
  const best = new Map<string, DumpFields<"feature_versioning.environmentfeatureversion">>();
  for (const { fields: v } of rows["feature_versioning.environmentfeatureversion"]) {
    if (!v.published_at || !isLive(v.live_from, now)) continue;
    const key = `${v.feature}|${v.environment}`;
    const held = best.get(key);
    if (!held || new Date(v.live_from ?? 0) >= new Date(held.live_from ?? 0)) best.set(key, v);
  }
  return new Set([...best.values()].map((v) => v.uuid));
}

function buildRules(rows: Rows) {
  const conditions = new Map<string, SRule["conditions"]>();
  for (const { fields: c } of rows["segments.condition"]) {
    const list = conditions.get(c.rule) ?? [];
    list.push({
      operator: c.operator,
      property: c.property ?? null,
      value: c.value ?? null,
      description: c.description ?? null,
    });
    conditions.set(c.rule, list);
  }
  const children = new Map<string, DumpFields<"segments.segmentrule">[]>();
  for (const { fields: r } of rows["segments.segmentrule"]) {
    const parent = r.segment ?? r.rule!;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  // Depth is bounded: a rule that (through a loop in the file) meets itself again stops there.
  const tree = (parent: string, seen: Set<string>): SRule[] =>
    (children.get(parent) ?? [])
      .filter((r) => !seen.has(r.uuid))
      .map((r) => ({
        type: r.type,
        conditions: conditions.get(r.uuid) ?? [],
        rules: tree(r.uuid, new Set([...seen, r.uuid])),
      }));
  return (segment: string) => tree(segment, new Set());
}

export function assemble(rows: Rows, skippedModels: Record<string, number>, now: Date): DumpSource {
  const live = liveVersions(rows, now);
  const inLiveVersion = (version: string | null | undefined) => !version || live.has(version);
  const values = new Map(rows["features.featurestatevalue"].map((r) => [r.fields.feature_state, r.fields]));
  const allocations = new Map<string, SFeatureState["multivariate_feature_state_values"]>();
  for (const { fields: a } of rows["multivariate.multivariatefeaturestatevalue"]) {
    const list = allocations.get(a.feature_state) ?? [];
    list.push({
      multivariate_feature_option: a.multivariate_feature_option,
      percentage_allocation: a.percentage_allocation,
    });
    allocations.set(a.feature_state, list);
  }
  // Per feature and place (default, segment override, identity override) the state that is
  // live now: the highest version that has started (of the live feature version, if any).
  const chosen = new Map<string, Row<"features.featurestate">>();
  for (const row of rows["features.featurestate"]) {
    const s = row.fields;
    if (!inLiveVersion(s.environment_feature_version) || !isLive(s.live_from, now)) continue;
    const place = s.feature_segment ?? (s.identity ? `id:${s.identity.slice(0, 2).join("|")}` : "env");
    const key = `${s.feature}|${s.environment}|${place}`;
    const held = chosen.get(key);
    if (!held || (s.version ?? 0) >= (held.fields.version ?? 0)) chosen.set(key, row);
  }
  const liveLinks = rows["features.featuresegment"].filter((r) =>
    inLiveVersion(r.fields.environment_feature_version),
  );
  const rulesOf = buildRules(rows);
  const traitsOf = new Map<string, STrait[]>();
  for (const { fields: t } of rows["traits.trait"]) {
    const key = t.identity.slice(0, 2).join("|");
    traitsOf.set(key, [...(traitsOf.get(key) ?? []), traitOf(t)]);
  }
  const overridesOf = new Map<string, SIdentityOverride[]>();
  const envStates = new Map<string, SFeatureState[]>();
  for (const { fields: s, pk } of chosen.values()) {
    const state: SFeatureState = {
      id: s.uuid,
      hash_id: pk,
      feature: s.feature,
      enabled: s.enabled ?? false,
      feature_state_value: valueOf(values.get(s.uuid)),
      multivariate_feature_state_values: allocations.get(s.uuid) ?? [],
      feature_segment: s.feature_segment ?? null,
    };
    if (s.identity) {
      const key = s.identity.slice(0, 2).join("|");
      overridesOf.set(key, [...(overridesOf.get(key) ?? []), state]);
    } else envStates.set(s.environment!, [...(envStates.get(s.environment!) ?? []), state]);
  }
  const organisation = rows["organisations.organisation"][0]?.fields ?? null;
  return {
    organisation: organisation ? { uuid: organisation.uuid, name: organisation.name } : null,
    skippedModels,
    projects: rows["projects.project"].map(({ fields: p }) => ({
      project: {
        id: p.uuid,
        name: p.name,
        hide_disabled_flags: p.hide_disabled_flags ?? false,
        prevent_flag_defaults: p.prevent_flag_defaults ?? false,
        enable_realtime_updates: p.enable_realtime_updates ?? false,
        stale_flags_limit_days: p.stale_flags_limit_days ?? 30,
      },
      tags: rows["tags.tag"]
        .filter((t) => t.fields.project === p.uuid)
        .map(({ fields: t }) => ({
          id: t.uuid,
          label: t.label,
          color: t.color ?? undefined,
          description: t.description,
        })),
      features: rows["features.feature"]
        .filter((f) => f.fields.project === p.uuid)
        .map(({ fields: f }) => ({
          id: f.uuid,
          name: f.name,
          type: f.type ?? undefined,
          default_enabled: f.default_enabled ?? false,
          initial_value: f.initial_value ?? null,
          description: f.description ?? null,
          is_archived: f.is_archived ?? false,
          is_server_key_only: f.is_server_key_only ?? false,
          tags: (f.tags ?? []).map((t) => t[0]),
          multivariate_options: rows["multivariate.multivariatefeatureoption"]
            .filter((o) => o.fields.feature === f.uuid)
            .map(({ fields: o }) => ({
              id: o.uuid,
              type: o.type ?? "unicode",
              string_value: o.string_value ?? null,
              integer_value: o.integer_value ?? null,
              boolean_value: o.boolean_value ?? null,
              default_percentage_allocation: o.default_percentage_allocation ?? 100,
              key: o.key ?? null,
            })),
        })),
      segments: rows["segments.segment"]
        .filter((s) => s.fields.project === p.uuid)
        .map(({ fields: s, pk }) => ({
          id: s.uuid,
          hash_id: pk,
          name: s.name,
          description: s.description ?? null,
          feature: s.feature,
          rules: rulesOf(s.uuid),
        })),
      environments: rows["environments.environment"]
        .filter((e) => e.fields.project === p.uuid)
        .map(({ fields: e }) => ({
          environment: {
            id: e.api_key,
            name: e.name,
            api_key: e.api_key,
            description: e.description ?? null,
            banner_text: e.banner_text ?? null,
            banner_colour: e.banner_colour ?? null,
            minimum_change_request_approvals: e.minimum_change_request_approvals ?? null,
            allow_client_traits: e.allow_client_traits ?? true,
            hide_disabled_flags: e.hide_disabled_flags ?? null,
            hide_sensitive_data: e.hide_sensitive_data ?? false,
            use_identity_composite_key_for_hashing: e.use_identity_composite_key_for_hashing ?? true,
            use_identity_overrides_in_local_eval: e.use_identity_overrides_in_local_eval ?? true,
          },
          states: envStates.get(e.api_key) ?? [],
          links: liveLinks
            .filter((l) => l.fields.environment === e.api_key)
            .map(({ fields: l }) => ({ id: l.uuid, segment: l.segment, priority: l.priority ?? 0 })),
          identities: rows["identities.identity"]
            .filter((i) => i.fields.environment === e.api_key)
            .map(({ fields: i }) => {
              const key = `${i.identifier}|${e.api_key}`;
              return {
                key,
                identifier: i.identifier,
                traits: traitsOf.get(key) ?? [],
                overrides: overridesOf.get(key) ?? [],
              };
            }),
          keys: rows["environments.environmentapikey"]
            .filter((k) => k.fields.environment === e.api_key)
            .map(({ fields: k }) => ({
              id: k.key,
              key: k.key,
              name: k.name,
              active: k.active ?? true,
              expires_at: k.expires_at ?? null,
            })),
        })),
    })),
  };
}
