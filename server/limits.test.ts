import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_BODY_BYTES, readMaxBodyBytes, readMaxBodyBytesInFlight } from "./limits";

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

describe("readMaxBodyBytesInFlight", () => {
  it("defaults to 4 MB and is checked like the cap", () => {
    expect(readMaxBodyBytesInFlight({})).toBe(4 * 1024 * 1024);
    expect(readMaxBodyBytesInFlight({ ENSIGN_MAX_BODY_BYTES_IN_FLIGHT: "8192" })).toBe(8192);
    expect(() => readMaxBodyBytesInFlight({ ENSIGN_MAX_BODY_BYTES_IN_FLIGHT: "lots" })).toThrow(
      /ENSIGN_MAX_BODY_BYTES_IN_FLIGHT/,
    );
  });
});
