// Flagsmith stores every condition value as Python's str() of the decoded JSON value, so
// `true` becomes "True" and 1e-05 stays "1e-05". Matching that keeps documents and
// evaluation identical for values written through either service.
import { pythonNumberString } from "@/lib/values";

/** str() of a JSON scalar as Python would print it. */
export function pythonStr(value: string | number | boolean): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "True" : "False";
  return pythonNumberString(value);
}
