// The compiled flags arrays of identity answers (respond.ts), kept per shared list of segment
// winners and kind of key, within a budget of bytes: the least recently used go first. Each
// compiled array holds copies of its runs of flags (up to an answer's size, ~15 KB in the
// benchmark's profile), and an environment can have as many lists of winners as its identities
// have combinations of segments, so without a budget they could hold hundreds of megabytes.
import { LRUCache } from "lru-cache";
import type { EngineFeature, EngineFeatureState } from "@/lib/engine";

/** A multivariate flag: bucketed per identity, so left as a slot in the compiled array. */
export type FlagSlot = { feature: EngineFeature; state: EngineFeatureState };
/** An identity's flags array, its parts to be joined with commas. */
export type CompiledFlags = (Buffer | FlagSlot)[];
export type KeyKind = "server" | "client";

/** The default budget: answers compiled for this many bytes are kept, over all environments. */
export const COMPILED_FLAGS_BYTES = 8 * 1024 * 1024;
/** What a slot is counted as (its object and two references). */
const SLOT_BYTES = 64;

const sizeOf = (compiled: CompiledFlags) =>
  compiled.reduce((bytes, part) => bytes + (Buffer.isBuffer(part) ? part.length : SLOT_BYTES), 0);

export function createCompiledFlagsCache(maxBytes = COMPILED_FLAGS_BYTES) {
  const cache = new LRUCache<readonly EngineFeatureState[], Partial<Record<KeyKind, CompiledFlags>>>({
    maxSize: maxBytes,
    sizeCalculation: (entry) =>
      (entry.server ? sizeOf(entry.server) : 0) + (entry.client ? sizeOf(entry.client) : 0) || 1,
  });
  return {
    /** The compiled flags for these winners and kind of key, compiling them on a miss. */
    get(winners: readonly EngineFeatureState[], kind: KeyKind, compile: () => CompiledFlags): CompiledFlags {
      const entry = cache.get(winners);
      const known = entry?.[kind];
      if (known) return known;
      const compiled = compile();
      cache.set(winners, { ...entry, [kind]: compiled });
      return compiled;
    },
    /** The bytes kept. */
    bytes: () => cache.calculatedSize,
    size: () => cache.size,
  };
}
