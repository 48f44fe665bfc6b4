// The SDK endpoints' own request/response shapes, independent of Next: plain headers, query
// and body text in; status, headers and body text out. Next routes adapt them with
// serveSdkRequest; a raw node:http server can call the handlers directly.
import { parseJsonBody as parseJson } from "@/lib/api/json-body";
import { SDK_CORS_HEADERS } from "@/lib/sdk/cors";
import type { SdkSnapshot } from "./snapshot";

export type SdkHeaders = Headers | Record<string, string | string[] | undefined>;

export type SdkRequest = {
  headers: SdkHeaders;
  query: URLSearchParams;
  /** Raw body text ("" when none). */
  body: string;
};

/** A body held as bytes (pre-encoded snapshot answers) is sent as is. */
export type SdkResponse = {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer>;
};

/**
 * An SDK endpoint. It answers at once (no promise) when it can from the snapshot in memory, as
 * GET /flags/ and the environment document do for a known key: a promise per request costs its
 * allocation, a microtask and the async hooks' bookkeeping, a tenth of such a call.
 */
export type SdkHandler = (req: SdkRequest) => SdkResponse | Promise<SdkResponse>;

/** Whether an answer is sent without a body. */
export const hasNoBody = (result: SdkResponse) =>
  result.status === 304 || result.status === 204 || result.body.length === 0;

export const DOCUMENT_UPDATED_AT_HEADER = "X-Flagsmith-Document-Updated-At";

export function readHeader(headers: SdkHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name.toLowerCase()] ?? headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

function baseHeaders(snapshot?: SdkSnapshot): Record<string, string> {
  const headers: Record<string, string> = { ...SDK_CORS_HEADERS };
  if (snapshot) headers[DOCUMENT_UPDATED_AT_HEADER] = snapshot.updatedAtHeader;
  return headers;
}

// The headers of a plain JSON answer, built once per snapshot instead of once per answer. They
// are frozen: an answer's headers are only ever read (res.writeHead, new Response).
const jsonHeadersOf = new WeakMap<SdkSnapshot, Record<string, string>>();
const JSON_HEADERS = Object.freeze({ ...baseHeaders(), "Content-Type": "application/json" });

function jsonHeaders(snapshot?: SdkSnapshot): Record<string, string> {
  if (!snapshot) return JSON_HEADERS;
  let headers = jsonHeadersOf.get(snapshot);
  if (!headers) {
    headers = Object.freeze({ ...baseHeaders(snapshot), "Content-Type": "application/json" });
    jsonHeadersOf.set(snapshot, headers);
  }
  return headers;
}

/** A JSON answer whose body is already serialised. */
export function jsonText(
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  snapshot?: SdkSnapshot,
  extra?: Record<string, string>,
): SdkResponse {
  const headers = extra ? { ...jsonHeaders(snapshot), ...extra } : jsonHeaders(snapshot);
  return { status, headers, body };
}

export function json(status: number, body: unknown, snapshot?: SdkSnapshot): SdkResponse {
  return jsonText(status, JSON.stringify(body), snapshot);
}

export function detail(status: number, message: string, snapshot?: SdkSnapshot): SdkResponse {
  return json(status, { detail: message }, snapshot);
}

export function empty(status: number, snapshot?: SdkSnapshot, extra?: Record<string, string>): SdkResponse {
  return { status, headers: { ...baseHeaders(snapshot), ...extra }, body: "" };
}

/** True when If-None-Match names this entity tag (or "*"); weak tags compare equal. */
export function matchesEtag(headers: SdkHeaders, etag: string): boolean {
  const header = readHeader(headers, "if-none-match");
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}

/** Parses a JSON body (`undefined` when empty); a malformed or too deep one answers DRF's parse error. */
export function parseJsonBody(
  text: string,
  snapshot?: SdkSnapshot,
): { ok: true; value: unknown } | { ok: false; response: SdkResponse } {
  const body = parseJson(text);
  return body.ok ? body : { ok: false, response: detail(400, body.message, snapshot) };
}

/** Adapts a web Request to an SDK handler and its answer back to a web Response. */
export async function serveSdkRequest(request: Request, handler: SdkHandler): Promise<Response> {
  const url = new URL(request.url);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const result = await handler({
    headers: request.headers,
    query: url.searchParams,
    body: hasBody ? await request.text() : "",
  });
  return new Response(hasNoBody(result) ? null : result.body, {
    status: result.status,
    headers: result.headers,
  });
}
