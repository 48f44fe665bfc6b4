import { describe, expect, it } from "vitest";
import { secondsUntilAllowed } from "./throttle";

const W = 900;

describe("secondsUntilAllowed (sliding window from two fixed ones)", () => {
  it("lets attempts through below the limit", () => {
    expect(secondsUntilAllowed({ previous: 0, current: 9, limit: 10, elapsed: 0.5, windowSeconds: W })).toBe(
      0,
    );
    // 20 failures last window, half of it still inside the sliding window: 10 * 0.5 = 5.
    expect(secondsUntilAllowed({ previous: 10, current: 4, limit: 10, elapsed: 0.5, windowSeconds: W })).toBe(
      0,
    );
  });

  it("waits for the end of the window when this window alone is over the limit", () => {
    expect(secondsUntilAllowed({ previous: 0, current: 10, limit: 10, elapsed: 0.5, windowSeconds: W })).toBe(
      450,
    );
    // 20 in this window: at its end the estimate is 20, and falls below 10 halfway through the next.
    expect(secondsUntilAllowed({ previous: 0, current: 20, limit: 10, elapsed: 0.5, windowSeconds: W })).toBe(
      900,
    );
  });

  it("waits until the previous window's weight has dropped enough", () => {
    // 10 last window, 5 now, a tenth of the way in: 9 + 5 = 14; below 10 once 10 * (1 - f) < 5.
    expect(secondsUntilAllowed({ previous: 10, current: 5, limit: 10, elapsed: 0.1, windowSeconds: W })).toBe(
      360,
    );
  });

  it("does nothing when the limit is off", () => {
    expect(secondsUntilAllowed({ previous: 99, current: 99, limit: 0, elapsed: 0, windowSeconds: W })).toBe(
      0,
    );
  });
});
