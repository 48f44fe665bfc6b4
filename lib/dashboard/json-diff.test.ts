import { describe, expect, it } from "vitest";
import { asJson, isStructured, jsonLines } from "./json-diff";

describe("jsonLines", () => {
  it("pretty-prints as JSON.stringify does, a JSON text as the document it holds", () => {
    const value = '{"theme":{"colour":"green","sizes":[1,2]},"beta":true}';
    expect(jsonLines(value, value).map((l) => l.text)).toEqual(
      JSON.stringify(JSON.parse(value), null, 2).split("\n"),
    );
    expect(jsonLines(value, value).some((l) => l.isChanged)).toBe(false);
  });

  it("marks the keys that differ, were added or were removed, and nothing else", () => {
    const before = { theme: { colour: "grey", size: 2 }, old: 1, same: [1, 2] };
    const after = { same: [1, 2], theme: { size: 2, colour: "green" }, added: null };
    const changed = (a: unknown, b: unknown) =>
      jsonLines(a, b)
        .filter((l) => l.isChanged)
        .map((l) => l.text);
    expect(changed(after, before)).toEqual(['    "colour": "green"', '  "added": null']);
    expect(changed(before, after)).toEqual(['    "colour": "grey",', '  "old": 1,']);
  });

  it("expands JSON text inside a record, as a restore's snapshot holds it", () => {
    const before = { version: { value: '{"colour":"grey","beta":false}', enabled: true } };
    const after = { version: { value: '{"colour":"green","beta":false}', enabled: true } };
    const lines = jsonLines(after, before);
    expect(lines.map((l) => l.text).join("\n")).not.toContain("\\");
    expect(lines.filter((l) => l.isChanged).map((l) => l.text)).toEqual(['      "colour": "green",']);
  });

  it("marks everything when the other side has nothing or another shape", () => {
    expect(jsonLines({ a: 1 }, null).every((l) => l.isChanged)).toBe(true);
    expect(jsonLines([1], { 0: 1 }).map((l) => l.isChanged)).toEqual([true, true, true]);
  });
});

describe("asJson and isStructured", () => {
  it("parses only text holding an object or a list", () => {
    expect(asJson('{"a":1}')).toEqual({ a: 1 });
    expect(asJson("12")).toBe("12");
    expect(asJson("{nope")).toBe("{nope");
    expect(isStructured('["x"]')).toBe(true);
    expect(isStructured("plain")).toBe(false);
    expect(isStructured(null)).toBe(false);
  });
});
