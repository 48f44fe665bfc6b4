import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_BODY_BYTES,
  readMaxBodyBytes,
  readMaxBodyBytesInFlight,
  readTransportLimits,
} from "./limits";

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

describe("readTransportLimits", () => {
  it("has documented defaults", () => {
    expect(readTransportLimits({})).toEqual({
      maxBodyBytesInFlightPerAddress: 1024 * 1024,
      bodyStartTimeoutMs: 5000,
      bodyMinBytesPerSecond: 10240,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      heapGuardPercent: 90,
    });
  });

  it("reads each setting, the address share as a percent of the bodies in flight", () => {
    const limits = readTransportLimits({
      ENSIGN_MAX_BODY_BYTES_IN_FLIGHT: "1000",
      ENSIGN_BODY_BYTES_PER_ADDRESS_PERCENT: "50",
      ENSIGN_BODY_START_TIMEOUT_MS: "1500",
      ENSIGN_BODY_MIN_BYTES_PER_SECOND: "100",
      ENSIGN_HEADERS_TIMEOUT_MS: "2000",
      ENSIGN_REQUEST_TIMEOUT_MS: "3000",
      ENSIGN_HEAP_GUARD_PERCENT: "0",
    });
    expect(limits).toEqual({
      maxBodyBytesInFlightPerAddress: 500,
      bodyStartTimeoutMs: 1500,
      bodyMinBytesPerSecond: 100,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 3000,
      heapGuardPercent: 0,
    });
  });

  it("refuses values out of range instead of starting without the limit", () => {
    const bad: Record<string, string>[] = [
      { ENSIGN_BODY_BYTES_PER_ADDRESS_PERCENT: "0" },
      { ENSIGN_BODY_BYTES_PER_ADDRESS_PERCENT: "101" },
      { ENSIGN_BODY_START_TIMEOUT_MS: "0" },
      { ENSIGN_BODY_MIN_BYTES_PER_SECOND: "fast" },
      { ENSIGN_HEAP_GUARD_PERCENT: "101" },
      { ENSIGN_REQUEST_TIMEOUT_MS: "-1" },
    ];
    for (const env of bad)
      expect(() => readTransportLimits(env), Object.keys(env)[0]).toThrow(Object.keys(env)[0]);
    expect(() =>
      readTransportLimits({ ENSIGN_HEADERS_TIMEOUT_MS: "5000", ENSIGN_REQUEST_TIMEOUT_MS: "4000" }),
    ).toThrow(/ENSIGN_HEADERS_TIMEOUT_MS must not be longer/);
  });
});
