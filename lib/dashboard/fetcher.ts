// The one way the dashboard reads the API: same-origin fetch with the session cookie.
// Failures throw an ApiError that keeps the status and the API's own error body, so
// pages can show the API's message in place.
export type ApiErrorBody = unknown;

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(describeErrorBody(body) ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** API messages that say what is wrong but not what to do, in the dashboard's words. */
const ADVICE: Record<string, string> = {
  "Invalid percentage allocation":
    "The variations' shares would add up to more than 100%. Lower this share (or another variation's) and try again.",
};

export const NETWORK_ERROR = "Ensign could not be reached. Check your connection, then try again.";

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).filter(Boolean).join(" ");
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => describeField(key, inner))
      .join(" ");
  }
  if (value === null || value === undefined) return "";
  return ADVICE[String(value)] ?? String(value);
}

function describeField(key: string, value: unknown): string {
  const text = describeValue(value);
  if (key === "detail" || key === "non_field_errors") return text;
  return `${key.replace(/_/g, " ")}: ${text}`;
}

/** Turns a DRF error body (`{detail}`, `{field: [..]}`, `[..]`) into one readable sentence. */
export function describeErrorBody(body: ApiErrorBody): string | null {
  if (body === null || body === undefined || body === "") return null;
  // An HTML page (a proxy's or the framework's error page) says nothing useful here.
  if (typeof body === "string" && body.trimStart().startsWith("<")) return null;
  const text = describeValue(body).trim();
  return text || null;
}

/** Field errors of a DRF body, for showing next to the inputs they belong to. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== "object") return {};
  if (Array.isArray(error.body)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.body as Record<string, unknown>)) {
    out[key] = describeValue(value);
  }
  return out;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "same-origin",
      ...init,
      headers: { Accept: "application/json", ...(init?.headers ?? {}) },
    });
  } catch (e) {
    // The browser's own text ("Failed to fetch", "Load failed") says nothing about what to do.
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new Error(NETWORK_ERROR);
  }
  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && typeof window !== "undefined") {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`/login/?callbackUrl=${encodeURIComponent(here)}`);
    }
    throw new ApiError(response.status, body);
  }
  return body as T;
}

/** SWR's fetcher: the key is the /api/v1 URL. */
export function fetcher<T>(url: string): Promise<T> {
  return request<T>(url);
}
