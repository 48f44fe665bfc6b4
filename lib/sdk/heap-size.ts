// What a compiled value really costs in memory, estimated by walking it: the snapshot cache
// budgets with this rather than with the encoded answers alone. Sizes follow V8 on 64-bit
// Node (no pointer compression: 8-byte fields; strings one byte a character when every
// character is Latin-1, two bytes otherwise), rounded to 8 bytes; byte arrays count their
// bytes (held outside V8's heap, but memory all the same).
//
// Calibration (scripts/measure-snapshot-heap.ts, node 20.20, --expose-gc: heapUsed plus
// arrayBuffers before and after building 20 snapshots, kept alive): for 300 features of 40
// characters, 100 of 2,000 and 30 of 20,000 (Latin-1 and two-byte values, segments, identity
// overrides) the walk came to 1.05, 1.01 and 1.00 times the measured growth. HEAP_FACTOR adds
// 10% to the heap part for what the walk cannot see (hidden classes, hash table slack), which
// other V8 versions size differently.
const WORD = 8;
const HEAP_FACTOR = 1.1;

const align = (bytes: number) => Math.ceil(bytes / WORD) * WORD;
const TWO_BYTE = /[\u0100-\uffff]/;

export function stringBytes(value: string): number {
  return align(2 * WORD + value.length * (TWO_BYTE.test(value) ? 2 : 1));
}

function numberBytes(value: number): number {
  // Small integers live in the field itself; other numbers are boxed.
  return Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? 0 : 2 * WORD;
}

/** Estimated bytes `root` keeps alive; objects (and buffers under several views) reached twice count once. */
export function estimateHeapBytes(root: unknown): number {
  const seen = new Set<object>();
  let total = 0;
  let external = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      total += stringBytes(value);
      continue;
    }
    if (typeof value === "number") {
      total += numberBytes(value);
      continue;
    }
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) {
      total += 12 * WORD;
      if (!seen.has(value.buffer)) {
        seen.add(value.buffer);
        external += value.buffer.byteLength;
      }
    } else if (value instanceof Date) {
      total += 4 * WORD;
    } else if (Array.isArray(value)) {
      // JSArray (map, properties, elements, length) and its elements store.
      total += 4 * WORD + 2 * WORD + value.length * WORD;
      for (const item of value) stack.push(item);
    } else if (value instanceof Map) {
      // An ordered hash table: key, value and chain link per entry, a bucket per two entries.
      total += 4 * WORD + Math.ceil(value.size * 3.5) * WORD;
      for (const [key, item] of value) stack.push(key, item);
    } else if (value instanceof Set) {
      total += 4 * WORD + Math.ceil(value.size * 2.5) * WORD;
      for (const item of value) stack.push(item);
    } else {
      const keys = Object.keys(value);
      total += 3 * WORD + keys.length * WORD;
      for (const key of keys) stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return Math.ceil(total * HEAP_FACTOR) + external;
}
