// Reads a Flagsmith organisation dump into the shapes the live importer writes from
// (./../source-types.ts), checking every row and every reference first: a file with any
// problem is refused whole, so an import never starts on it. Pure: no I/O, `now` is given.
import { ValidationError } from "@/lib/api/errors";
import type { SourceIdentity } from "../import-states";
import type {
  SEnvironment,
  SFeature,
  SFeatureSegment,
  SFeatureState,
  SIdentityOverride,
  SProject,
  SSegment,
  SRule,
  SServerKey,
  STag,
  STrait,
  SValueObject,
} from "../source-types";
import { DUMP_MODELS, ZDumpFile, isDumpModel, type DumpFields, type DumpModel } from "./format";

export type DumpEnvironment = {
  environment: SEnvironment;
  states: SFeatureState[];
  links: SFeatureSegment[];
  identities: SourceIdentity[];
  keys: SServerKey[];
};
export type DumpProject = {
  project: SProject;
  tags: STag[];
  features: SFeature[];
  segments: SSegment[];
  environments: DumpEnvironment[];
};
export type DumpSource = {
  organisation: { uuid: string; name: string } | null;
  projects: DumpProject[];
  /** Rows of models Ensign does not carry over, counted per model. */
  skippedModels: Record<string, number>;
};

/** How many problems of a file one answer lists. */
const MAX_ISSUES = 20;

type Row<M extends DumpModel> = { index: number; pk: number | null; fields: DumpFields<M> };
type Rows = { [M in DumpModel]: Row<M>[] };

class Issues {
  list: string[] = [];
  count = 0;
  add(message: string) {
    this.count++;
    if (this.list.length < MAX_ISSUES) this.list.push(message);
  }
  throwIfAny() {
    if (!this.count) return;
    const lines = [...this.list];
    if (this.count > MAX_ISSUES) lines.push(`and ${this.count - MAX_ISSUES} more`);
    throw new ValidationError({ file: lines });
  }
}

function readRows(json: unknown, issues: Issues) {
  const file = ZDumpFile.safeParse(json);
  if (!file.success) {
    for (const issue of file.error.issues) {
      issues.add(`${issue.path.length ? issue.path.map(String).join(".") : "file"}: ${issue.message}`);
    }
    issues.throwIfAny();
    throw new Error("unreachable");
  }
  const rows = Object.fromEntries(Object.keys(DUMP_MODELS).map((m) => [m, []])) as unknown as Rows;
  const skippedModels: Record<string, number> = {};
  file.data.forEach((row, index) => {
    if (!isDumpModel(row.model)) {
      skippedModels[row.model] = (skippedModels[row.model] ?? 0) + 1;
      return;
    }
    const fields = DUMP_MODELS[row.model].safeParse(row.fields);
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        issues.add(`${index}.fields.${issue.path.map(String).join(".")} (${row.model}): ${issue.message}`);
      }
      return;
    }
    const pk = typeof row.pk === "number" && Number.isSafeInteger(row.pk) && row.pk > 0 ? row.pk : null;
    (rows[row.model] as Row<DumpModel>[]).push({ index, pk, fields: fields.data });
  });
  issues.throwIfAny();
  return { rows, skippedModels };
}

/** Rows by natural key; a key given twice is a problem of the file. */
function index<M extends DumpModel>(
  rows: Row<M>[],
  model: M,
  keyOf: (f: DumpFields<M>) => string,
  issues: Issues,
) {
  const out = new Map<string, Row<M>>();
  for (const row of rows) {
    const key = keyOf(row.fields);
    if (out.has(key)) issues.add(`${row.index} (${model}): ${key} appears twice`);
    out.set(key, row);
  }
  return out;
}

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

export function parseDump(json: unknown, now: Date): DumpSource {
  const issues = new Issues();
  const { rows, skippedModels } = readRows(json, issues);
  const orgs = rows["organisations.organisation"];
  if (orgs.length > 1) issues.add("file: it holds more than one organisation");
  const projects = index(rows["projects.project"], "projects.project", (f) => f.uuid, issues);
  const envs = index(rows["environments.environment"], "environments.environment", (f) => f.api_key, issues);
  const tags = index(rows["tags.tag"], "tags.tag", (f) => f.uuid, issues);
  const features = index(rows["features.feature"], "features.feature", (f) => f.uuid, issues);
  const options = index(
    rows["multivariate.multivariatefeatureoption"],
    "multivariate.multivariatefeatureoption",
    (f) => f.uuid,
    issues,
  );
  const segments = index(rows["segments.segment"], "segments.segment", (f) => f.uuid, issues);
  const ruleRows = index(rows["segments.segmentrule"], "segments.segmentrule", (f) => f.uuid, issues);
  const links = index(rows["features.featuresegment"], "features.featuresegment", (f) => f.uuid, issues);
  const states = index(rows["features.featurestate"], "features.featurestate", (f) => f.uuid, issues);
  const identities = index(
    rows["identities.identity"],
    "identities.identity",
    (f) => `${f.identifier}|${f.environment}`,
    issues,
  );
  const need = (
    row: { index: number },
    model: string,
    what: string,
    key: string,
    known: Map<string, unknown>,
  ) => {
    if (!known.has(key)) issues.add(`${row.index} (${model}): ${what} ${key} is not in the file`);
  };
  for (const r of envs.values()) need(r, "environments.environment", "project", r.fields.project, projects);
  for (const r of rows["environments.environmentapikey"])
    need(r, "environments.environmentapikey", "environment", r.fields.environment, envs);
  for (const r of tags.values()) need(r, "tags.tag", "project", r.fields.project, projects);
  for (const r of features.values()) {
    need(r, "features.feature", "project", r.fields.project, projects);
    for (const [tag] of r.fields.tags ?? []) need(r, "features.feature", "tag", tag, tags);
  }
  for (const r of options.values())
    need(r, "multivariate.multivariatefeatureoption", "feature", r.fields.feature, features);
  for (const r of segments.values()) {
    need(r, "segments.segment", "project", r.fields.project, projects);
    if (r.fields.feature) need(r, "segments.segment", "feature", r.fields.feature, features);
  }
  for (const r of ruleRows.values()) {
    if (!r.fields.segment === !r.fields.rule)
      issues.add(`${r.index} (segments.segmentrule): a rule belongs to a segment or to a rule`);
    if (r.fields.segment) need(r, "segments.segmentrule", "segment", r.fields.segment, segments);
    if (r.fields.rule) need(r, "segments.segmentrule", "rule", r.fields.rule, ruleRows);
  }
  for (const r of rows["segments.condition"]) need(r, "segments.condition", "rule", r.fields.rule, ruleRows);
  for (const r of links.values()) {
    need(r, "features.featuresegment", "feature", r.fields.feature, features);
    need(r, "features.featuresegment", "segment", r.fields.segment, segments);
    need(r, "features.featuresegment", "environment", r.fields.environment, envs);
  }
  for (const r of states.values()) {
    const f = r.fields;
    need(r, "features.featurestate", "feature", f.feature, features);
    if (!f.environment) issues.add(`${r.index} (features.featurestate): no environment`);
    else need(r, "features.featurestate", "environment", f.environment, envs);
    if (f.feature_segment) need(r, "features.featurestate", "feature segment", f.feature_segment, links);
    if (f.identity)
      need(r, "features.featurestate", "identity", f.identity.slice(0, 2).join("|"), identities);
  }
  for (const r of rows["features.featurestatevalue"])
    need(r, "features.featurestatevalue", "feature state", r.fields.feature_state, states);
  for (const r of rows["multivariate.multivariatefeaturestatevalue"]) {
    need(r, "multivariate.multivariatefeaturestatevalue", "feature state", r.fields.feature_state, states);
    need(
      r,
      "multivariate.multivariatefeaturestatevalue",
      "option",
      r.fields.multivariate_feature_option,
      options,
    );
  }
  for (const r of identities.values())
    need(r, "identities.identity", "environment", r.fields.environment, envs);
  for (const r of rows["traits.trait"])
    need(r, "traits.trait", "identity", r.fields.identity.slice(0, 2).join("|"), identities);
  issues.throwIfAny();
  if (!projects.size) throw ValidationError.field("file", "The file holds no project.");
  return assemble(rows, skippedModels, now);
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

function assemble(rows: Rows, skippedModels: Record<string, number>, now: Date): DumpSource {
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
