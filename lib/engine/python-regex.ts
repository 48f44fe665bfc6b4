// The REGEX operator is Python's re.compile(value).match(str(trait)): anchored at the start
// only, and written in Python's regex dialect. Python's engine backtracks, so "(a+)+$" on a
// long trait takes exponential time; here patterns are translated to RE2 syntax and run by
// re2js, whose time is linear in the text whatever the pattern. The match is "\A(?:…)".
//
// Translated: (?P<name>…), (?#…), \A, \Z, \a, \x, \u, \U, octal escapes, \d (Unicode digits,
// as Python's), Python's "$" (also before a final "\n"), "[]…]", "{,n}", scoped flags (?i:…)
// (?s:…), and leading global flags (?i) (?m) (?s) (?x) (?a) (?u). Rejected as invalid, as Python
// would: unknown letter escapes, global flags after the start, unbalanced groups.
// Refused as unsupported (no linear-time engine can run them): backreferences \1 (?P=name),
// lookarounds, atomic groups, possessive quantifiers, conditionals. Refused as too complex:
// patterns whose program would exceed REGEX_MAX_PROGRAM steps (e.g. "(.*){1000}" repeated),
// and repeat counts over 1000 (RE2's bound; Python allows more).
// Known gaps: \w \s \b are ASCII (Python's are Unicode-aware); after a non-multiline "$" that
// matched before a final "\n", the pattern sees the end of the text (Python: "a$\n" matches
// "a\n", here it does not); (?m:…) and (?x:…) scoped flags are refused.
import { RE2JS } from "re2js";

export const REGEX_MAX_PROGRAM = 5000;
const CACHE_LIMIT = 500;

export type PythonRegexProblem = "invalid" | "unsupported" | "complex";
type Translation = { ok: true; source: string; flags: number } | { ok: false; problem: PythonRegexProblem };
type Compiled =
  { ok: true; regex: RE2JS; matches: Map<string, boolean> } | { ok: false; problem: PythonRegexProblem };

// Trait values that a pattern sees recur (plans, countries, versions): each pattern remembers
// its answer for up to MATCHES_KEPT short texts (a few MB at most over the CACHE_LIMIT patterns).
const MATCHES_KEPT = 64;
const MATCH_TEXT_MAX = 64;

const cache = new Map<string, Compiled>();
const SIMPLE_ESCAPES = new Set(["b", "B", "f", "n", "r", "s", "S", "t", "v", "w", "W"]);
const CLASS_ESCAPES = new Set(["f", "n", "r", "s", "S", "t", "v", "w", "W"]);
const fail = (problem: PythonRegexProblem) => ({ ok: false, problem }) as const;

type Flags = { ignoreCase: boolean; multiline: boolean; dotAll: boolean; verbose: boolean };
type Escape = [string, number] | PythonRegexProblem;

const codePointEscape = (codePoint: number) => `\\x{${codePoint.toString(16)}}`;

/** Translates one escape starting at pattern[i] === "\\" to [re2, nextIndex], or a problem. */
function translateEscape(pattern: string, i: number, inClass: boolean): Escape {
  const char = pattern[i + 1];
  if (char === undefined) return "invalid";
  if (char === "x" || char === "u" || char === "U") {
    const length = char === "x" ? 2 : char === "u" ? 4 : 8;
    const hex = pattern.slice(i + 2, i + 2 + length);
    if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex)) return "invalid";
    const codePoint = parseInt(hex, 16);
    return codePoint > 0x10ffff ? "invalid" : [codePointEscape(codePoint), i + 2 + length];
  }
  const octal = /^(?:0[0-7]{0,2}|[0-7]{3})/.exec(pattern.slice(i + 1));
  if (octal) {
    const codePoint = parseInt(octal[0], 8);
    return codePoint > 0o377 ? "invalid" : [codePointEscape(codePoint), i + 1 + octal[0].length];
  }
  if (/[1-9]/.test(char)) return inClass ? "invalid" : "unsupported";
  if (char === "a") return ["\\x{7}", i + 2];
  if (char === "d") return ["\\p{Nd}", i + 2];
  if (char === "D") return ["\\P{Nd}", i + 2];
  if (inClass && char === "b") return ["\\x{8}", i + 2];
  if (!inClass && char === "A") return ["\\A", i + 2];
  if (!inClass && char === "Z") return ["\\z", i + 2];
  if ((inClass ? CLASS_ESCAPES : SIMPLE_ESCAPES).has(char)) return [`\\${char}`, i + 2];
  if (/[A-Za-z]/.test(char)) return "invalid";
  const codePoint = pattern.codePointAt(i + 1)!;
  const next = i + 1 + (codePoint > 0xffff ? 2 : 1);
  return codePoint < 0x80 ? [`\\${char}`, next] : [codePointEscape(codePoint), next];
}

function readLeadingFlags(pattern: string): [Flags, number] | null {
  const flags: Flags = { ignoreCase: false, multiline: false, dotAll: false, verbose: false };
  const flagGroup = /\(\?([a-zA-Z]+)\)/y;
  let i = 0;
  for (let group = flagGroup.exec(pattern); group; group = flagGroup.exec(pattern)) {
    for (const letter of group[1]) {
      if (letter === "i") flags.ignoreCase = true;
      else if (letter === "m") flags.multiline = true;
      else if (letter === "s") flags.dotAll = true;
      else if (letter === "x") flags.verbose = true;
      else if (letter !== "a" && letter !== "u") return null;
    }
    i = flagGroup.lastIndex;
  }
  return [flags, i];
}

/** Translates a group opener at pattern[i] === "(" to [re2, nextIndex], or a problem. */
function translateGroupOpen(pattern: string, i: number): Escape {
  if (pattern[i + 1] !== "?") return ["(", i + 1];
  const rest = pattern.slice(i);
  const named = /^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
  if (named) return [named[0], i + named[0].length];
  if (/^\(\?P=[A-Za-z_][A-Za-z0-9_]*\)/.test(rest)) return "unsupported";
  if (rest.startsWith("(?#")) {
    const close = pattern.indexOf(")", i);
    return close === -1 ? "invalid" : ["", close + 1];
  }
  if (rest.startsWith("(?:")) return ["(?:", i + 3];
  if (/^\(\?(?:=|!|<=|<!|>|\()/.test(rest)) return "unsupported";
  const scoped = /^\(\?([aiLmsux]*)(?:-([imsx]*))?:/.exec(rest);
  if (scoped) {
    const letters = scoped[1] + (scoped[2] ?? "");
    if (/[mxL]/.test(letters)) return "unsupported";
    const on = scoped[1].replace(/[au]/g, "");
    const off = scoped[2] ? `-${scoped[2]}` : "";
    return [on || off ? `(?${on}${off}:` : "(?:", i + scoped[0].length];
  }
  return "invalid";
}

/** An upper bound of RE2's program size, kept while translating, so huge ones are never compiled. */
class SizeBound {
  private stack = [{ seq: 0, last: 0 }];
  atom(size = 1) {
    const top = this.stack.at(-1)!;
    [top.seq, top.last] = [top.seq + size, size];
  }
  open() {
    this.stack.push({ seq: 0, last: 0 });
  }
  close(): boolean {
    const inner = this.stack.pop()!;
    if (!this.stack.length) return false;
    this.atom(inner.seq + 2);
    return true;
  }
  repeat(times: number) {
    const top = this.stack.at(-1)!;
    [top.seq, top.last] = [top.seq + top.last * (times - 1) + times, top.last * times];
  }
  get total() {
    return this.stack[0].seq;
  }
}

export function translatePythonRegex(pattern: string): Translation {
  const leading = readLeadingFlags(pattern);
  if (!leading) return fail("invalid");
  const [flags, start] = leading;
  const size = new SizeBound();
  let out = "";
  let inClass = false;
  let i = start;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === "\\") {
      const escape = translateEscape(pattern, i, inClass);
      if (typeof escape === "string") return fail(escape);
      [out, i] = [out + escape[0], escape[1]];
      if (!inClass) size.atom();
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      out += char === "[" ? "\\[" : char;
      i++;
      continue;
    }
    if (flags.verbose && /\s/.test(char)) {
      i++;
      continue;
    }
    if (flags.verbose && char === "#") {
      const newline = pattern.indexOf("\n", i);
      i = newline === -1 ? pattern.length : newline + 1;
      continue;
    }
    if (char === "[") {
      [inClass, out, i] = [true, out + "[", i + 1];
      size.atom();
      if (pattern[i] === "^") [out, i] = [out + "^", i + 1];
      // Python reads a leading "]" as a literal.
      if (pattern[i] === "]") [out, i] = [out + "\\]", i + 1];
      continue;
    }
    if (char === "(") {
      const group = translateGroupOpen(pattern, i);
      if (typeof group === "string") return fail(group);
      [out, i] = [out + group[0], group[1]];
      if (group[0]) size.open();
      continue;
    }
    if (char === ")" && !size.close()) return fail("invalid");
    const counted = char === "{" ? /^\{(\d*)(,(\d*))?\}/.exec(pattern.slice(i)) : null;
    if (counted && (counted[1] || counted[3])) {
      // Python reads "{,n}" as "{0,n}"; RE2 would read it as literal text.
      const [min, max] = [counted[1] || "0", counted[2] ? counted[3] : counted[1]];
      if (max && Number(min) > Number(max)) return fail("invalid");
      if (Number(min) > 1000 || Number(max) > 1000) return fail("complex");
      [out, i] = [out + (counted[2] ? `{${min},${max}}` : `{${min}}`), i + counted[0].length];
      size.repeat(Math.max(Number(max || min) || 1, Number(min) + 1));
      continue;
    }
    if (char === "$" && !flags.multiline) out += "(?:\\n?\\z)";
    else if (char === "[" || char === "]") out += `\\${char}`;
    else out += char;
    if ("*+?".includes(char)) size.repeat(2);
    else if (char === "|") size.atom();
    else if (char !== ")") size.atom();
    i++;
  }
  if (inClass) return fail("invalid");
  if (size.total > REGEX_MAX_PROGRAM) return fail("complex");
  const reFlags =
    (flags.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) |
    (flags.multiline ? RE2JS.MULTILINE : 0) |
    (flags.dotAll ? RE2JS.DOTALL : 0);
  return { ok: true, source: `\\A(?:${out})`, flags: reFlags };
}

function compile(pattern: string): Compiled {
  const translated = translatePythonRegex(pattern);
  if (!translated.ok) return translated;
  try {
    const regex = RE2JS.compile(translated.source, translated.flags);
    if (regex.re2().prog.numInst() > REGEX_MAX_PROGRAM) return fail("complex");
    return { ok: true, regex, matches: new Map() };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    return fail(/repeat count|too large|nesting depth/.test(message) ? "complex" : "invalid");
  }
}

/** The compiled pattern, or why it cannot be used (memoised: the same few patterns recur). */
export function compilePythonRegex(pattern: string): Compiled {
  const known = cache.get(pattern);
  if (known) return known;
  const compiled = compile(pattern);
  // A bounded memo keeps evaluation fast without letting arbitrary patterns grow memory forever.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** Python's re.match(pattern, text) is not None; a pattern that cannot be used is no match. */
export function pythonReMatch(pattern: string, text: string): boolean {
  const compiled = compilePythonRegex(pattern);
  if (!compiled.ok) return false;
  if (text.length > MATCH_TEXT_MAX) return compiled.regex.test(text);
  let matched = compiled.matches.get(text);
  if (matched === undefined) {
    matched = compiled.regex.test(text);
    // Full, it starts a new Map rather than clearing this one: a long-lived Map's table is
    // rebuilt in the old space, and a memo that keeps missing filled it with garbage (issue 26).
    if (compiled.matches.size >= MATCHES_KEPT) compiled.matches = new Map();
    compiled.matches.set(text, matched);
  }
  return matched;
}
