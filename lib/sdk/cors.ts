// Cross-origin access for browser SDKs, on both lanes (Next's route wrapper and the production
// server's fast lane, SSE and OFREP). Every SDK answer says who may read it and which of its
// headers a script may see; only a preflight (OPTIONS) says what a browser may send and for how
// long it may remember that (browsers read those headers from the preflight alone, and on every
// answer they cost each call ~300 bytes and the server the headers' validation).
export const SDK_CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "X-Flagsmith-Document-Updated-At, ETag, Last-Modified",
};

/** The headers of the answer to a CORS preflight on the SDK endpoints. */
export const SDK_PREFLIGHT_HEADERS: Record<string, string> = {
  ...SDK_CORS_HEADERS,
  "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
  "Access-Control-Allow-Headers":
    "X-Environment-Key, X-API-Key, Content-Type, Authorization, Flagsmith-Application-Name, Flagsmith-Application-Version, Flagsmith-SDK-User-Agent, User-Agent, If-None-Match, If-Modified-Since",
  "Access-Control-Max-Age": "86400",
};

/** Answer to a CORS preflight on the SDK endpoints. */
export function preflight(): Response {
  return new Response(null, { status: 200, headers: SDK_PREFLIGHT_HEADERS });
}
