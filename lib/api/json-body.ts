// The one JSON body parser of every API path (the route wrapper and the SDK endpoints).
// Two things JSON.parse alone does not give:
// - a bound on nesting: code that walks a decoded body (the NUL check, zod) recurses, so a body
//   nested thousands deep would overflow the stack and answer 500; it is refused as a parse error;
// - the number's written form: Flagsmith (Python) keeps `2.0` a float and `2` an int, and the
//   type of a trait decides how segment conditions compare it. JSON.parse gives 2 for both, so
//   a number written with a fraction or an exponent is remembered beside its container.

export const MAX_JSON_DEPTH = 64;

export type JsonBody = { ok: true; value: unknown } | { ok: false; message: string };

// A container holding numbers written as floats lists their keys (array indexes as text) under
// this symbol. A symbol key is invisible to JSON.stringify, Object.keys/entries and for-in, so
// schemas and walkers never see it (a spread copies it along with the values it describes). It is
// a plain property because a WeakMap entry, or defineProperty, per container cost more than the
// whole parse.
const FLOAT_KEYS = Symbol("jsonFloatKeys");
type Marked = { [FLOAT_KEYS]?: Set<string> };

/** Whether container[key] was written in the body as a float (`2.0`, `1e3`, `-0.5`). */
export function isJsonFloat(container: unknown, key: string | number): boolean {
  if (container === null || typeof container !== "object") return false;
  return (container as Marked)[FLOAT_KEYS]?.has(String(key)) ?? false;
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

/**
 * Builds the value again from text JSON.parse has already accepted, so it needs no error paths,
 * and marks float-written numbers. Strings with escapes go through JSON.parse so they decode
 * exactly as there; "__proto__" is defined as an own key, as JSON.parse does.
 */
class FloatAwareReader {
  private pos = 0;
  /** Whether the value read last was a number written as a float. */
  private wasFloat = false;
  constructor(private readonly text: string) {}

  private skipWhitespace(): void {
    const text = this.text;
    let code = text.charCodeAt(this.pos);
    while (code === 32 || code === 9 || code === 10 || code === 13) code = text.charCodeAt(++this.pos);
  }

  private readString(): string {
    const text = this.text;
    const start = this.pos;
    let escaped = false;
    let i = start + 1;
    for (let code = text.charCodeAt(i); code !== 34; code = text.charCodeAt(++i)) {
      if (code === 92) {
        escaped = true;
        i++;
      }
    }
    this.pos = i + 1;
    return escaped ? (JSON.parse(text.slice(start, this.pos)) as string) : text.slice(start + 1, i);
  }

  private readNumber(): number {
    const text = this.text;
    const start = this.pos;
    let isFloat = false;
    for (;;) {
      const code = text.charCodeAt(this.pos);
      if (code === 46 || code === 101 || code === 69) isFloat = true;
      else if (!(isDigit(code) || code === 45 || code === 43)) break;
      this.pos++;
    }
    this.wasFloat = isFloat;
    return Number(text.slice(start, this.pos));
  }

  read(): unknown {
    this.skipWhitespace();
    this.wasFloat = false;
    switch (this.text.charCodeAt(this.pos)) {
      case 123: {
        const object = this.readObject();
        this.wasFloat = false;
        return object;
      }
      case 91: {
        const array = this.readArray();
        this.wasFloat = false;
        return array;
      }
      case 34:
        return this.readString();
      case 116:
        this.pos += 4;
        return true;
      case 102:
        this.pos += 5;
        return false;
      case 110:
        this.pos += 4;
        return null;
      default:
        return this.readNumber();
    }
  }

  /** The container's float-written keys so far, updated with the value just read. */
  private mark(keys: Set<string> | undefined, key: string): Set<string> | undefined {
    if (this.wasFloat) return (keys ?? new Set()).add(key);
    keys?.delete(key);
    return keys;
  }

  private done<T extends object>(container: T, keys: Set<string> | undefined): T {
    if (keys?.size) (container as Marked)[FLOAT_KEYS] = keys;
    return container;
  }

  private readObject(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    let keys: Set<string> | undefined;
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 125) {
      this.pos++;
      return object;
    }
    for (;;) {
      this.skipWhitespace();
      const key = this.readString();
      this.skipWhitespace();
      this.pos++; // ":"
      const value = this.read();
      if (key === "__proto__") {
        Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      } else {
        object[key] = value;
      }
      keys = this.mark(keys, key);
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos++) === 125) return this.done(object, keys);
    }
  }

  private readArray(): unknown[] {
    const array: unknown[] = [];
    let keys: Set<string> | undefined;
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) === 93) {
      this.pos++;
      return array;
    }
    for (;;) {
      const value = this.read();
      if (this.wasFloat) keys = this.mark(keys, String(array.length));
      array.push(value);
      this.skipWhitespace();
      if (this.text.charCodeAt(this.pos++) === 93) return this.done(array, keys);
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
  return { ok: true, value: new FloatAwareReader(text).read() };
}
