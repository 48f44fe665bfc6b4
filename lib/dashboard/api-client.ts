// The dashboard's only write path: JSON requests to the public /api/v1 endpoints. Callers
// `mutate` the SWR keys they changed afterwards.
import { request } from "./fetcher";

function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  return request<T>(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const api = {
  get: <T>(url: string) => send<T>("GET", url),
  post: <T>(url: string, body?: unknown) => send<T>("POST", url, body),
  put: <T>(url: string, body?: unknown) => send<T>("PUT", url, body),
  patch: <T>(url: string, body?: unknown) => send<T>("PATCH", url, body),
  delete: (url: string) => send<null>("DELETE", url),
  /** A multipart form (file uploads); the browser sets its Content-Type with the boundary. */
  upload: <T>(url: string, form: FormData) =>
    request<T>(url, { method: "POST", body: form, headers: { "X-Requested-With": "XMLHttpRequest" } }),
};
