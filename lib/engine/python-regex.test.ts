import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePythonRegex, pythonReMatch, REGEX_MAX_PROGRAM } from "./python-regex";

const problem = (pattern: string) => {
  const compiled = compilePythonRegex(pattern);
  return compiled.ok ? null : compiled.problem;
};

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
    expect(pythonReMatch("(?m).*^b", "a\nb")).toBe(false);
    expect(pythonReMatch("(?ms).*^b", "a\nb")).toBe(true);
  });

  it("supports Python's named groups, comments and flags", () => {
    expect(pythonReMatch("(?P<first>\\w)\\w*@", "abc@")).toBe(true);
    expect(pythonReMatch("(?#note)a", "a")).toBe(true);
    expect(pythonReMatch("(?i)ABC", "abc")).toBe(true);
    expect(pythonReMatch("(?s)a.b", "a\nb")).toBe(true);
    expect(pythonReMatch("a.b", "a\nb")).toBe(false);
    expect(pythonReMatch("a.b", "a\rb")).toBe(true);
    expect(pythonReMatch("(?x) a b # comment", "ab")).toBe(true);
    expect(pythonReMatch("(?x)a\\ b", "a b")).toBe(true);
    expect(pythonReMatch("(?x)[ ]", " ")).toBe(true);
    expect(pythonReMatch("(?i:a)b", "Ab")).toBe(true);
    expect(pythonReMatch("(?i:a)b", "AB")).toBe(false);
    expect(pythonReMatch("(?i)a(?-i:b)", "AB")).toBe(false);
  });

  it("reads Python-only syntax the Python way", () => {
    expect(pythonReMatch("[]]+", "]]")).toBe(true);
    expect(pythonReMatch("[^]]", "a")).toBe(true);
    expect(pythonReMatch("a{,1}b", "ab")).toBe(true);
    expect(pythonReMatch("a{,1}b", "aab")).toBe(false);
    expect(pythonReMatch("a{2,}", "aa")).toBe(true);
    expect(pythonReMatch("\\a", "\x07")).toBe(true);
    expect(pythonReMatch("\\U00000061", "a")).toBe(true);
    expect(pythonReMatch("\\U0001F600", "😀")).toBe(true);
    expect(pythonReMatch("\\x41\\u00e9", "Aé")).toBe(true);
    expect(pythonReMatch("\\0\\101", "\0A")).toBe(true);
    expect(pythonReMatch("[\\b]", "\b")).toBe(true);
    expect(pythonReMatch("a{1,", "a{1,")).toBe(true);
    expect(pythonReMatch("^.$", "😀")).toBe(true);
    expect(pythonReMatch("\\d+$", "١٢٣")).toBe(true);
    expect(pythonReMatch("[\\d]$", "٣")).toBe(true);
    expect(pythonReMatch("\\D", "٣")).toBe(false);
    expect(pythonReMatch("\\é", "é")).toBe(true);
  });

  it("matches ordinary patterns like Python", () => {
    const cases: [string, string, boolean][] = [
      ["^[a-z]+@example\\.com$", "ann@example.com", true],
      ["^[a-z]+@example\\.com$", "ann@example.com.evil", false],
      ["[\\w.+-]+@[\\w-]+\\.[\\w.-]+$", "a.b+c@x-y.org", true],
      ["\\d{4}-\\d{2}-\\d{2}", "2024-01-31T00:00", true],
      ["(?i)^(admin|staff)_", "STAFF_bob", true],
      ["v?1\\.[0-9]+", "2.1", false],
      [".*beta", "app-beta-3", true],
      ["(ab)*c", "ababc", true],
      ["a+?b", "aaab", true],
      ["", "anything", true],
      ["x*", "", true],
    ];
    for (const [pattern, text, expected] of cases)
      expect(pythonReMatch(pattern, text), pattern).toBe(expected);
  });

  it("runs catastrophic patterns in linear time", () => {
    const long = "a".repeat(10_000);
    expect(pythonReMatch("(a+)+$", `${long}!`)).toBe(false);
    expect(pythonReMatch("(a+)+$", long)).toBe(true);
    expect(pythonReMatch("(a|aa)*b", long)).toBe(false);
    expect(pythonReMatch("(.*a){20}$", `${long}b`)).toBe(false);
  });

  it("is invalid, never an exception, for patterns Python rejects", () => {
    for (const pattern of [
      "[",
      "(a",
      "a)",
      "\\q",
      "a**",
      "a{3,2}",
      "a(?i)b",
      "(?L)a",
      "(?<n>a)",
      "\\",
      "\\z",
    ]) {
      expect(problem(pattern), pattern).toBe("invalid");
      expect(pythonReMatch(pattern, "a")).toBe(false);
    }
  });

  it("refuses constructs no linear-time engine can run (and never matches them)", () => {
    for (const pattern of [
      "(a)\\1",
      "(?P<x>a)(?P=x)",
      "a(?=b)",
      "a(?!b)",
      "(?<=a)b",
      "(?<!a)b",
      "(?>a)",
      "(a)?(?(1)b)",
    ]) {
      expect(problem(pattern), pattern).toBe("unsupported");
      expect(pythonReMatch(pattern, "aab")).toBe(false);
    }
    expect(problem("(?m:a)")).toBe("unsupported");
  });

  it("refuses patterns whose program would be too large", () => {
    expect(problem("a{1001}")).toBe("complex");
    expect(problem("(.*){1000}".repeat(99))).toBe("complex");
    expect(problem(`(${"a".repeat(990)}){1000}`)).toBe("complex");
    expect(problem(`a{${REGEX_MAX_PROGRAM / 2}}`)).toBe("complex");
    expect(problem("[a-z]{1,100}@\\w{1,200}")).toBeNull();
  });

  // Differences from Python, documented in python-regex.ts.
  it("keeps the documented gaps", () => {
    expect(pythonReMatch("a$\\n", "a\n")).toBe(false); // Python: True
    expect(pythonReMatch("\\w", "é")).toBe(false); // Python: True
  });

  it("answers a text it has seen as the engine does, however many texts pass", () => {
    const patterns = ["[a-c]+x", "(a|b)*c$", ".{70}", "(?i)AB"];
    fc.assert(
      fc.property(
        fc.constantFrom(...patterns),
        fc.array(fc.string({ unit: fc.constantFrom("a", "b", "c", "x", "A", "\n"), maxLength: 80 }), {
          maxLength: 200,
        }),
        (pattern, texts) => {
          const compiled = compilePythonRegex(pattern);
          if (!compiled.ok) return false;
          // Twice over: the second pass reads remembered answers where they are kept.
          for (const text of [...texts, ...texts]) {
            if (pythonReMatch(pattern, text) !== compiled.regex.test(text)) return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
