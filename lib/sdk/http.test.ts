import { describe, expect, it } from "vitest";
import { matchesEtag, parseJsonBody, readHeader } from "./http";

describe("SDK http helpers", () => {
  it("reads headers from web Headers and from node's plain objects", () => {
    expect(readHeader(new Headers({ "X-Environment-Key": "k" }), "x-environment-key")).toBe("k");
    expect(readHeader({ "x-environment-key": "k" }, "X-Environment-Key")).toBe("k");
    expect(readHeader({ "if-none-match": ['"a"', '"b"'] }, "if-none-match")).toBe('"a", "b"');
    expect(readHeader({}, "x-environment-key")).toBeUndefined();
  });

  it("matches If-None-Match lists, weak tags and *", () => {
    const h = (v: string) => ({ "if-none-match": v });
    expect(matchesEtag(h('"x"'), '"x"')).toBe(true);
    expect(matchesEtag(h('"a", W/"x"'), '"x"')).toBe(true);
    expect(matchesEtag(h("*"), '"x"')).toBe(true);
    expect(matchesEtag(h('"y"'), '"x"')).toBe(false);
    expect(matchesEtag({}, '"x"')).toBe(false);
  });

  it("parses JSON bodies and answers DRF's parse error", () => {
    expect(parseJsonBody("")).toEqual({ ok: true, value: undefined });
    expect(parseJsonBody('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseJsonBody("{");
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.response.status).toBe(400);
      expect(JSON.parse(String(bad.response.body)).detail).toMatch(/^JSON parse error - /);
    }
  });
});
