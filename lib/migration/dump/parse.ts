// Reads a Flagsmith organisation dump into the shapes the live importer writes from
// (./../source-types.ts), checking every row and every reference first: a file with any
// problem is refused whole, so an import never starts on it. Pure: no I/O, `now` is given.
import { ValidationError } from "@/lib/api/errors";
import { assemble } from "./assemble-dump";
import { DUMP_MODELS, ZDumpFile, isDumpModel, type DumpFields, type DumpModel } from "./format";
import type { DumpSource, Row, Rows } from "./types";

/** How many problems of a file one answer lists. */
const MAX_ISSUES = 20;

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
