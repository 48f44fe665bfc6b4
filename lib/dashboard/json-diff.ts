// JSON values as people read them in history, compare and the audit log: pretty-printed one
// key a line (JSON text, at any depth, shown as the document it holds, not as an escaped
// string), each line marked when it differs from the other side.
import { isJsonDocument } from "./values";

export type JsonLine = { text: string; isChanged: boolean };

/** The document a value holds: text holding a JSON object or list is parsed, anything else kept. */
export function asJson(value: unknown): unknown {
  return typeof value === "string" && isJsonDocument(value) ? JSON.parse(value) : value;
}

export const isStructured = (value: unknown): boolean => {
  const json = asJson(value);
  return json !== null && typeof json === "object";
};

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

const isSame = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const MISSING = Symbol("missing");

/**
 * `value` pretty-printed (two spaces an indent, as JSON.stringify(value, null, 2)), each line
 * marked when its key is absent from `other` or holds something else there. Key order does not
 * count as a change.
 */
export function jsonLines(value: unknown, other: unknown): JsonLine[] {
  const lines: JsonLine[] = [];
  // A JSON text inside a record (a restore's snapshot holds the value as text) is expanded too.
  const walk = (raw: unknown, other: unknown, depth: number, prefix: string, suffix: string) => {
    const v = asJson(raw);
    const o = other === MISSING ? MISSING : asJson(other);
    const indent = "  ".repeat(depth);
    if (v === null || typeof v !== "object") {
      const text = `${indent}${prefix}${JSON.stringify(v) ?? "null"}${suffix}`;
      lines.push({ text, isChanged: o === MISSING || !isSame(v, o) });
      return;
    }
    const isArray = Array.isArray(v);
    const entries: [string | number, unknown][] = isArray
      ? v.map((item, index) => [index, item])
      : Object.entries(v as Record<string, unknown>);
    const sameShape = o !== null && typeof o === "object" && Array.isArray(o) === isArray;
    const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
    if (entries.length === 0) {
      lines.push({ text: `${indent}${prefix}${open}${close}${suffix}`, isChanged: !isSame(v, o) });
      return;
    }
    lines.push({ text: `${indent}${prefix}${open}`, isChanged: !sameShape });
    entries.forEach(([key, item], index) => {
      const holder = sameShape ? (o as Record<string | number, unknown>) : null;
      const inner = holder && Object.prototype.hasOwnProperty.call(holder, key) ? holder[key] : MISSING;
      const label = isArray ? "" : `${JSON.stringify(key)}: `;
      walk(item, inner, depth + 1, label, index < entries.length - 1 ? "," : "");
    });
    lines.push({ text: `${indent}${close}${suffix}`, isChanged: !sameShape });
  };
  walk(value, other === undefined ? MISSING : other, 0, "", "");
  return lines;
}
