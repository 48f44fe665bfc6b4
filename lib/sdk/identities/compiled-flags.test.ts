import { describe, expect, it } from "vitest";
import type { EngineFeatureState } from "@/lib/engine";
import { COMPILED_FLAGS_BYTES, createCompiledFlagsCache, type CompiledFlags } from "./compiled-flags";

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

  it("keeps COMPILED_FLAGS_BYTES (8 MB) by default", () => {
    expect(COMPILED_FLAGS_BYTES).toBe(8 * 1024 * 1024);
    const cache = createCompiledFlagsCache();
    for (let i = 0; i < 12; i++) cache.get(winners(), "server", () => compiledOf(1024 * 1024));
    expect(cache.bytes()).toBeLessThanOrEqual(COMPILED_FLAGS_BYTES);
    expect(cache.size()).toBe(8);
  });
});
