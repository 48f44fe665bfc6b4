import { describe, expect, it } from "vitest";
import {
  CONDITION_MESSAGES,
  conditionValueError,
  operatorNeedsProperty,
  operatorNeedsValue,
} from "./conditions";

describe("conditionValueError", () => {
  it.each([
    ["PERCENTAGE_SPLIT", "0", null],
    ["PERCENTAGE_SPLIT", "33.3", null],
    ["PERCENTAGE_SPLIT", "100", null],
    ["PERCENTAGE_SPLIT", "100.01", CONDITION_MESSAGES.percentageSplit],
    ["PERCENTAGE_SPLIT", "-1", CONDITION_MESSAGES.percentageSplit],
    ["PERCENTAGE_SPLIT", "ten", CONDITION_MESSAGES.percentageSplit],
    ["PERCENTAGE_SPLIT", "", CONDITION_MESSAGES.percentageSplit],
    ["MODULO", "2|0", null],
    ["MODULO", "2.5|0.5", null],
    ["MODULO", "0|1", CONDITION_MESSAGES.modulo],
    ["MODULO", "2", CONDITION_MESSAGES.modulo],
    ["MODULO", "a|1", CONDITION_MESSAGES.modulo],
    ["MODULO", "2|1|0", CONDITION_MESSAGES.modulo],
    ["MODULO", "-3|-1", null],
    // Python's float % can round up to the divisor itself (-1e-20 % 1.0 == 1.0).
    ["MODULO", "1|1", null],
    ["MODULO", "3|4", CONDITION_MESSAGES.moduloRemainder],
    ["MODULO", "3|-1", CONDITION_MESSAGES.moduloRemainder],
    ["MODULO", "-3|1", CONDITION_MESSAGES.moduloRemainder],
    ["REGEX", "^[a-z]+@example\\.com$", null],
    ["REGEX", "(?i)admin", null],
    ["REGEX", "(?P<user>\\w+)@", null],
    ["REGEX", "(", CONDITION_MESSAGES.regex],
    ["REGEX", "[", CONDITION_MESSAGES.regex],
    ["REGEX", "(a+)+$", null],
    ["REGEX", "(\\w)\\1", CONDITION_MESSAGES.regexUnsupported],
    ["REGEX", "a(?=b)", CONDITION_MESSAGES.regexUnsupported],
    ["REGEX", "a{5000}", CONDITION_MESSAGES.regexComplex],
    ["IN", "a,b,c", null],
    ["EQUAL", "", null],
    ["GREATER_THAN", "1.2.3:semver", null],
    ["LESS_THAN_INCLUSIVE", "2.0.0-beta.1+build.5:semver", null],
    ["GREATER_THAN", "1.2:semver", CONDITION_MESSAGES.semver],
    ["EQUAL", "v1.2.3:semver", CONDITION_MESSAGES.semver],
    ["NOT_EQUAL", ":semver", CONDITION_MESSAGES.semver],
    // Text compares as text: "abc" can match a string trait ("abd" > "abc").
    ["GREATER_THAN", "abc", null],
    // CONTAINS looks for a pre-release or build string, IN for the literal text.
    ["CONTAINS", "beta:semver", null],
    ["IN", "1.2:semver,2", null],
  ])("%s %j", (operator, value, expected) => {
    expect(conditionValueError(operator, value)).toBe(expected);
  });

  it("knows which operators need a value or a property", () => {
    expect(operatorNeedsValue("IS_SET")).toBe(false);
    expect(operatorNeedsValue("IS_NOT_SET")).toBe(false);
    expect(operatorNeedsValue("IN")).toBe(true);
    expect(operatorNeedsProperty("PERCENTAGE_SPLIT")).toBe(false);
    expect(operatorNeedsProperty("EQUAL")).toBe(true);
  });
});
