import { afterEach, describe, expect, it } from "vitest";
import { sourceAddressRefusal, sourceUrlRefusal } from "./source-network";

afterEach(() => {
  delete process.env.ENSIGN_IMPORT_ALLOW_LOOPBACK;
});

describe("import source addresses", () => {
  it("refuses private, link-local and loopback addresses by default", () => {
    expect(sourceUrlRefusal("http://169.254.169.254/")).toMatch(/link-local/);
    expect(sourceUrlRefusal("http://10.0.0.5:8000/")).toMatch(/private/);
    expect(sourceUrlRefusal("http://localhost:8000/")).toMatch(/loopback/);
    expect(sourceAddressRefusal("127.0.0.1")).toMatch(/loopback/);
  });

  it("allows loopback only when ENSIGN_IMPORT_ALLOW_LOOPBACK is true, and still refuses the rest", () => {
    process.env.ENSIGN_IMPORT_ALLOW_LOOPBACK = "true";
    expect(sourceUrlRefusal("http://127.0.0.1:8000/")).toBeNull();
    expect(sourceAddressRefusal("::1")).toBeNull();
    expect(sourceUrlRefusal("http://10.0.0.5/")).toMatch(/private/);
  });

  it("refuses other schemes and credentials in the URL", () => {
    expect(sourceUrlRefusal("ftp://example.com/")).toMatch(/http/);
    expect(sourceUrlRefusal("https://a:b@example.com/")).toMatch(/credentials/);
    expect(sourceUrlRefusal("https://api.flagsmith.com")).toBeNull();
  });
});
