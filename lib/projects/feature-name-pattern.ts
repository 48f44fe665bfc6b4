// A project's feature_name_regex (Flagsmith's field): every new feature's name must match it
// whole. Flagsmith tests re.match(f"^{regex}$", name); the same text is compiled here by the
// engine's Python-regex translation, so the pattern runs in linear time and a pattern the
// segment REGEX operator would refuse (invalid, backreferences, too costly) is refused too.
// Pure: the API and the dashboard's create dialog use the same check.
import { compilePythonRegex } from "@/lib/engine/python-regex";
import { CONDITION_MESSAGES } from "@/lib/segments/conditions";

/** Flagsmith's column is a CharField(max_length=255). */
export const FEATURE_NAME_REGEX_MAX = 255;

const PROBLEMS = {
  invalid: CONDITION_MESSAGES.regex,
  unsupported: CONDITION_MESSAGES.regexUnsupported,
  complex: CONDITION_MESSAGES.regexComplex,
} as const;

const wholeName = (pattern: string) => `^${pattern}$`;

/** Why a pattern cannot be a project's feature name pattern, or null when it can. */
export function featureNamePatternError(pattern: string): string | null {
  const compiled = compilePythonRegex(wholeName(pattern));
  return compiled.ok ? null : PROBLEMS[compiled.problem];
}

/** Whether a feature name is allowed by the pattern; no pattern (null or "") allows any name. */
export function matchesFeatureNamePattern(pattern: string | null | undefined, name: string): boolean {
  if (!pattern) return true;
  const compiled = compilePythonRegex(wholeName(pattern));
  return compiled.ok && compiled.regex.test(name);
}

/** Flagsmith's message for a name that does not match (on the feature's `name` field). */
export function featureNameMismatch(pattern: string): string {
  return `Feature name must match regex: ${pattern}`;
}
