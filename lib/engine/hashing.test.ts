import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getHashedPercentageForObjectIds } from "./hashing";

describe("getHashedPercentageForObjectIds", () => {
  // Golden values derived once on this machine with python3, running the reference formula
  // independently of this code:
  //   s = ",".join(str(i) for i in ids * iterations)
  //   v = (int(hashlib.md5(s.encode()).hexdigest(), 16) % 9999) / 9998 * 100   (recurse if v == 100)
  it.each([
    [["1", "env_key_user"], 93.73874774954992],
    [[12, "abc"], 98.02960592118424],
    [["a"], 11.802360472094419],
    [["segment", "identity"], 49.9499899979996],
    [[1, 2], 26.59531906381276],
    [["42", "ser.x_y"], 19.64392878575715],
    [["7", "apikey_user-1"], 16.013202640528107],
    [["", ""], 51.200240048009604],
    [["ünïcode", "😀"], 32.14642928585717],
  ] as [(string | number)[], number][])("matches the reference for %j", (ids, expected) => {
    expect(getHashedPercentageForObjectIds(ids)).toBe(expected);
  });

  it("re-hashes with the list repeated when the formula lands exactly on 100", () => {
    // md5("812") mod 9999 is 9998, i.e. exactly 100; Python then hashes "812,812" (16.97…).
    expect(getHashedPercentageForObjectIds(["812"])).toBe(16.973394678935787);
    expect(getHashedPercentageForObjectIds(["812"], 2)).toBe(16.973394678935787);
  });

  it("repeats the whole list, not each id, for extra iterations", () => {
    // "a,b,a,b" differs from "a,a,b,b"; pinning that the two orders do not coincide.
    expect(getHashedPercentageForObjectIds(["a", "b"], 2)).not.toBe(
      getHashedPercentageForObjectIds(["a", "a", "b"]),
    );
    expect(getHashedPercentageForObjectIds(["a", "b"], 2)).toBe(
      getHashedPercentageForObjectIds(["a", "b", "a", "b"]),
    );
  });

  it("stringifies numbers like Python's str() of an int", () => {
    expect(getHashedPercentageForObjectIds([5, 77])).toBe(getHashedPercentageForObjectIds(["5", "77"]));
  });

  it("is always in [0, 100)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 4 }), (ids) => {
        const value = getHashedPercentageForObjectIds(ids);
        return value >= 0 && value < 100;
      }),
      { numRuns: 2000 },
    );
  });

  it("is deterministic", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(getHashedPercentageForObjectIds([a, b])).toBe(getHashedPercentageForObjectIds([a, b]));
      }),
    );
  });
});
