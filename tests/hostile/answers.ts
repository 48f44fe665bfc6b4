// What every answer of the hostile run must be: never a 5xx other than a load limit's 503 with
// Retry-After, and every error under /api/ (and /sse/) JSON in Flagsmith's error shape.
import type { IncomingHttpHeaders } from "node:http";

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Set when no HTTP answer came (connection reset, timeout). */
  error?: string;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A list of messages, or of per-item errors (`[{}, {"field": ["..."]}]`). */
function isMessageList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === "string" || (isPlainObject(item) && isFieldErrors(item, true)))
  );
}

function isFieldErrors(value: Record<string, unknown>, allowEmpty: boolean): boolean {
  const entries = Object.values(value);
  if (entries.length === 0) return allowEmpty;
  return entries.every(
    (entry) => isMessageList(entry) || (isPlainObject(entry) && isFieldErrors(entry, false)),
  );
}

/**
 * Errors Flagsmith raises outside serializer validation keep DRF's raw shape, a field's message
 * a plain string rather than a list (reference §5). Only the ones Flagsmith is known to send are
 * accepted: `{"error": "bad"}` stays a wrong shape.
 */
const RAW_FIELD_MESSAGES: Record<string, RegExp> = {
  identifier: /^Identity with identifier '.*' already exists in this environment$/s,
};

function isRawFieldMessage(body: Record<string, unknown>): boolean {
  const entries = Object.entries(body);
  return (
    entries.length > 0 &&
    entries.every(([key, value]) => typeof value === "string" && RAW_FIELD_MESSAGES[key]?.test(value))
  );
}

/**
 * Flagsmith's (Django REST Framework's) error bodies: `{"detail": "..."}` (possibly with other
 * plain values beside it, such as a code), per-field messages `{"field": ["msg"]}`, nested
 * for nested fields and lists, or a list: a view's own validation messages, or one entry per
 * item of a list body (`[{}, {"id": ["msg"]}]`).
 */
export function isFlagsmithErrorBody(body: unknown): boolean {
  // A list body's errors are a list too, one entry per item.
  if (Array.isArray(body)) return isMessageList(body);
  if (!isPlainObject(body)) return false;
  if ("detail" in body) {
    return (
      typeof body.detail === "string" &&
      Object.values(body).every((v) => ["string", "number", "boolean"].includes(typeof v))
    );
  }
  if (isRawFieldMessage(body)) return true;
  return isFieldErrors(body, false);
}

const header = (answer: Answer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

/** Why this answer breaks the rules, or null when it keeps them. */
export function problemWith(answer: Answer, path: string): string | null {
  if (answer.error !== undefined) return `no answer (${answer.error})`;
  const { status } = answer;
  if (status >= 500 && !(status === 503 && header(answer, "retry-after"))) {
    return `${status}: a 5xx other than a 503 with Retry-After`;
  }
  if (status < 400 || !/^\/(api|sse)\//.test(path)) return null;
  const type = header(answer, "content-type") ?? "";
  if (!/^application\/json\b/.test(type))
    return `${status} answered as "${type || "no content type"}", not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${status} with a Content-Type of JSON but a body that does not parse`;
  }
  if (!isFlagsmithErrorBody(body)) return `${status} with a body not in Flagsmith's error shape`;
  return null;
}

/** A short, printable excerpt: control and non-ASCII characters escaped. */
export function excerpt(value: string | Buffer | undefined, max = 160): string {
  if (value === undefined) return "";
  const text = typeof value === "string" ? value : value.toString("latin1");
  const cut = text.length > max ? text.slice(0, max) : text;
  const printable = cut.replace(/[^\x20-\x7e]/g, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
  return text.length > max ? `${printable}…(${text.length} chars)` : printable;
}
