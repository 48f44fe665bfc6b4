import { describe, expect, it } from "vitest";
import { fillDays } from "./evaluation-days";

describe("fillDays", () => {
  it("fills the window's missing days with zero, oldest first", () => {
    const today = new Date("2026-03-03T12:00:00Z");
    expect(fillDays([{ day: "2026-03-02", count: 5 }], 3, today)).toEqual([
      { day: "2026-03-01", count: 0 },
      { day: "2026-03-02", count: 5 },
      { day: "2026-03-03", count: 0 },
    ]);
  });
});
