import { describe, expect, it } from "vitest";
import type { EngineFeatureState } from "@/lib/engine";
import { createCompiledFlagsCache, type CompiledFlags } from "./compiled-flags";

const winners = () => [] as EngineFeatureState[];
const compiledOf = (bytes: number): CompiledFlags => [Buffer.alloc(bytes)];

describe("compiled flags cache", () => {
  it("compiles once per winners and kind of key", () => {
    const cache = createCompiledFlagsCache(1_000);
    const list = winners();
    let compiles = 0;
    const compile = () => (compiles++, compiledOf(10));
    const server = cache.get(list, "server", compile);
    expect(cache.get(list, "server", compile)).toBe(server);
    expect(cache.get(list, "client", compile)).not.toBe(server);
    expect(cache.get(list, "client", compile)).toBe(cache.get(list, "client", compile));
    expect(compiles).toBe(2);
    expect(cache.bytes()).toBe(20);
  });

  it("keeps within its budget of bytes, dropping the least recently used", () => {
    const cache = createCompiledFlagsCache(10_000);
    const lists = Array.from({ length: 100 }, winners);
    for (const list of lists) cache.get(list, "client", () => compiledOf(1_000));
    expect(cache.bytes()).toBeLessThanOrEqual(10_000);
    expect(cache.size()).toBe(10);
    let compiles = 0;
    cache.get(lists[99], "client", () => (compiles++, compiledOf(1_000)));
    cache.get(lists[0], "client", () => (compiles++, compiledOf(1_000)));
    expect(compiles).toBe(1);
  });
});
