import { describe, expect, it } from "vitest";
import { ThrottledError } from "@/lib/api/errors";
import { createTestLimiter, testLimits } from "./test-limit";

describe("webhook test limits", () => {
  it("reads its settings, with defaults", () => {
    expect(testLimits({})).toEqual({ perUser: 10, perAddress: 30, windowSeconds: 60 });
    expect(
      testLimits({
        ENSIGN_WEBHOOK_TEST_LIMIT_PER_USER: "0",
        ENSIGN_WEBHOOK_TEST_LIMIT_PER_ADDRESS: "x",
        ENSIGN_WEBHOOK_TEST_WINDOW_SECONDS: "5",
      }),
    ).toEqual({ perUser: 0, perAddress: 30, windowSeconds: 5 });
  });

  it("allows the limit per user, then throttles until the window ends", () => {
    const limiter = createTestLimiter(() => ({ perUser: 2, perAddress: 100, windowSeconds: 60 }));
    const t0 = 1_000_000;
    limiter.take({ userId: 1, address: "a" }, t0);
    limiter.take({ userId: 1, address: "a" }, t0 + 1000);
    let thrown: unknown;
    try {
      limiter.take({ userId: 1, address: "a" }, t0 + 15_500);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ThrottledError);
    expect((thrown as ThrottledError).retryAfterSeconds).toBe(45);
    // Another account is not affected; a window opens at the first test and closes 60 s later.
    limiter.take({ userId: 2, address: "a" }, t0 + 15_500);
    expect(() => limiter.take({ userId: 1, address: "a" }, t0 + 59_999)).toThrow(ThrottledError);
    limiter.take({ userId: 1, address: "a" }, t0 + 60_000);
    limiter.take({ userId: 1, address: "a" }, t0 + 60_001);
    expect(() => limiter.take({ userId: 1, address: "a" }, t0 + 60_002)).toThrow(ThrottledError);
  });

  it("counts per address across accounts", () => {
    const limiter = createTestLimiter(() => ({ perUser: 100, perAddress: 2, windowSeconds: 60 }));
    limiter.take({ userId: 1, address: "a" }, 0);
    limiter.take({ userId: 2, address: "a" }, 0);
    expect(() => limiter.take({ userId: 3, address: "a" }, 0)).toThrow(ThrottledError);
    limiter.take({ userId: 3, address: "b" }, 0);
  });

  it("turns a limit off with 0", () => {
    const limiter = createTestLimiter(() => ({ perUser: 0, perAddress: 0, windowSeconds: 60 }));
    for (let i = 0; i < 50; i++) limiter.take({ userId: 1, address: "a" }, 0);
  });
});
