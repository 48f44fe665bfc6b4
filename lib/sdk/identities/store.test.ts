import { describe, expect, it } from "vitest";
import { identityGatherMs } from "./store";

describe("identityGatherMs", () => {
  it("gathers on SQLite by default, not on PostgreSQL, and reads ENSIGN_IDENTITY_GATHER_MS for both", () => {
    expect(identityGatherMs(false, {})).toBe(4);
    expect(identityGatherMs(true, {})).toBe(0);
    expect(identityGatherMs(false, { ENSIGN_IDENTITY_GATHER_MS: "0" })).toBe(0);
    expect(identityGatherMs(true, { ENSIGN_IDENTITY_GATHER_MS: "3" })).toBe(3);
    for (const bad of ["-1", "101", "1.5", "soon"]) {
      expect(() => identityGatherMs(false, { ENSIGN_IDENTITY_GATHER_MS: bad })).toThrow(/0 to 100/);
    }
  });
});
