import { describe, expect, it } from "vitest";
import {
  evaluateIdentityFlags,
  filterFlagsForSdk,
  generateTransientIdentifier,
  resolveHideDisabledFlags,
  type ResolvedFlag,
} from "./evaluate";
import { cond, doc, feature, rule, segment, state, trait } from "./test-fixtures";

const banner = feature(1, "banner");
const gold = [rule("ALL", [cond("EQUAL", "plan", "gold")])];

describe("filterFlagsForSdk", () => {
  const flags = evaluateIdentityFlags({
    doc: doc(
      {
        feature_states: [
          state(banner),
          state(feature(2, "secret")),
          state(feature(3, "off"), { enabled: false }),
        ],
      },
      [segment(1, gold, [state(banner, { feature_segment: { priority: 0 }, enabled: false })])],
    ),
    identifier: "alice",
    traits: [trait("plan", "gold")],
  });
  const names = (list: ResolvedFlag[]) => list.map((flag) => flag.feature.name);
  const base = { hideDisabledFlags: false, serverKeyOnlyFeatureIds: [2], isServerKey: false };

  it("keeps everything for server keys when not hiding", () => {
    expect(names(filterFlagsForSdk(flags, { ...base, isServerKey: true }))).toEqual([
      "banner",
      "secret",
      "off",
    ]);
  });

  it("drops server-key-only features for client keys", () => {
    expect(names(filterFlagsForSdk(flags, base))).toEqual(["banner", "off"]);
  });

  it("hides disabled flags after resolution: a disabled winning override removes the flag", () => {
    expect(names(filterFlagsForSdk(flags, { ...base, isServerKey: true, hideDisabledFlags: true }))).toEqual([
      "secret",
    ]);
    expect(names(filterFlagsForSdk(flags, { ...base, hideDisabledFlags: true }))).toEqual([]);
  });

  it("can reproduce Flagsmith's /flags/ quirk of skipping the server-key-only filter when hiding", () => {
    const quirk = { ...base, hideDisabledFlags: true, applyServerKeyOnlyWhenHidingDisabled: false };
    expect(names(filterFlagsForSdk(flags, quirk))).toEqual(["secret"]);
    expect(names(filterFlagsForSdk(flags, { ...base, applyServerKeyOnlyWhenHidingDisabled: false }))).toEqual(
      ["banner", "off"],
    );
  });
});

describe("resolveHideDisabledFlags", () => {
  it("uses the environment's setting, or the project's when the environment has none", () => {
    const project = (value: boolean) => ({ ...doc().project, hide_disabled_flags: value });
    expect(resolveHideDisabledFlags(doc({ hide_disabled_flags: null, project: project(true) }))).toBe(true);
    expect(resolveHideDisabledFlags(doc({ hide_disabled_flags: false, project: project(true) }))).toBe(false);
    expect(resolveHideDisabledFlags(doc({ hide_disabled_flags: true, project: project(false) }))).toBe(true);
  });
});

describe("generateTransientIdentifier", () => {
  // sha256 hex digests computed with python3's hashlib of the expected concatenations.
  it("hashes key + str(value) for traits sorted by key", () => {
    const traits = [trait("score", 1.5), trait("is_admin", true), trait("gone", null), trait("age", 30)];
    expect(generateTransientIdentifier(traits)).toBe(
      "a63693c50131eb21eab0ed7b998e02ab10c7196899f2bc9d271656841bcd5c83",
    );
  });

  it("prints floats the Python way when the stored type says float", () => {
    expect(generateTransientIdentifier([trait("x", 1, "float")])).toBe(
      "da3fb00905903ac2b9923db0768621bbf3bbff770c45ccc75a4167c350888b72",
    );
  });

  it("sorts keys by code point", () => {
    expect(generateTransientIdentifier([trait("a", 3), trait("_", 2), trait("B", 1)])).toBe(
      "0458383469f8f0e2c7996daf6eab92b3885b590f796a92b7efb3d51577719340",
    );
    expect(generateTransientIdentifier([trait("😀", 1), trait("\uff5e", 2)])).toBe(
      "dabf30e28a5e7952a421f000e1684c20506481df3bc0f5f67f5d891aa380969a",
    );
  });

  it("returns null without usable traits, leaving the random uuid to the caller", () => {
    expect(generateTransientIdentifier([])).toBeNull();
    expect(generateTransientIdentifier([trait("a", null)])).toBeNull();
  });
});
