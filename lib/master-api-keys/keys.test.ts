import { describe, expect, it } from "vitest";
import { generateMasterApiKey, hashMasterApiKey, MASTER_KEY_PATTERN, sameHash } from "./keys";

describe("organisation API keys", () => {
  it("look like <prefix>.<secret> and start with their prefix", () => {
    const { prefix, key } = generateMasterApiKey();
    expect(key).toMatch(MASTER_KEY_PATTERN);
    expect(key.startsWith(`${prefix}.`)).toBe(true);
    expect(generateMasterApiKey().key).not.toBe(key);
  });
  it("compare by hash", () => {
    const { key } = generateMasterApiKey();
    expect(sameHash(hashMasterApiKey(key), hashMasterApiKey(key))).toBe(true);
    expect(sameHash(hashMasterApiKey(key), hashMasterApiKey(key + "x"))).toBe(false);
    expect(sameHash(hashMasterApiKey(key), "ab")).toBe(false);
  });
});
