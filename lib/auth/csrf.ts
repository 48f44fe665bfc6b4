// Cross-site request forgery on cookie-authenticated writes. A page on another site (or on
// another port of this host, which browsers count as the same site) can make the browser
// send the session cookie with a form post or a "simple" fetch. Such writes are refused
// unless the browser says they come from this origin, and their body must be JSON, which a
// cross-origin page cannot send without a CORS preflight that Ensign never grants.
import { ApiError, PermissionDeniedError } from "@/lib/api/errors";
import { publicOrigin } from "@/lib/api/public-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Hosts this request may come from: the Host the browser used, and the public origin's
 * (NEXTAUTH_URL, or X-Forwarded-Host from a trusted proxy). A client's own X-Forwarded-Host
 * counts for nothing: without a trusted proxy anyone can send one.
 */
function hostsOf(request: Request): Set<string> {
  const hosts = new Set<string>([new URL(publicOrigin(request)).host]);
  const host = request.headers.get("host")?.trim().toLowerCase();
  if (host) hosts.add(host);
  return hosts;
}

function isSameOrigin(request: Request): boolean {
  // Sec-Fetch-Site is set by the browser and cannot be forged by a page; every current
  // browser sends it. Origin is the fallback for those that do not.
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin) return true;
  try {
    return hostsOf(request).has(new URL(origin).host.toLowerCase());
  } catch {
    return false;
  }
}

const hasBody = (request: Request) =>
  Number(request.headers.get("content-length") ?? 0) > 0 || request.headers.has("transfer-encoding");

/**
 * A file upload (multipart) from the dashboard's own script. A cross-origin page can post a
 * multipart form, but cannot add a header of its own without a CORS preflight, which Ensign
 * never grants: X-Requested-With marks the upload as this origin's.
 */
function isScriptedUpload(request: Request, type: string): boolean {
  return /^multipart\/form-data\s*;/i.test(type) && request.headers.has("x-requested-with");
}

export function assertSameOriginWrite(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (!isSameOrigin(request)) throw new PermissionDeniedError("CSRF Failed: Origin checking failed.");
  const type = request.headers.get("content-type") ?? "";
  if (isScriptedUpload(request, type)) return;
  if (hasBody(request) && !/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, { detail: `Unsupported media type "${type}" in request.` });
  }
}
