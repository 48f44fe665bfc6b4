// The REGEX operator is Python's re.compile(value).match(str(trait)): anchored at the start
// only, and written in Python's regex dialect. Patterns are translated to a sticky JS RegExp
// (sticky = "must match at index 0", and unlike a "^" prefix it anchors every alternative).
//
// Translated: (?P<name>…), (?P=name), (?#…), \A, \Z, \a, \UXXXXXXXX, Python's "$" (also matches
// before a final "\n"), "." (everything but "\n", so "\r" too), "[]…]", "{,n}", and leading
// global flags (?i) (?m) (?s) (?x) (?a) (?u). Rejected as invalid, as Python would: unknown letter escapes and
// global flags after the start. Rejected although Python accepts them (JS cannot express them):
// scoped flags (?i:…), atomic groups, possessive quantifiers, conditionals, \N{…}.
// Known gaps: Python's \d \w \s \b are Unicode-aware, JS's (non-"u" mode) mostly ASCII; "." walks
// UTF-16 units, so an astral character counts twice.

const START = "(?<![\\s\\S])";
const END = "(?![\\s\\S])";
const CACHE_LIMIT = 500;
const cache = new Map<string, RegExp | null>();

const SIMPLE_ESCAPES = new Set(["b", "B", "d", "D", "f", "n", "r", "s", "S", "t", "v", "w", "W"]);
const CLASS_ESCAPES = new Set(["b", "d", "D", "f", "n", "r", "s", "S", "t", "v", "w", "W"]);

type Flags = { ignoreCase: boolean; multiline: boolean; dotAll: boolean; verbose: boolean };

function unicodeEscape(codePoint: number): string {
  const hex = (unit: number) => `\\u${unit.toString(16).padStart(4, "0")}`;
  if (codePoint <= 0xffff) return hex(codePoint);
  const offset = codePoint - 0x10000;
  return `(?:${hex(0xd800 + (offset >> 10))}${hex(0xdc00 + (offset & 0x3ff))})`;
}

/** Translates one escape starting at pattern[i] === "\\"; returns [js, nextIndex] or null if invalid. */
function translateEscape(pattern: string, i: number, inClass: boolean): [string, number] | null {
  const char = pattern[i + 1];
  if (char === undefined) return null;
  const hexRun = (length: number) => {
    const hex = pattern.slice(i + 2, i + 2 + length);
    return new RegExp(`^[0-9a-fA-F]{${length}}$`).test(hex) ? parseInt(hex, 16) : null;
  };
  if (char === "x" || char === "u" || char === "U") {
    const length = char === "x" ? 2 : char === "u" ? 4 : 8;
    const codePoint = hexRun(length);
    if (codePoint === null || codePoint > 0x10ffff) return null;
    if (inClass && codePoint > 0xffff) return null;
    return [unicodeEscape(codePoint), i + 2 + length];
  }
  if (char === "a") return ["\\x07", i + 2];
  if (!inClass && char === "A") return [START, i + 2];
  if (!inClass && char === "Z") return [END, i + 2];
  if ((inClass ? CLASS_ESCAPES : SIMPLE_ESCAPES).has(char)) return [`\\${char}`, i + 2];
  if (/[A-Za-z]/.test(char)) return null;
  return [`\\${char}`, i + 2];
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

/** Translates a group opener at pattern[i] === "("; returns [js, nextIndex] or null. */
function translateGroupOpen(pattern: string, i: number): [string, number] | null {
  if (pattern[i + 1] !== "?") return ["(", i + 1];
  const rest = pattern.slice(i);
  const named = /^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
  if (named) return [`(?<${named[1]}>`, i + named[0].length];
  const backref = /^\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/.exec(rest);
  if (backref) return [`\\k<${backref[1]}>`, i + backref[0].length];
  if (rest.startsWith("(?#")) {
    const close = pattern.indexOf(")", i);
    return close === -1 ? null : ["", close + 1];
  }
  const plain = /^\(\?(?::|=|!|<=|<!)/.exec(rest);
  if (plain) return [plain[0], i + plain[0].length];
  return null;
}

export function translatePythonRegex(pattern: string): { source: string; flags: string } | null {
  const leading = readLeadingFlags(pattern);
  if (!leading) return null;
  const [flags, start] = leading;
  let out = "";
  let inClass = false;
  let i = start;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === "\\") {
      const escape = translateEscape(pattern, i, inClass);
      if (!escape) return null;
      [out, i] = [out + escape[0], escape[1]];
      continue;
    }
    if (inClass) {
      if (char === "]") inClass = false;
      out += char;
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
      inClass = true;
      out += "[";
      i++;
      if (pattern[i] === "^") [out, i] = [out + "^", i + 1];
      // Python reads a leading "]" as a literal; in JS "[]" would be an empty class.
      if (pattern[i] === "]") [out, i] = [out + "\\]", i + 1];
      continue;
    }
    if (char === "(") {
      const group = translateGroupOpen(pattern, i);
      if (!group) return null;
      [out, i] = [out + group[0], group[1]];
      continue;
    }
    const openLowerBound = char === "{" ? /^\{,(\d+)\}/.exec(pattern.slice(i)) : null;
    if (openLowerBound) {
      [out, i] = [out + `{0,${openLowerBound[1]}}`, i + openLowerBound[0].length];
      continue;
    }
    if (char === ".") out += flags.dotAll ? "[\\s\\S]" : "[^\\n]";
    else if (char === "^") out += flags.multiline ? `(?:${START}|(?<=\\n))` : START;
    else if (char === "$") out += flags.multiline ? `(?=\\n|${END})` : `(?=\\n?${END})`;
    else out += char;
    i++;
  }
  if (inClass) return null;
  return { source: out, flags: flags.ignoreCase ? "iy" : "y" };
}

export function compilePythonRegex(pattern: string): RegExp | null {
  if (cache.has(pattern)) return cache.get(pattern)!;
  let compiled: RegExp | null = null;
  const translated = translatePythonRegex(pattern);
  if (translated) {
    try {
      compiled = new RegExp(translated.source, translated.flags);
    } catch {
      compiled = null;
    }
  }
  // A bounded memo keeps evaluation fast without letting arbitrary patterns grow memory forever.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** Python's re.match(pattern, text) is not None; an invalid pattern is simply no match. */
export function pythonReMatch(pattern: string, text: string): boolean {
  const regex = compilePythonRegex(pattern);
  if (!regex) return false;
  regex.lastIndex = 0;
  return regex.test(text);
}
