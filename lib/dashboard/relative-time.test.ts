import { describe, expect, it } from "vitest";
import { timeAgo } from "./relative-time";

const now = new Date("2026-04-10T12:00:00Z");
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("timeAgo", () => {
  it("says just now under a minute, and for a clock slightly behind", () => {
    expect(timeAgo(before(30), now)).toBe("just now");
    expect(timeAgo(before(-5), now)).toBe("just now");
  });

  it("uses the largest whole unit", () => {
    expect(timeAgo(before(5 * 60), now)).toBe("5 minutes ago");
    expect(timeAgo(before(2 * 3600 + 59 * 60), now)).toBe("2 hours ago");
    expect(timeAgo(before(24 * 3600), now)).toBe("yesterday");
    expect(timeAgo(before(3 * 24 * 3600 + 3600), now)).toBe("3 days ago");
    expect(timeAgo(before(15 * 24 * 3600), now)).toBe("2 weeks ago");
    expect(timeAgo(before(90 * 24 * 3600), now)).toBe("3 months ago");
    expect(timeAgo(before(800 * 24 * 3600), now)).toBe("2 years ago");
  });
});
