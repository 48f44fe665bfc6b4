// Segment membership remembered per combination of trait values, for documents that will never
// change (a compiled SDK snapshot says so with rememberSegmentMatches). Whether an identity is in
// a segment depends only on the traits its conditions read, unless a condition reads the identity
// itself (a PERCENTAGE_SPLIT without a property hashes the identity key; a "$." path may read the
// identifier or key). For every other segment the answer for one combination of those traits'
// values is the answer for every identity that has it, so it is worked out once and kept.
//
// The kept answers are bounded in number (MAX_ENTRIES, oldest dropped first, across all
// documents) and in key length (MAX_KEY_LENGTH: a combination holding long values is simply
// evaluated each time), and identities in the same segments share one list of them (at most
// MAX_LISTS_PER_DOCUMENT kept per document), so the memory this takes is bounded whatever traits
// arrive. A workload
// whose segment traits rarely repeat (an email in a condition) gains nothing and pays one key
// build per call.
import type { EngineCondition, EngineRule, EngineSegment, EngineTrait, EnvironmentDocument } from "./types";

export const MAX_ENTRIES = 4096;
export const MAX_KEY_LENGTH = 256;
/** Shared matched lists kept per document (sharing only saves work; past it, lists start afresh). */
export const MAX_LISTS_PER_DOCUMENT = 256;

type Plan = {
  /** Distinguishes documents within the shared memo's keys. */
  prefix: string;
  segments: readonly EngineSegment[];
  /** The trait keys the remembered segments read, each once. */
  traitKeys: string[];
  /** Per segment of the document, in order: whether its membership is remembered. */
  remembered: readonly boolean[];
  /** Every segment is remembered: a hit is the whole answer. */
  all: boolean;
  /**
   * The matched lists handed out, by which segments they hold: identities in the same segments
   * share one list (and so whatever callers keep per list), however their traits differ.
   */
  lists: Map<string, readonly EngineSegment[]>;
};

/**
 * A remembered answer: per segment of the document whether it is remembered and holds, and those
 * segments in document order; `all` when every segment is remembered (then `matched` is the whole
 * answer), else `remembered` tells which of them the caller must still evaluate.
 */
export type SegmentMatches = {
  holds: readonly boolean[];
  matched: readonly EngineSegment[];
  all: boolean;
  remembered: readonly boolean[];
};

type MemoStore = {
  plans: WeakMap<EnvironmentDocument, Plan>;
  memo: Map<string, SegmentMatches>;
  /** The matched lists handed out: shared and frozen, so callers may cache by them. */
  sharedLists: WeakSet<readonly EngineSegment[]>;
  nextDocument: number;
};
// One store per process: Next's route bundle and the custom server each load this module, and a
// snapshot compiled by either is answered by both (lib/sdk/cache.ts).
const store = ((globalThis as Record<symbol, MemoStore>)[Symbol.for("ensign.engine.segmentMemo")] ??= {
  plans: new WeakMap(),
  memo: new Map(),
  sharedLists: new WeakSet(),
  nextDocument: 0,
});
const { plans, memo, sharedLists } = store;

/** Conditions of the rule and its sub-rules, depth first. */
function* conditionsOf(rules: readonly EngineRule[]): Generator<EngineCondition> {
  for (const rule of rules) {
    yield* rule.conditions ?? [];
    yield* conditionsOf(rule.rules ?? []);
  }
}

/** The trait keys the segment reads, or null when its answer may depend on the identity itself. */
function traitKeysOf(segment: EngineSegment): string[] | null {
  const keys: string[] = [];
  for (const condition of conditionsOf(segment.rules)) {
    const property = condition.property_;
    if (!property) {
      if (condition.operator === "PERCENTAGE_SPLIT") return null;
      continue;
    }
    if (property.startsWith("$")) return null;
    keys.push(property);
  }
  return keys;
}

/**
 * Declares the document immutable from now on (as a compiled snapshot is), so that segment
 * membership for it may be remembered. A document never declared is evaluated afresh each time.
 */
export function rememberSegmentMatches(doc: EnvironmentDocument): void {
  if (plans.has(doc)) return;
  const segments = doc.project.segments;
  const keys = new Set<string>();
  const remembered = segments.map((segment) => {
    const read = traitKeysOf(segment);
    if (read) for (const key of read) keys.add(key);
    return read !== null;
  });
  plans.set(doc, {
    prefix: `${store.nextDocument++}|`,
    segments,
    traitKeys: [...keys].sort(),
    remembered: Object.freeze(remembered),
    all: remembered.every(Boolean),
    lists: new Map(),
  });
}

/** What makes a trait's value distinct for the engine (python-values' toPyValue), self-delimited. */
function encode(trait: EngineTrait | undefined): string {
  const value = trait?.trait_value;
  if (value === null || value === undefined) return "n";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "string") return `s${value.length}:${value}`;
  const text = Object.is(value, -0) ? "-0" : String(value);
  return `${trait!.value_type === "float" ? "d" : "i"}${text};`;
}

function keyOf(plan: Plan, traits: ReadonlyMap<string, EngineTrait>): string | null {
  let key = plan.prefix;
  for (const traitKey of plan.traitKeys) {
    key += encode(traits.get(traitKey));
    if (key.length > MAX_KEY_LENGTH) return null;
  }
  return key;
}

/**
 * The remembered answer for these traits, working it out with `holds` on a miss; null when the
 * document was never declared immutable or the traits' key is too long to keep.
 */
export function rememberedMatches(
  doc: EnvironmentDocument,
  traits: ReadonlyMap<string, EngineTrait>,
  holds: (segment: EngineSegment) => boolean,
): SegmentMatches | null {
  const plan = plans.get(doc);
  // A document whose segment list was swapped after the declaration is not the one planned.
  if (!plan || plan.segments !== doc.project.segments) return null;
  const key = keyOf(plan, traits);
  if (key === null) return null;
  let found = memo.get(key);
  if (!found) {
    const holdsBySegment = plan.segments.map((segment, i) => plan.remembered[i] && holds(segment));
    const matched = sharedList(plan, holdsBySegment);
    found = { holds: Object.freeze(holdsBySegment), matched, all: plan.all, remembered: plan.remembered };
    if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
    memo.set(key, found);
  }
  return found;
}

/** The one list of the segments that hold, shared by every answer with the same segments. */
function sharedList(plan: Plan, holds: boolean[]): readonly EngineSegment[] {
  const key = holds.map((h) => (h ? "1" : "0")).join("");
  let list = plan.lists.get(key);
  if (!list) {
    if (plan.lists.size >= MAX_LISTS_PER_DOCUMENT) plan.lists.clear();
    list = Object.freeze(plan.segments.filter((_, i) => holds[i]));
    sharedLists.add(list);
    plan.lists.set(key, list);
  }
  return list;
}

/** Whether `list` is a remembered (shared, frozen) list of matched segments. */
export function isRememberedList(list: readonly EngineSegment[]): boolean {
  return sharedLists.has(list);
}

/** How many shared lists the document's plan keeps (tests). */
export function listsKept(doc: EnvironmentDocument): number {
  return plans.get(doc)?.lists.size ?? 0;
}

/** How many answers are kept (tests). */
export function rememberedCount(): number {
  return memo.size;
}

/** Forgets every kept answer (tests). */
export function forgetRememberedMatches(): void {
  memo.clear();
}
