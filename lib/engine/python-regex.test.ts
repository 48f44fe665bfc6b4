import { describe, expect, it } from "vitest";
import { compilePythonRegex, pythonReMatch } from "./python-regex";

// Expectations mirror Python 3.11's re.compile(pattern).match(text) (checked with python3).
describe("pythonReMatch", () => {
  it("anchors at the start only, like re.match", () => {
    expect(pythonReMatch("abc", "abcdef")).toBe(true);
    expect(pythonReMatch("bc", "abc")).toBe(false);
    expect(pythonReMatch("b|a", "abc")).toBe(true);
    expect(pythonReMatch("x|bc", "abc")).toBe(false);
    expect(pythonReMatch(".*bc", "abc")).toBe(true);
  });

  it("treats $ as end of string or before a final newline", () => {
    expect(pythonReMatch("a$", "a\n")).toBe(true);
    expect(pythonReMatch("a$", "a\nb")).toBe(false);
    expect(pythonReMatch("a\\Z", "a\n")).toBe(false);
    expect(pythonReMatch("\\Aa", "a")).toBe(true);
    expect(pythonReMatch("(?m)a$", "a\nb")).toBe(true);
    expect(pythonReMatch("(?m)^b", "a\nb")).toBe(false);
  });

  it("supports Python's named groups, comments and leading flags", () => {
    expect(pythonReMatch("(?P<first>\\w)\\w*(?P=first)", "abca")).toBe(true);
    expect(pythonReMatch("(?P<first>\\w)\\w*(?P=first)$", "abcd")).toBe(false);
    expect(pythonReMatch("(?#note)a", "a")).toBe(true);
    expect(pythonReMatch("(?i)ABC", "abc")).toBe(true);
    expect(pythonReMatch("(?s)a.b", "a\nb")).toBe(true);
    expect(pythonReMatch("a.b", "a\nb")).toBe(false);
    expect(pythonReMatch("a.b", "a\rb")).toBe(true);
    expect(pythonReMatch("(?x) a b # comment", "ab")).toBe(true);
    expect(pythonReMatch("(?x)a\\ b", "a b")).toBe(true);
  });

  it("reads Python-only syntax the Python way", () => {
    expect(pythonReMatch("[]]+", "]]")).toBe(true);
    expect(pythonReMatch("a{,1}b", "ab")).toBe(true);
    expect(pythonReMatch("\\a", "\x07")).toBe(true);
    expect(pythonReMatch("\\U00000061", "a")).toBe(true);
    expect(pythonReMatch("\\U0001F600", "😀")).toBe(true);
    expect(pythonReMatch("a{1,", "a{1,")).toBe(true);
  });

  it("is false, never an exception, for patterns Python rejects", () => {
    for (const pattern of ["[", "(a", "a)", "\\q", "a**", "a{3,2}", "a(?i)b", "(?L)a", "(?<n>a)", "\\"]) {
      expect(compilePythonRegex(pattern)).toBeNull();
      expect(pythonReMatch(pattern, "a")).toBe(false);
    }
  });

  it("rejects (as no match) constructs JS cannot express", () => {
    expect(pythonReMatch("(?i:a)", "A")).toBe(false);
    expect(pythonReMatch("(?>a)", "a")).toBe(false);
  });
});
