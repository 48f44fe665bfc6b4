import { describe, expect, it } from "vitest";
import { safeAuthRedirect, safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps paths of this site, query and fragment included", () => {
    expect(safeRedirectPath("/projects/1/?tab=flags#x")).toBe("/projects/1/?tab=flags#x");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("refuses everything a browser could read as another host", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(value, "/home/")).toBe("/home/");
    }
  });
});

describe("safeAuthRedirect", () => {
  const base = "http://127.0.0.1:3103";
  it("answers same-origin URLs and paths on the base URL", () => {
    expect(safeAuthRedirect("/login/", base)).toBe(`${base}/login/`);
    expect(safeAuthRedirect(`${base}/organisations/?x=1`, base)).toBe(`${base}/organisations/?x=1`);
  });

  it("sends other origins and tricks to the fallback", () => {
    expect(safeAuthRedirect("https://evil.example/x", base)).toBe(`${base}/`);
    expect(safeAuthRedirect("http://127.0.0.1:9999/", base)).toBe(`${base}/`);
    expect(safeAuthRedirect("/\\evil.example", base)).toBe(`${base}/`);
    expect(safeAuthRedirect(`${base}/%5Cevil.example`, base)).toBe(`${base}/%5Cevil.example`);
  });
});
