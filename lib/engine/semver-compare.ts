import { SemVer } from "semver";
import type { Operator } from "./types";

// A condition value ending in ":semver" makes a string trait compare as a semantic version
// (Python `semver.Version`). npm's parser is looser than Python's (it trims, accepts a leading
// "v" or "="), so strings are first checked against Python's strict grammar; Python's "$" also
// tolerates one trailing newline, hence "\n?". Digits are ASCII only here (Python's \d would also
// take other scripts' digits, which no real version string uses).
const NUMERIC = "0|[1-9][0-9]*";
const PRERELEASE_ID = "0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*";
const STRICT_SEMVER = new RegExp(
  `^(?:${NUMERIC})\\.(?:${NUMERIC})\\.(?:${NUMERIC})` +
    `(?:-(?:${PRERELEASE_ID})(?:\\.(?:${PRERELEASE_ID}))*)?` +
    `(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?\\n?$`,
);

export const SEMVER_SUFFIX = ":semver";

export function hasSemverSuffix(value: string | null): value is string {
  return value !== null && value.endsWith(SEMVER_SUFFIX);
}

/** Strict MAJOR.MINOR.PATCH[-pre][+build]; null where Python's Version.parse raises. */
export function parseStrictSemver(text: string): SemVer | null {
  if (!STRICT_SEMVER.test(text)) return null;
  try {
    return new SemVer(text.replace(/\n$/, ""));
  } catch {
    // npm also rejects numbers above Number.MAX_SAFE_INTEGER, which Python would accept.
    return null;
  }
}

/**
 * `trait <op> value` with the trait parsed as a version and the value minus ":semver".
 * Build metadata is ignored and pre-releases sort below their release, in both libraries.
 */
export function matchesSemver(operator: Operator, traitText: string, conditionValue: string): boolean {
  const trait = parseStrictSemver(traitText);
  if (!trait) return false;
  const expectedText = conditionValue.slice(0, -SEMVER_SUFFIX.length);
  if (operator === "CONTAINS") {
    // Python evaluates `text in version`, which iterates (major, minor, patch, prerelease, build):
    // only the pre-release or build strings can ever equal a string.
    const isPrerelease = trait.prerelease.length > 0 && expectedText === trait.prerelease.join(".");
    return isPrerelease || (trait.build.length > 0 && expectedText === trait.build.join("."));
  }
  const expected = parseStrictSemver(expectedText);
  if (!expected) return false;
  const order = trait.compare(expected);
  switch (operator) {
    case "EQUAL":
      return order === 0;
    case "NOT_EQUAL":
      return order !== 0;
    case "GREATER_THAN":
      return order > 0;
    case "GREATER_THAN_INCLUSIVE":
      return order >= 0;
    case "LESS_THAN":
      return order < 0;
    case "LESS_THAN_INCLUSIVE":
      return order <= 0;
    default:
      return false;
  }
}
