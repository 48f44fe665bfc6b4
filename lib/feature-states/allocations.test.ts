import { describe, expect, it } from "vitest";
import {
  allocationErrors,
  allocationsExceed100,
  DUPLICATE_OPTION,
  invalidOption,
  ZAllocation,
} from "./allocations";

const option = (id: number) => ({ multivariate_feature_option: id });

describe("allocationErrors", () => {
  it("passes distinct options of the feature", () => {
    expect(allocationErrors([option(1), option(2)], new Set([1, 2, 3]))).toBeNull();
    expect(allocationErrors([], new Set())).toBeNull();
  });

  it("reports each bad item in its place, the first use of an option being fine", () => {
    expect(allocationErrors([option(1), option(9), option(1), option(2)], new Set([1, 2]))).toEqual([
      {},
      { multivariate_feature_option: [invalidOption(9)] },
      { non_field_errors: [DUPLICATE_OPTION] },
      {},
    ]);
  });

  it("reports an unknown option named twice as unknown both times", () => {
    expect(allocationErrors([option(9), option(9)], new Set())).toEqual([
      { multivariate_feature_option: [invalidOption(9)] },
      { multivariate_feature_option: [invalidOption(9)] },
    ]);
  });
});

describe("allocationsExceed100", () => {
  const shares = (...values: number[]) => values.map((percentage_allocation) => ({ percentage_allocation }));
  it("allows exactly 100 and refuses more", () => {
    expect(allocationsExceed100(shares(33.5, 66.5))).toBe(false);
    expect(allocationsExceed100(shares(50, 50, 0.001))).toBe(true);
    expect(allocationsExceed100([])).toBe(false);
  });
});

describe("ZAllocation", () => {
  it("takes a share between 0 and 100", () => {
    expect(ZAllocation.safeParse({ multivariate_feature_option: 1, percentage_allocation: 0 }).success).toBe(
      true,
    );
    expect(ZAllocation.safeParse({ multivariate_feature_option: 1, percentage_allocation: -1 }).success).toBe(
      false,
    );
    expect(
      ZAllocation.safeParse({ multivariate_feature_option: 1, percentage_allocation: 100.5 }).success,
    ).toBe(false);
  });
});
