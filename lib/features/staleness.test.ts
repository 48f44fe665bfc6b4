import { describe, expect, it } from "vitest";
import { compareLastChanged, isStale, lastChangedOf, staleBefore } from "./staleness";

const at = (iso: string) => new Date(iso);

describe("lastChangedOf", () => {
  it("takes the later of the feature's own change and its latest version", () => {
    expect(lastChangedOf(at("2026-01-01T00:00:00Z"), at("2026-02-01T00:00:00Z"))).toEqual(
      at("2026-02-01T00:00:00Z"),
    );
    expect(lastChangedOf(at("2026-03-01T00:00:00Z"), at("2026-02-01T00:00:00Z"))).toEqual(
      at("2026-03-01T00:00:00Z"),
    );
  });

  it("falls back to the feature's own change when it has no versions", () => {
    expect(lastChangedOf(at("2026-01-01T00:00:00Z"), undefined)).toEqual(at("2026-01-01T00:00:00Z"));
  });
});

describe("isStale", () => {
  const cutoff = staleBefore(at("2026-04-01T12:00:00Z"), 30);

  it("puts the cutoff the limit's days before now", () => {
    expect(cutoff).toEqual(at("2026-03-02T12:00:00Z"));
  });

  it("is stale only when the last change is strictly older than the cutoff", () => {
    expect(
      isStale({ lastChanged: at("2026-03-02T11:59:59Z"), staleBefore: cutoff, isPermanent: false }),
    ).toBe(true);
    expect(isStale({ lastChanged: cutoff, staleBefore: cutoff, isPermanent: false })).toBe(false);
    expect(
      isStale({ lastChanged: at("2026-03-31T00:00:00Z"), staleBefore: cutoff, isPermanent: false }),
    ).toBe(false);
  });

  it("never calls a permanent feature stale", () => {
    expect(isStale({ lastChanged: at("2020-01-01T00:00:00Z"), staleBefore: cutoff, isPermanent: true })).toBe(
      false,
    );
  });
});

describe("compareLastChanged", () => {
  const rows = [
    { id: 3, lastChanged: at("2026-02-01T00:00:00Z") },
    { id: 1, lastChanged: at("2026-03-01T00:00:00Z") },
    { id: 2, lastChanged: at("2026-02-01T00:00:00Z") },
  ];

  it("sorts by date, ties by id, oldest first", () => {
    expect(
      rows
        .slice()
        .sort((a, b) => compareLastChanged(a, b, "asc"))
        .map((r) => r.id),
    ).toEqual([2, 3, 1]);
  });

  it("reverses both for DESC", () => {
    expect(
      rows
        .slice()
        .sort((a, b) => compareLastChanged(a, b, "desc"))
        .map((r) => r.id),
    ).toEqual([1, 3, 2]);
  });
});
