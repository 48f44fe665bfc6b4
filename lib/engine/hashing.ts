import { createHash } from "node:crypto";

const MODULUS = 9999;

/**
 * Flagsmith's bucketing hash: a deterministic number in [0, 100) for a list of ids.
 * md5 of the ids joined by "," (the whole list repeated `iterations` times: a,b,a,b), read as one
 * big integer, then (n mod 9999) / 9998 * 100. That formula can land exactly on 100; the rare id
 * lists that do are re-hashed with one more repetition so the result stays below 100.
 * Numbers are stringified with String(), which equals Python's str() for the integer ids used here.
 */
export function getHashedPercentageForObjectIds(ids: (string | number)[], iterations = 1): number {
  let text = ids.join(",");
  if (iterations > 1) text = Array<string>(iterations).fill(text).join(",");
  const digest = createHash("md5").update(text, "utf8").digest();
  // The 128-bit number mod 9999, three bytes at a time: exact in doubles, no BigInt.
  let remainder = 0;
  for (let i = 0; i < digest.length; i += 3) {
    const width = Math.min(3, digest.length - i);
    remainder = (remainder * 2 ** (8 * width) + digest.readUIntBE(i, width)) % MODULUS;
  }
  const value = (remainder / 9998) * 100;
  if (value === 100) return getHashedPercentageForObjectIds(ids, iterations + 1);
  return value;
}
