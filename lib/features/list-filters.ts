// Pure pieces of the feature list's filters (Flagsmith's FeatureQuerySerializer semantics).
import { readValue, type StoredValue } from "@/lib/values";

/** value_search: part of a string value in any case, or exactly a boolean or a non-negative integer. */
export function valueMatches(state: StoredValue, search: string): boolean {
  const value = readValue(state);
  const lowered = search.toLowerCase();
  switch (state.valueType) {
    case "unicode":
      return typeof value === "string" && value.toLowerCase().includes(lowered);
    case "bool":
      return (lowered === "true" || lowered === "false") && value === (lowered === "true");
    case "int":
      // Python's str.isdigit(): no sign, so negative values are never found.
      return /^\d+$/.test(search) && value === Number(search);
    default:
      return false;
  }
}

/** ?tags=: undefined when absent, [] for "features without tags", else the ids. */
export function tagIds(tags: string | undefined): number[] | undefined {
  if (tags === undefined) return undefined;
  return tags.trim() === "" ? [] : tags.split(",").map((t) => Number(t.trim()));
}
