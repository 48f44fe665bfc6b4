// Python's int(str) and float(str), which the engine uses to cast a condition value to the
// trait's type. They are more permissive than JS parsing in some ways (surrounding whitespace,
// "1_000", any Unicode decimal digit, "1e3" for float) and stricter in others (int("5.0") and
// int("0x1") fail, "Infinity" is only a float). A failed cast makes the condition false.

// What int() and float() strip: ASCII whitespace and Unicode spaces, but not U+001C–U+001F (which
// str.isspace() counts). JS's trim() differs: it strips U+FEFF and keeps U+0085.
const PY_WHITESPACE = "\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SURROUNDING_WHITESPACE = new RegExp(`^[${PY_WHITESPACE}]+|[${PY_WHITESPACE}]+$`, "g");
const DECIMAL_DIGIT = /\p{Nd}/u;
const NON_ASCII_DIGITS = /[^\0-\x7f]/u;

// CPython refuses to convert strings of more than 4300 digits (sys.int_info.default_max_str_digits).
const MAX_INT_DIGITS = 4300;

const INT_SYNTAX = /^[+-]?[0-9](?:_?[0-9])*$/;
const FLOAT_DIGITS = "[0-9](?:_?[0-9])*";
const FLOAT_SYNTAX = new RegExp(
  `^[+-]?(?:${FLOAT_DIGITS}(?:\\.(?:${FLOAT_DIGITS})?)?|\\.${FLOAT_DIGITS})(?:[eE][+-]?${FLOAT_DIGITS})?$`,
);
const FLOAT_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

export function stripPythonWhitespace(text: string): string {
  return text.replace(SURROUNDING_WHITESPACE, "");
}

// Unicode guarantees decimal digits come in contiguous runs of ten valued 0–9, so a digit's value
// is its distance from the start of its run, modulo ten.
function decimalDigitValue(codePoint: number): number {
  let start = codePoint;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

/** Python maps every Unicode decimal digit to its ASCII digit before parsing numbers. */
export function toAsciiDigits(text: string): string {
  if (!NON_ASCII_DIGITS.test(text)) return text;
  let out = "";
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    out += codePoint > 0x7f && DECIMAL_DIGIT.test(char) ? String(decimalDigitValue(codePoint)) : char;
  }
  return out;
}

/** Python's int(text): null where Python raises ValueError. */
export function parsePythonInt(text: string): bigint | null {
  const candidate = toAsciiDigits(stripPythonWhitespace(text));
  if (!INT_SYNTAX.test(candidate)) return null;
  const digits = candidate.replace(/[_+]/g, "");
  if (digits.replace("-", "").length > MAX_INT_DIGITS) return null;
  return BigInt(digits);
}

/** Python's float(text): null where Python raises ValueError. */
export function parsePythonFloat(text: string): number | null {
  const candidate = toAsciiDigits(stripPythonWhitespace(text));
  const special = FLOAT_SPECIAL.exec(candidate);
  if (special) {
    if (special[2].toLowerCase() === "nan") return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  if (!FLOAT_SYNTAX.test(candidate)) return null;
  // Both languages round decimal strings correctly, so once the syntax is Python's the value is too.
  return Number(candidate.replace(/_/g, ""));
}
