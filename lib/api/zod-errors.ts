// Turns zod issues into Django REST Framework's error shape: `{"field": ["message"]}`,
// nested objects and lists as DRF nests them, and DRF's own wording so that clients
// written against Flagsmith read them the same way.
import { z } from "zod";

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;
type Nested = { [key: string]: Nested | Nested[] | string[] };

function jsonTypeName(input: unknown): string {
  if (input === null) return "null";
  if (Array.isArray(input)) return "list";
  if (typeof input === "string") return "str";
  if (typeof input === "number") return Number.isInteger(input) ? "int" : "float";
  if (typeof input === "boolean") return "bool";
  return "dict";
}

type SchemaDef = { format?: string; checks?: { _zod?: { def?: { format?: string } } }[] };

/** z.int() and z.number().int() both report a non-number as "expected number". */
function isIntegerSchema(issue: RawIssue): boolean {
  if ((issue as { expected?: string }).expected === "int") return true;
  const def = (issue.inst as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;
  const formats = [def?.format, ...(def?.checks ?? []).map((c) => c._zod?.def?.format)];
  return formats.some((f) => typeof f === "string" && f.includes("int"));
}

/** DRF's wording for an issue; schemas that set their own message keep it (zod's precedence). */
export function drfMessage(issue: RawIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return "This field is required.";
      if (input === null) return "This field may not be null.";
      if (issue.expected === "number" && isIntegerSchema(issue)) return "A valid integer is required.";
      switch (issue.expected) {
        case "string":
          return "Not a valid string.";
        case "boolean":
          return "Must be a valid boolean.";
        case "int":
          return "A valid integer is required.";
        case "number":
          return "A valid number is required.";
        case "array":
          return `Expected a list of items but got type "${jsonTypeName(input)}".`;
        case "object":
          return `Invalid data. Expected a dictionary, but got ${jsonTypeName(input)}.`;
        default:
          return undefined;
      }
    }
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return "This field may not be blank.";
      if (issue.origin === "array" && Number(issue.minimum) === 1) return "This list may not be empty.";
      if (issue.origin === "string") return `Ensure this field has at least ${issue.minimum} characters.`;
      if (issue.origin === "array") return `Ensure this field has at least ${issue.minimum} elements.`;
      return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    case "too_big":
      if (issue.origin === "string") return `Ensure this field has no more than ${issue.maximum} characters.`;
      if (issue.origin === "array") return `Ensure this field has no more than ${issue.maximum} elements.`;
      return `Ensure this value is less than or equal to ${issue.maximum}.`;
    case "invalid_value":
      if (input === undefined) return "This field is required.";
      if (input === null) return "This field may not be null.";
      return `"${String(input)}" is not a valid choice.`;
    case "invalid_union":
      if (input === undefined) return "This field is required.";
      if (input === null) return "This field may not be null.";
      return "Invalid value.";
    case "invalid_format":
      return issue.format === "email" ? "Enter a valid email address." : undefined;
    default:
      return undefined;
  }
}

// zod calls this for every issue whose schema gives no message of its own.
z.config({ customError: drfMessage });

/** Builds `{"a": [{"b": ["msg"]}]}` from issues whose paths are ["a", 0, "b"], `{"a": {"0": ["msg"]}}` from ["a", 0]. */
export function zodIssuesToDrf(issues: readonly Issue[]): Record<string, unknown> {
  const root: Nested = {};
  for (const issue of issues) {
    const path = issue.path.length
      ? issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))
      : ["non_field_errors"];
    let node: Nested | Nested[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      const isLast = i === path.length - 1;
      // A list of objects nests as DRF's ListSerializer does (`[{}, {"b": [...]}]`); an item of
      // a list of plain values as its ListField does (`{"0": ["A valid integer is required."]}`).
      const nextIsIndex = !isLast && typeof path[i + 1] === "number" && i + 1 < path.length - 1;
      if (Array.isArray(node)) {
        const index = Number(key);
        while (node.length <= index) node.push({});
        node = node[index];
        if (isLast) break;
        continue;
      }
      const k = String(key);
      if (isLast) {
        const existing = node[k];
        const list = Array.isArray(existing) && typeof existing[0] !== "object" ? (existing as string[]) : [];
        list.push(issue.message);
        node[k] = list;
      } else {
        if (!(k in node) || typeof node[k] !== "object") node[k] = nextIsIndex ? [] : {};
        node = node[k] as Nested | Nested[];
      }
    }
  }
  return root;
}
