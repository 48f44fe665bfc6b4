// What Flagsmith's feature importer reads from an export file, written down field by field
// from its code at commit 1ad8487ba7aabedd3cdfbcf3e7d772784d3e1aae (api/features/import_export:
// tasks._import_features_for_environment, mappers.map_feature_export_data_to_feature,
// services.overwrite_feature_for_environment, types.FeatureExportData). It iterates the
// top-level array, indexes each feature's keys with `[...]` (a missing key is a KeyError that
// fails the import), and stores `value` in the typed column its `type` names. The checker
// answers every way a file would fail there; an empty list means Flagsmith can import it.

/** The keys Flagsmith's importer indexes on each feature, and on each of its variations. */
export const FLAGSMITH_FEATURE_KEYS = [
  "name",
  "initial_value",
  "is_server_key_only",
  "default_enabled",
  "multivariate",
  "type",
  "value",
  "enabled",
] as const;
export const FLAGSMITH_VARIATION_KEYS = [
  "type",
  "value",
  "default_percentage_allocation",
  "percentage_allocation",
] as const;

// FeatureState.get_feature_state_key_name: the typed column of each value type.
const COLUMN_OF_TYPE: Record<string, (v: unknown) => boolean> = {
  int: (v) => v === null || (typeof v === "number" && Number.isInteger(v)),
  unicode: (v) => v === null || typeof v === "string",
  bool: (v) => v === null || typeof v === "boolean",
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function checkTyped(where: string, item: Record<string, unknown>, problems: string[]) {
  const column = COLUMN_OF_TYPE[item.type as string];
  if (!column) problems.push(`${where}.type: no typed column for ${JSON.stringify(item.type)}`);
  else if (!column(item.value))
    problems.push(`${where}.value: does not fit the ${item.type as string} column`);
}

export function flagsmithImportProblems(file: unknown): string[] {
  if (!Array.isArray(file)) return ["file: the importer iterates a list of features"];
  const problems: string[] = [];
  file.forEach((feature, i) => {
    const where = `[${i}]`;
    if (!isObject(feature)) return problems.push(`${where}: not an object`);
    for (const key of FLAGSMITH_FEATURE_KEYS)
      if (!(key in feature)) problems.push(`${where}.${key}: KeyError`);
    if (typeof feature.name !== "string" || !feature.name) problems.push(`${where}.name: not a name`);
    if (feature.initial_value !== null && typeof feature.initial_value !== "string")
      problems.push(`${where}.initial_value: not text`);
    for (const key of ["is_server_key_only", "default_enabled", "enabled"])
      if (typeof feature[key] !== "boolean") problems.push(`${where}.${key}: not a boolean`);
    checkTyped(where, feature, problems);
    if (!Array.isArray(feature.multivariate)) return problems.push(`${where}.multivariate: not a list`);
    feature.multivariate.forEach((mv: unknown, j: number) => {
      const at = `${where}.multivariate[${j}]`;
      if (!isObject(mv)) return problems.push(`${at}: not an object`);
      for (const key of FLAGSMITH_VARIATION_KEYS) if (!(key in mv)) problems.push(`${at}.${key}: KeyError`);
      for (const key of ["default_percentage_allocation", "percentage_allocation"])
        if (typeof mv[key] !== "number") problems.push(`${at}.${key}: not a number`);
      checkTyped(at, mv, problems);
    });
  });
  return problems;
}
