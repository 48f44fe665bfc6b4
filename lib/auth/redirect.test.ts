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

describe("redirects judged by where they lead", () => {
  const base = "http://127.0.0.1:3103";
  // Spellings that browsers or URL parsers can turn into another host.
  const tricks = [
    "/..//evil.example",
    "/../..//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/%2E%2E//evil.example/x?y#z",
    "/a/../..//evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/..\\/evil.example",
    "https:evil.example",
    "http:evil.example",
    "https:/evil.example",
    "https://evil.example",
    "//evil.example@127.0.0.1:3103",
    " //evil.example",
    "javascript:alert(1)",
    "data:text/html,x",
  ];

  it("sends every spelling of another host to the fallback", () => {
    for (const value of tricks) {
      expect(safeRedirectPath(value, "/home/"), value).toBe("/home/");
      expect(safeAuthRedirect(value, base), value).toBe(`${base}/`);
      expect(safeAuthRedirect(`${base}${value.startsWith("/") ? value : `/${value}`}`, base), value).toMatch(
        new RegExp(`^${base.replace(/[.]/g, "\\.")}/`),
      );
    }
  });

  it("never answers a path that a browser would follow off the site", () => {
    const encoded = ["/%2F%2Fevil.example", "/%5C%5Cevil.example", "/%2f/evil.example", "/x//evil.example"];
    for (const value of [...tricks, ...encoded]) {
      for (const answer of [safeRedirectPath(value), safeAuthRedirect(value, base)]) {
        expect(new URL(answer, base).origin, value).toBe(base);
        expect(new URL(answer, base).pathname.startsWith("//"), value).toBe(false);
      }
    }
    // Encoded slashes stay encoded: a path of this site.
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeAuthRedirect("/x//evil.example", base)).toBe(`${base}/x//evil.example`);
  });

  it("keeps dot segments that stay on the site, resolved", () => {
    expect(safeRedirectPath("/a/../organisations/")).toBe("/organisations/");
    expect(safeAuthRedirect("/a/./b/../c/?q=1", base)).toBe(`${base}/a/c/?q=1`);
  });
});
