import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeGap, nextPriority, reorderPriorities, shiftForInsert } from "./priorities";

const rows = (...priorities: number[]) => priorities.map((priority, i) => ({ id: i + 1, priority }));
const asObject = (m: Map<number, number>) => Object.fromEntries(m);

describe("reorderPriorities", () => {
  it("stores a complete reordering exactly as sent", () => {
    const result = reorderPriorities(
      rows(0, 1, 2),
      new Map([
        [1, 2],
        [2, 0],
        [3, 1],
      ]),
    );
    expect(asObject(result)).toEqual({ 1: 2, 2: 0, 3: 1 });
  });

  it("moving one segment shifts the ones in between", () => {
    expect(asObject(reorderPriorities(rows(0, 1, 2, 3), new Map([[4, 0]])))).toEqual({
      1: 1,
      2: 2,
      3: 3,
      4: 0,
    });
    expect(asObject(reorderPriorities(rows(0, 1, 2, 3), new Map([[1, 2]])))).toEqual({
      1: 2,
      2: 0,
      3: 1,
      4: 3,
    });
  });

  it("leaves everything alone when nothing moves", () => {
    expect(asObject(reorderPriorities(rows(0, 1), new Map([[1, 0]])))).toEqual({ 1: 0, 2: 1 });
  });

  it("moving past the end keeps the others first, in order", () => {
    expect(asObject(reorderPriorities(rows(0, 1, 2), new Map([[1, 10]])))).toEqual({ 1: 10, 2: 0, 3: 1 });
  });

  it("any permutation of 0..n-1 is stored as sent", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 8 })
          .chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n })),
        (permutation) => {
          const current = rows(...permutation.map((_, i) => i));
          const requested = new Map(permutation.map((p, i) => [i + 1, p]));
          expect(asObject(reorderPriorities(current, requested))).toEqual(asObject(requested));
        },
      ),
    );
  });
});

describe("insert, remove, next", () => {
  it("inserting at a priority moves the ones at or after it down", () => {
    expect(asObject(shiftForInsert(rows(0, 1, 2), 1))).toEqual({ 1: 0, 2: 2, 3: 3 });
  });

  it("removing closes the gap", () => {
    expect(asObject(closeGap(rows(0, 2, 3), 1))).toEqual({ 1: 0, 2: 1, 3: 2 });
  });

  it("next priority starts at 0 and follows the largest", () => {
    expect(nextPriority([])).toBe(0);
    expect(nextPriority(rows(0, 5, 2))).toBe(6);
  });
});
