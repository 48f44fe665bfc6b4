// The SDK fast lane: the SDK endpoints answered straight from node:http, before Next's
// request pipeline (which costs ~1.2 ms of CPU per request before any of our code). It
// calls the very same lib/sdk handlers as the route files under app/api/v1, so both lanes
// answer identically (tests/api/fast-lane.test.ts compares them). server/main.ts has already
// put the path in its one spelling and capped the body; a method a route lacks is left to it.
// OFREP has no route file: it is served here on both lanes, ENSIGN_FAST_LANE=0 included.
import type { IncomingMessage, ServerResponse } from "node:http";
import { SDK_CORS_HEADERS, SDK_PREFLIGHT_HEADERS } from "@/lib/sdk/cors";
import { handleAnalyticsFlagsPost } from "@/lib/sdk/analytics";
import { handleAnalyticsFlagsV2Post } from "@/lib/sdk/analytics-v2";
import { handleEnvironmentDocumentRequest } from "@/lib/sdk/environment-document";
import { handleFlagsRequest } from "@/lib/sdk/flags";
import { hasNoBody, type SdkHandler, type SdkResponse } from "@/lib/sdk/http";
import { handleIdentitiesGet } from "@/lib/sdk/identities/get";
import { handleIdentitiesPost } from "@/lib/sdk/identities/post";
import { matchOfrepRoute } from "@/lib/sdk/ofrep/handlers";
import { maxRequestBodyBytes } from "./limits";
import { receivedBody, sendTooLarge } from "./request-body";
import { sendError } from "./respond";
import { sendMethodNotAllowed } from "./route-methods";

/** The fast lane's paths (with the trailing slash) and the handler of each method. */
const ROUTES: Record<string, Partial<Record<string, SdkHandler>>> = {
  "/api/v1/flags/": { GET: handleFlagsRequest },
  "/api/v1/identities/": { GET: handleIdentitiesGet, POST: handleIdentitiesPost },
  "/api/v1/environment-document/": { GET: handleEnvironmentDocumentRequest },
  "/api/v1/analytics/flags/": { POST: handleAnalyticsFlagsPost },
  "/api/v2/analytics/flags/": { POST: handleAnalyticsFlagsV2Post },
};

// The entry's cap already holds; counting again keeps the lane safe wherever it is mounted.
function readBody(req: IncomingMessage): Promise<string | null> {
  const received = receivedBody(req);
  if (received)
    return Promise.resolve(received.length > maxRequestBodyBytes() ? null : received.toString("utf8"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxRequestBodyBytes()) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, result: SdkResponse) {
  res.writeHead(result.status, result.headers);
  res.end(hasNoBody(result) ? undefined : result.body);
}

/**
 * Answers the request if it is an SDK call; returns false to hand it on to Next. Without
 * `sdkRoutes` only the paths Next has no route for (OFREP) are answered here.
 */
export function serveFastLane(
  req: IncomingMessage,
  res: ServerResponse,
  { sdkRoutes }: { sdkRoutes: boolean },
): boolean {
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const path = rawPath.endsWith("/") ? rawPath : `${rawPath}/`;
  const nextRoute = sdkRoutes ? ROUTES[path] : undefined;
  const route = nextRoute ?? matchOfrepRoute(rawPath);
  if (!route) return false;
  const method = req.method ?? "GET";
  if (method === "OPTIONS") {
    res.writeHead(200, SDK_PREFLIGHT_HEADERS);
    res.end();
    return true;
  }
  const handler = route[method === "HEAD" ? "GET" : method];
  if (!handler) {
    if (nextRoute) return false; // server/main.ts answers 405 from the route table
    sendMethodNotAllowed(res, method, [...Object.keys(route), "OPTIONS"].join(", "));
    return true;
  }
  const fail = (error: unknown) => sendError(res, error, SDK_CORS_HEADERS);
  const dispatch = (body: string | null) => {
    if (body === null) return sendTooLarge(res, maxRequestBodyBytes());
    const query = new URLSearchParams(queryStart === -1 ? "" : url.slice(queryStart + 1));
    const result = handler({ headers: req.headers, query, body });
    if (result instanceof Promise) result.then((answer) => send(res, answer)).catch(fail);
    else send(res, result);
  };
  // A body the entry received whole (the usual case) is handed on at once, with no promise
  // between: every promise costs its allocation and the async hooks' bookkeeping on each call.
  try {
    if (method === "GET" || method === "HEAD") dispatch("");
    else {
      const received = receivedBody(req);
      if (received) dispatch(received.length > maxRequestBodyBytes() ? null : received.toString("utf8"));
      else readBody(req).then(dispatch).catch(fail);
    }
  } catch (error) {
    fail(error);
  }
  return true;
}
