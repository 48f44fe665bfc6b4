// Segments (every operator) and random identities for tests/api/sdk-local-eval.test.ts. Each
// trait key has one fixed type, and every condition value is valid for that type: see the
// KNOWN_DIFFERENCES of the test for why.
import type { Condition } from "./fixtures";

export const IDENTITIES = 300;
/** user-0 … user-19 get identity overrides. */
export const OVERRIDDEN_IDENTITIES = 20;

type Group = { type?: "ANY" | "NONE"; conditions: Condition[] };
export type SegmentCase = { name: string; groups: Group[] };

const c = (property: string | null, operator: string, value: string | null = null): Condition => ({
  property,
  operator,
  value,
});

export const SEGMENTS: SegmentCase[] = [
  { name: "equal", groups: [{ conditions: [c("plan", "EQUAL", "gold")] }] },
  { name: "not equal", groups: [{ conditions: [c("country", "NOT_EQUAL", "uk")] }] },
  { name: "greater than", groups: [{ conditions: [c("age", "GREATER_THAN", "30")] }] },
  { name: "less than", groups: [{ conditions: [c("age", "LESS_THAN", "18")] }] },
  { name: "greater or equal", groups: [{ conditions: [c("score", "GREATER_THAN_INCLUSIVE", "50.5")] }] },
  { name: "less or equal", groups: [{ conditions: [c("score", "LESS_THAN_INCLUSIVE", "20.25")] }] },
  { name: "contains", groups: [{ conditions: [c("email", "CONTAINS", "example")] }] },
  { name: "not contains", groups: [{ conditions: [c("email", "NOT_CONTAINS", "test")] }] },
  { name: "regex", groups: [{ conditions: [c("email", "REGEX", "^[a-f][a-z]*@")] }] },
  { name: "percentage split", groups: [{ conditions: [c(null, "PERCENTAGE_SPLIT", "35")] }] },
  { name: "is set", groups: [{ conditions: [c("beta", "IS_SET")] }] },
  { name: "is not set", groups: [{ conditions: [c("country", "IS_NOT_SET")] }] },
  { name: "in strings", groups: [{ conditions: [c("country", "IN", "de,fr,nl")] }] },
  { name: "in ints", groups: [{ conditions: [c("visits", "IN", "3,5,7,11,13")] }] },
  { name: "modulo", groups: [{ conditions: [c("visits", "MODULO", "4|1")] }] },
  { name: "bool equal", groups: [{ conditions: [c("beta", "EQUAL", "true")] }] },
  { name: "semver", groups: [{ conditions: [c("version", "GREATER_THAN_INCLUSIVE", "1.5.0:semver")] }] },
  { name: "string order", groups: [{ conditions: [c("plan", "LESS_THAN", "m")] }] },
  {
    name: "combined",
    groups: [
      { conditions: [c("plan", "EQUAL", "silver"), c("plan", "EQUAL", "platinum")] },
      { conditions: [c("age", "GREATER_THAN_INCLUSIVE", "21")] },
      { type: "NONE", conditions: [c("country", "EQUAL", "us"), c("beta", "EQUAL", "false")] },
    ],
  },
  {
    name: "split and trait",
    groups: [
      { conditions: [c(null, "PERCENTAGE_SPLIT", "60")] },
      { conditions: [c("visits", "GREATER_THAN", "10")] },
    ],
  },
];

/** A small deterministic PRNG (mulberry32): the same identities on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, items: T[]) => items[Math.floor(r() * items.length)];

/** Random traits, each present with probability 0.8, typed per key. */
export function randomTraits(
  index: number,
  { dropFalsy = false }: { dropFalsy?: boolean } = {},
): Record<string, string | number | boolean> {
  const r = prng(index + 1);
  const generators: Record<string, () => string | number | boolean> = {
    plan: () => pick(r, ["free", "gold", "silver", "platinum", "Gold", "basic"]),
    country: () => pick(r, ["uk", "us", "de", "fr", "nl", "es"]),
    age: () => Math.floor(r() * 80),
    // Always a fraction, so JSON never turns the float into an int.
    score: () => Math.floor(r() * 100) + pick(r, [0.25, 0.5, 0.75]),
    beta: () => r() < 0.5,
    version: () => `${pick(r, [0, 1, 2])}.${Math.floor(r() * 12)}.${Math.floor(r() * 5)}`,
    email: () =>
      `${pick(r, ["alice", "bob", "carol", "dave", "erin", "mallory", "trent"])}@${pick(r, ["example.com", "test.org", "mail.net"])}`,
    visits: () => 1 + Math.floor(r() * 20),
  };
  const traits: Record<string, string | number | boolean> = {};
  for (const [key, generate] of Object.entries(generators)) {
    const value = generate();
    if (r() < 0.8 && (value || !dropFalsy)) traits[key] = value;
  }
  return traits;
}
