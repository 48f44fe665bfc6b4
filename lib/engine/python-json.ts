import { formatPythonFloat } from "./python-values";

// The IN operator runs Python's json.loads on the condition value and, when it yields a list,
// compares str() of each element with the trait. JSON.parse loses what matters there: Python keeps
// 1 (int, "1") apart from 1.0 (float, "1.0"), parses big ints exactly, and accepts NaN/Infinity.
// So this is a small json.loads-compatible parser that produces each element's str().

type PyJson =
  | { kind: "int"; value: bigint }
  | { kind: "float"; value: number }
  | { kind: "str"; value: string }
  | { kind: "const"; value: "True" | "False" | "None" }
  | { kind: "list"; items: PyJson[] }
  | { kind: "dict"; entries: Map<string, PyJson> };

class JsonSyntaxError extends Error {}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const LITERALS: [string, PyJson][] = [
  ["null", { kind: "const", value: "None" }],
  ["true", { kind: "const", value: "True" }],
  ["false", { kind: "const", value: "False" }],
  ["NaN", { kind: "float", value: NaN }],
  ["Infinity", { kind: "float", value: Infinity }],
  ["-Infinity", { kind: "float", value: -Infinity }],
];
const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parseDocument(): PyJson {
    const value = this.parseValue();
    this.skipWhitespace();
    if (this.pos !== this.text.length) throw new JsonSyntaxError("Extra data");
    return value;
  }

  private skipWhitespace(): void {
    while (" \t\n\r".includes(this.text[this.pos] ?? "x")) this.pos++;
  }

  private parseValue(): PyJson {
    this.skipWhitespace();
    const char = this.text[this.pos];
    if (char === '"') return { kind: "str", value: this.parseString() };
    if (char === "[") return this.parseList();
    if (char === "{") return this.parseDict();
    for (const [literal, value] of LITERALS) {
      if (this.text.startsWith(literal, this.pos)) {
        this.pos += literal.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) throw new JsonSyntaxError("Expecting value");
    this.pos += match[0].length;
    if (match[1] === undefined && match[2] === undefined) return { kind: "int", value: BigInt(match[0]) };
    return { kind: "float", value: Number(match[0]) };
  }

  private parseList(): PyJson {
    this.pos++;
    const items: PyJson[] = [];
    this.skipWhitespace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return { kind: "list", items };
    }
    for (;;) {
      items.push(this.parseValue());
      this.skipWhitespace();
      const char = this.text[this.pos++];
      if (char === "]") return { kind: "list", items };
      if (char !== ",") throw new JsonSyntaxError("Expecting ',' delimiter");
    }
  }

  private parseDict(): PyJson {
    this.pos++;
    const entries = new Map<string, PyJson>();
    this.skipWhitespace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return { kind: "dict", entries };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') throw new JsonSyntaxError("Expecting property name");
      const key = this.parseString();
      this.skipWhitespace();
      if (this.text[this.pos++] !== ":") throw new JsonSyntaxError("Expecting ':' delimiter");
      entries.set(key, this.parseValue());
      this.skipWhitespace();
      const char = this.text[this.pos++];
      if (char === "}") return { kind: "dict", entries };
      if (char !== ",") throw new JsonSyntaxError("Expecting ',' delimiter");
    }
  }

  private parseString(): string {
    this.pos++;
    let out = "";
    for (;;) {
      const char = this.text[this.pos++];
      if (char === undefined) throw new JsonSyntaxError("Unterminated string");
      if (char === '"') return out;
      // json.loads is strict by default: raw control characters are not allowed inside strings.
      if (char < " ") throw new JsonSyntaxError("Invalid control character");
      if (char !== "\\") {
        out += char;
        continue;
      }
      const escape = this.text[this.pos++];
      if (escape === "u") {
        const hex = this.text.slice(this.pos, this.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonSyntaxError("Invalid \\uXXXX escape");
        this.pos += 4;
        out += String.fromCharCode(parseInt(hex, 16));
      } else if (escape !== undefined && escape in ESCAPES) {
        out += ESCAPES[escape];
      } else {
        throw new JsonSyntaxError("Invalid \\escape");
      }
    }
  }
}

// Best effort for repr() of strings nested inside lists: quotes and common escapes as Python
// writes them; Python's full "is printable" table is not reproduced.
function reprString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (char === "\\" || char === quote) out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || (code >= 0x7f && code <= 0xa0)) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += char;
  }
  return out + quote;
}

function pyRepr(value: PyJson): string {
  if (value.kind === "str") return reprString(value.value);
  return pyJsonStr(value);
}

function pyJsonStr(value: PyJson): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float":
      return formatPythonFloat(value.value);
    case "str":
    case "const":
      return value.value;
    case "list":
      return `[${value.items.map(pyRepr).join(", ")}]`;
    case "dict":
      return `{${[...value.entries].map(([key, item]) => `${reprString(key)}: ${pyRepr(item)}`).join(", ")}}`;
  }
}

/**
 * str() of each element when Python's json.loads(text) yields a list; null when it raises or
 * yields anything else (the IN operator then falls back to splitting on commas).
 */
export function parsePythonJsonList(text: string): string[] | null {
  let parsed: PyJson;
  try {
    parsed = new Parser(text).parseDocument();
  } catch {
    // Syntax errors, and also absurd nesting that exhausts the stack: never throw from the engine.
    return null;
  }
  return parsed.kind === "list" ? parsed.items.map(pyJsonStr) : null;
}
