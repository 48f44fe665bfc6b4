import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_BODY_BYTES, readMaxBodyBytes } from "./limits";

describe("readMaxBodyBytes", () => {
  it("defaults to 1 MB and reads a positive byte count", () => {
    expect(readMaxBodyBytes({})).toBe(DEFAULT_MAX_BODY_BYTES);
    expect(DEFAULT_MAX_BODY_BYTES).toBe(1048576);
    expect(readMaxBodyBytes({ ENSIGN_MAX_BODY_BYTES: " 2048 " })).toBe(2048);
  });

  it("refuses anything else instead of serving without a cap", () => {
    for (const bad of ["0", "-1", "1.5", "1mb", "abc", "1e6"]) {
      expect(() => readMaxBodyBytes({ ENSIGN_MAX_BODY_BYTES: bad }), bad).toThrow(/ENSIGN_MAX_BODY_BYTES/);
    }
  });
});
