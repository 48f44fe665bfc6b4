import { describe, expect, it } from "vitest";
import { clientAddressOf, resolveClientAddress } from "./client-address";

describe("resolveClientAddress", () => {
  it("uses the socket and ignores X-Forwarded-For without trusted proxies", () => {
    expect(resolveClientAddress("10.0.0.1", "1.2.3.4", 0)).toBe("10.0.0.1");
  });

  it("reads the entry the outermost trusted proxy appended", () => {
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 1.2.3.4", 1)).toBe("1.2.3.4");
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 1.2.3.4, 10.0.0.2", 2)).toBe("1.2.3.4");
    // Fewer entries than proxies: the leftmost there is.
    expect(resolveClientAddress("10.0.0.1", undefined, 3)).toBe("10.0.0.1");
  });
});

describe("clientAddressOf", () => {
  it("reads the stamp from Headers and from next-auth's plain header object", () => {
    expect(clientAddressOf(new Headers({ "x-ensign-client-address": "1.2.3.4" }))).toBe("1.2.3.4");
    expect(clientAddressOf({ "x-ensign-client-address": "::1" })).toBe("::1");
    expect(clientAddressOf(new Headers())).toBe("unknown");
  });
});
