import { createHash } from "node:crypto";

const MODULUS = 9999n;

/**
 * Flagsmith's bucketing hash: a deterministic number in [0, 100) for a list of ids.
 * md5 of the ids joined by "," (the whole list repeated `iterations` times: a,b,a,b), read as one
 * big integer, then (n mod 9999) / 9998 * 100. That formula can land exactly on 100; the rare id
 * lists that do are re-hashed with one more repetition so the result stays below 100.
 * Numbers are stringified with String(), which equals Python's str() for the integer ids used here.
 */
export function getHashedPercentageForObjectIds(ids: (string | number)[], iterations = 1): number {
  const repeated: string[] = [];
  for (let i = 0; i < iterations; i++) for (const id of ids) repeated.push(String(id));
  const hex = createHash("md5").update(repeated.join(","), "utf8").digest("hex");
  const remainder = BigInt(`0x${hex}`) % MODULUS;
  const value = (Number(remainder) / 9998) * 100;
  if (value === 100) return getHashedPercentageForObjectIds(ids, iterations + 1);
  return value;
}
