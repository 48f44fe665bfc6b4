// Pure pieces of the feature list's filters (Flagsmith's FeatureQuerySerializer semantics).
import { isDbInt } from "@/lib/api/query-int";
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

/** ?tags= and ?owners=: undefined when absent, [] when empty, else the ids. */
export function idList(ids: string | undefined): number[] | undefined {
  if (ids === undefined) return undefined;
  // An id past the database's 32-bit integers names no row: it becomes 0, which names none
  // either, so the filter still matches nothing for it (and PostgreSQL is never sent it).
  return ids.trim() === ""
    ? []
    : ids.split(",").map((t) => (isDbInt(Number(t.trim())) ? Number(t.trim()) : 0));
}
