// Cross-origin access for browser SDKs: the headers every SDK answer carries, on both lanes
// (Next's route wrapper and the production server's fast lane, SSE and OFREP).
export const SDK_CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
  "Access-Control-Allow-Headers":
    "X-Environment-Key, X-API-Key, Content-Type, Authorization, Flagsmith-Application-Name, Flagsmith-Application-Version, Flagsmith-SDK-User-Agent, User-Agent, If-None-Match, If-Modified-Since",
  "Access-Control-Expose-Headers": "X-Flagsmith-Document-Updated-At, ETag, Last-Modified",
  "Access-Control-Max-Age": "86400",
};

/** Answer to a CORS preflight on the SDK endpoints. */
export function preflight(): Response {
  return new Response(null, { status: 200, headers: SDK_CORS_HEADERS });
}
