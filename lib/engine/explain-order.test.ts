// The explainer lists a feature's segment overrides in the order the engine tries them.
import { describe, expect, it } from "vitest";
import { explainIdentityFlags } from "./explain";
import { doc, feature, segment, state } from "./test-fixtures";

describe("explainIdentityFlags' segment overrides", () => {
  it("come lowest priority first, a missing priority last, ties in segment order", () => {
    const banner = feature(1, "banner");
    const override = (priority: number | null) =>
      state(banner, { feature_segment: priority === null ? null : { priority } });
    const document = doc({ feature_states: [state(banner)] }, [
      segment(10, [], [override(null)], "none"),
      segment(11, [], [override(1)], "first-one"),
      segment(12, [], [override(0)], "zero"),
      segment(13, [], [override(1)], "second-one"),
    ]);
    const [flag] = explainIdentityFlags({ doc: document, identifier: "ada", traits: [] }).flags;
    expect(flag.segmentOverrides.map((o) => [o.segment.name, o.priority])).toEqual([
      ["zero", 0],
      ["first-one", 1],
      ["second-one", 1],
      ["none", null],
    ]);
  });
});
