// The one JSON body parser of every API path (the route wrapper and the SDK endpoints).
// Two things JSON.parse alone does not give:
// - a bound on nesting: code that walks a decoded body (the NUL check, zod) recurses, so a body
//   nested thousands deep would overflow the stack and answer 500; it is refused as a parse error;
// - the number's written form: Flagsmith (Python) keeps `2.0` a float and `2` an int, and the
//   type of a trait decides how segment conditions compare it. JSON.parse gives 2 for both, so
//   a number written with a fraction or an exponent is remembered beside its container.

export const MAX_JSON_DEPTH = 64;

export type JsonBody = { ok: true; value: unknown } | { ok: false; message: string };

// Containers holding a number written as a float, and under which keys (array indexes as text).
const floatKeys = new WeakMap<object, Set<string>>();

/** Whether container[key] was written in the body as a float (`2.0`, `1e3`, `-0.5`). */
export function isJsonFloat(container: unknown, key: string | number): boolean {
  if (container === null || typeof container !== "object") return false;
  return floatKeys.get(container)?.has(String(key)) ?? false;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * One pass over the text: the deepest nesting of [ and { outside strings (stopping once past the
 * limit) and whether any number has a fraction or exponent. In valid JSON, `.`, `e` and `E`
 * after a digit outside a string only occur inside such a number.
 */
function scan(text: string): { tooDeep: boolean; hasFloat: boolean } {
  let depth = 0;
  let inString = false;
  let hasFloat = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92) i++;
      else if (code === 34) inString = false;
    } else if (code === 34) {
      inString = true;
    } else if (code === 91 || code === 123) {
      if (++depth > MAX_JSON_DEPTH) return { tooDeep: true, hasFloat };
    } else if (code === 93 || code === 125) {
      depth--;
    } else if ((code === 46 || code === 101 || code === 69) && i > 0 && isDigit(text.charCodeAt(i - 1))) {
      hasFloat = true;
    }
  }
  return { tooDeep: false, hasFloat };
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;
const WHITESPACE = /[ \t\n\r]*/y;

/**
 * Builds the value again from text JSON.parse has already accepted, so it needs no error paths,
 * and marks float-written numbers. Strings go through JSON.parse so escapes decode exactly as
 * there; "__proto__" is defined as an own key, as JSON.parse does.
 */
class FloatAwareReader {
  private pos = 0;
  constructor(private readonly text: string) {}

  private skipWhitespace(): void {
    WHITESPACE.lastIndex = this.pos;
    WHITESPACE.exec(this.text);
    this.pos = WHITESPACE.lastIndex;
  }

  private readString(): string {
    STRING.lastIndex = this.pos;
    const token = STRING.exec(this.text)![0];
    this.pos += token.length;
    return JSON.parse(token) as string;
  }

  /** The value at the cursor, and whether it is a number written as a float. */
  read(): { value: unknown; isFloat: boolean } {
    this.skipWhitespace();
    const char = this.text[this.pos];
    if (char === "{") return { value: this.readObject(), isFloat: false };
    if (char === "[") return { value: this.readArray(), isFloat: false };
    if (char === '"') return { value: this.readString(), isFloat: false };
    for (const [literal, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.text.startsWith(literal, this.pos)) {
        this.pos += literal.length;
        return { value, isFloat: false };
      }
    }
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text)!;
    this.pos += match[0].length;
    return { value: Number(match[0]), isFloat: match[1] !== undefined || match[2] !== undefined };
  }

  private mark(container: object, key: string, isFloat: boolean): void {
    let keys = floatKeys.get(container);
    if (isFloat) {
      if (!keys) floatKeys.set(container, (keys = new Set()));
      keys.add(key);
    } else {
      keys?.delete(key);
    }
  }

  private readObject(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return object;
    }
    for (;;) {
      this.skipWhitespace();
      const key = this.readString();
      this.skipWhitespace();
      this.pos++; // ":"
      const { value, isFloat } = this.read();
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      this.mark(object, key, isFloat);
      this.skipWhitespace();
      if (this.text[this.pos++] === "}") return object;
    }
  }

  private readArray(): unknown[] {
    const array: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return array;
    }
    for (;;) {
      const { value, isFloat } = this.read();
      this.mark(array, String(array.length), isFloat);
      array.push(value);
      this.skipWhitespace();
      if (this.text[this.pos++] === "]") return array;
    }
  }
}

/**
 * Decodes a request body: `undefined` for an empty (or blank) one, else the value, or the
 * message of DRF's parse error (`JSON parse error - …`) for malformed or too deeply nested JSON.
 */
export function parseJsonBody(text: string): JsonBody {
  if (text.trim() === "") return { ok: true, value: undefined };
  const { tooDeep, hasFloat } = scan(text);
  if (tooDeep) {
    return { ok: false, message: `JSON parse error - Nesting deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `JSON parse error - ${(error as Error).message}` };
  }
  if (!hasFloat) return { ok: true, value };
  return { ok: true, value: new FloatAwareReader(text).read().value };
}
